// Browser check of starting price and best odds guaranteed (docs/rules/racing.md "SP and BOG"),
// through the screens: a bookmaker starts an 8-runner race from the New Event form
// with SP on (racing's default) and Best odds guaranteed switched on, starting in 9 minutes. The
// punter reads 'SP · BOG' on its card and, in the bet dialog, backs Red Rum each-way at SP and
// Shergar to win at 4/1. Arkle (2/1) is withdrawn with Calc inside the last 10 minutes: its 30p
// reaches both bets. At the result the bookmaker types the SPs (Shergar 5/1, Red Rum 4/1) and
// places Shergar 1st, Red Rum 2nd: Shergar is paid at his longer SP, Red Rum's place part at his
// SP's place odds, each less the 30p, and the punter's history says so ('BOG: paid at 5/1 (took
// 4/1)', 'SP 4/1'); his coins move by exactly those returns. axe-core audits each screen.
// Screenshots (390x844) go to /tmp/bookie-sp-*.png. `npm run test:e2e` runs it, or alone.
import {
  assert,
  assertNoPageErrors,
  audit,
  bookmakerPhone,
  fillRaceForm,
  fitsThePhone,
  prepare,
  punterPhone,
  rand,
  run,
  startFromForm,
  step,
  throughDraftQuestion,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-sp-${name}.png`;
const shoot = (page, name) => page.screenshot({ path: SHOT(name), scale: "css" });
const cents = (coins) => Math.round(coins * 100);

/**
 * What a part returns in cents at `odds` (num/den) less `deduction` pence in the pound, a place
 * part at 1/`fraction` of the odds: the one settlement expression (worker/ledger/settlement.ts),
 * rounded down once.
 */
const partReturn = (stakeCents, odds, deduction, fraction = 1) =>
  Math.floor((stakeCents * (odds.den * fraction * 100 + odds.num * (100 - deduction))) / (odds.den * fraction * 100));
const fractionOf = (decimal) => {
  const [num, den] = [Math.round((decimal - 1) * 100), 100];
  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  return { num: num / gcd(num, den), den: den / gcd(num, den) };
};

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  const id = rand();
  const eventTitle = "Horse Racing / Ireland";
  const description = `Punchestown, SP race ${id}`;
  // Nine minutes ahead: bets are taken now, and any withdrawal is within 10 minutes of the start.
  const start = new Date(Math.ceil((Date.now() + 9 * 60_000) / 60_000) * 60_000);
  const runners = [
    ["Red Rum", "4"],
    ["Shergar", "5"],
    ["Arkle", "3"],
    ["Mill Reef", "6"],
    ["Kauto Star", "9"],
    ["Desert Orchid", "11"],
    ["Sea Bird", "13"],
    ["Nijinsky", "17"],
  ].map(([title, odds]) => ({ title, odds }));
  const COINS = 500;

  const { page: bookie, api: bookieApi, bookmakerId } = await bookmakerPhone(browser, url, `sb${id}`, `Sp${id}`);
  const draft = () => bookie.getByRole("region", { name: "Member list" });
  const switchOn = async (name) =>
    (await bookie.getByRole("switch", { name, exact: true }).getAttribute("aria-checked")) === "true";
  let eventId;

  await step("New Event: SP bets on for a race, Best odds guaranteed switched on; 8 runners, started", async () => {
    await bookie.goto(`${url}/createeventpage`);
    await bookie.getByRole("heading", { name: "New Event" }).waitFor({ timeout: 10_000 });
    assert(await switchOn("SP bets"), "SP bets are off for a horse race");
    assert(!(await switchOn("Best odds guaranteed")), "BOG is on by default");
    await bookie.getByRole("switch", { name: "Best odds guaranteed", exact: true }).click();
    await fillRaceForm(bookie, { description, start, runners });
    await audit(bookie, "/createeventpage with SP and BOG");
    await shoot(bookie, "new-event");
    const event = await startFromForm(bookie, bookieApi, description);
    assert(event?.sp === true && event.bog === true, `the race was saved with sp ${event?.sp}, bog ${event?.bog}`);
    eventId = event.id;
  });

  const punterUser = `sp${id}`;
  const { page: punter, api: punterApi } = await punterPhone(browser, url, punterUser, {
    api: bookieApi,
    bookmakerId,
    coins: COINS,
  });
  const coins = async () => cents((await punterApi("GET", `/balances/${bookmakerId}`)).amount);
  const myBets = () => punterApi("GET", `/bets/${bookmakerId}/`);

  await step("the punter reads 'SP · BOG', backs Red Rum each-way at SP and Shergar to win at 4/1", async () => {
    await punter.goto(`${url}/events/${bookmakerId}`);
    const card = punter.getByRole("button", { name: eventTitle }).filter({ hasText: description });
    await card.getByText("SP · BOG", { exact: true }).waitFor({ timeout: 10_000 });
    await card.click();
    const dialog = punter.getByRole("dialog", { name: eventTitle });
    await dialog.getByRole("checkbox", { name: "At SP on Red Rum", exact: true }).check();
    await dialog.getByRole("checkbox", { name: "Each-way on Red Rum", exact: true }).check();
    for (const title of ["Red Rum", "Shergar"]) {
      await dialog.getByRole("button", { name: new RegExp(`^Bet on ${title}:`) }).click();
      await dialog.getByRole("option", { name: /^1\/4 Max/ }).click();
    }
    await dialog.getByText("SP bets counted at today's price", { exact: true }).waitFor();
    await audit(punter, "bet dialog with SP");
    await shoot(punter, "bet-dialog");
    await dialog.getByRole("button", { name: "Bet", exact: true }).click();
    const done = punter.getByRole("dialog", { name: "Your bet is successful" });
    await done.waitFor({ timeout: 10_000 });
    await done.getByRole("button", { name: "Ok", exact: true }).click();
    const bets = await myBets();
    const redRum = bets.filter((b) => b.outcomeTitle === "Red Rum");
    const shergar = bets.find((b) => b.outcomeTitle === "Shergar");
    assert(redRum.length === 2 && redRum.every((b) => b.atSp && b.eachWay), `Red Rum: ${JSON.stringify(redRum)}`);
    assert(shergar && !shergar.atSp && shergar.coefficient === 5, `Shergar: ${JSON.stringify(shergar)}`);
  });
  const before = await coins();

  /** From his list, the race's Draft screen. */
  async function openDraft() {
    await bookie.goto(`${url}/bookmakerevents`);
    await bookie
      .getByRole("article")
      .filter({ hasText: description })
      .getByRole("button", { name: "Draft", exact: true })
      .click({ timeout: 10_000 });
    await throughDraftQuestion(bookie, new RegExp(`/eventmanagementpage/${eventId}$`));
  }

  await step("Arkle (2/1) is withdrawn with Calc inside the last 10 minutes: 30p off both bets", async () => {
    await openDraft();
    await draft().getByLabel("Arkle is a non-runner", { exact: true }).check({ timeout: 10_000 });
    await bookie.getByRole("button", { name: "Calc", exact: true }).click();
    await draft().getByRole("row").filter({ hasText: "Arkle" }).getByText("Rule 4: 30p").waitFor({ timeout: 10_000 });
    const bets = await myBets();
    for (const b of bets.filter((b) => b.outcomeTitle !== "Arkle"))
      assert(b.deduction === 30, `${b.outcomeTitle} ${b.part} carries ${b.deduction}p, not 30p`);
  });

  await step(
    "at the result he types the SPs, Shergar 5/1 and Red Rum 4/1, and places Shergar 1st, Red Rum 2nd",
    async () => {
      for (const [title, sp] of [
        ["Shergar", "6"],
        ["Red Rum", "5"],
      ]) {
        const box = draft().getByLabel(`SP of ${title}`, { exact: true });
        await box.fill(sp);
        await box.press("Enter");
      }
      await draft().getByLabel("Place of Shergar", { exact: true }).selectOption("1");
      await draft().getByLabel("Place of Red Rum", { exact: true }).selectOption("2");
      await audit(bookie, "draft screen with SPs");
      await fitsThePhone(bookie, "/eventmanagementpage");
      await shoot(bookie, "result-sps");
      await bookie.getByRole("button", { name: "End Event", exact: true }).click();
      const settled = bookie.waitForResponse((r) => new URL(r.url()).pathname === `/events/${eventId}/finalize`, {
        timeout: 10_000,
      });
      await bookie
        .getByRole("dialog", { name: "End the event?" })
        .getByRole("button", { name: "End Event", exact: true })
        .click();
      assert((await settled).ok(), `finalize answered ${(await settled).status()}`);
      await bookie.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
      const event = await bookieApi("GET", `/events/${eventId}`);
      const spOf = (title) => event.items.find((i) => i.title === title).sp;
      assert(spOf("Shergar") === 6 && spOf("Red Rum") === 5, `SPs: ${JSON.stringify(event.items.map((i) => i.sp))}`);
    },
  );

  await step(
    "the punter's history: 'BOG: paid at 5/1 (took 4/1)', 'SP 4/1'; his coins rise by exactly the returns",
    async () => {
      const bets = await myBets();
      const shergar = bets.find((b) => b.outcomeTitle === "Shergar");
      const place = bets.find((b) => b.outcomeTitle === "Red Rum" && b.part === "PLACE");
      const win = bets.find((b) => b.outcomeTitle === "Red Rum" && b.part === "WIN");
      // Shergar at his SP 5/1 (longer than the 4/1 he took), Red Rum's place part at 1/4 of his SP
      // 4/1 (7 ran: 2 places at 1/4), each less 30p in the pound.
      const shergarReturn = partReturn(cents(shergar.money.amount), fractionOf(6), 30);
      const placeReturn = partReturn(cents(place.money.amount), fractionOf(5), 30, 4);
      assert(
        shergar.status === "WON" && shergar.paidAtSp && cents(shergar.payout) === shergarReturn,
        `Shergar: ${JSON.stringify(shergar)}, expected ${shergarReturn / 100}`,
      );
      assert(
        place.status === "WON" && cents(place.payout) === placeReturn && win.status === "LOST",
        `Red Rum: ${JSON.stringify([win, place])}, expected ${placeReturn / 100}`,
      );
      const after = await coins();
      assert(
        after - before === shergarReturn + placeReturn,
        `his coins moved by ${(after - before) / 100}, not ${(shergarReturn + placeReturn) / 100}`,
      );
      await punter.goto(`${url}/history/${bookmakerId}`);
      await punter
        .getByRole("rowgroup", { name: `${eventTitle}, Shergar` })
        .getByText("BOG: paid at 5/1 (took 4/1)", { exact: true })
        .waitFor({ timeout: 10_000 });
      await punter
        .getByRole("rowgroup", { name: `${eventTitle}, Red Rum` })
        .getByText("SP 4/1", { exact: true })
        .waitFor({ timeout: 5_000 });
      await audit(punter, "/history with SP and BOG");
      await fitsThePhone(punter, "/history");
      await shoot(punter, "history");
    },
  );

  assertNoPageErrors(bookie, punter);
}

run(main, { limitMs: 6 * 60_000 });
