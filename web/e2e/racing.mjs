// Browser journey of the racing rules (docs/decisions/api.md, "Racing rules"), through the screens: a bookmaker starts a
// horse race from the New Event form with Rule 4 on (the sport's default); the punter sees
// 'Rule 4 applies' and bets; the bookmaker withdraws the short-priced favourite with Calc and its
// deduction shows, settles with the wrong winner, undoes the result from Event history and
// settles again with the right one. The punter's history shows the deduction and the corrected
// result, and his coins are exact. Then each-way (docs/decisions/events.md, "Each-way"): an 8-runner race with the standard
// terms the form offers for racing; the punter backs one each-way; a runner is withdrawn, so 7
// run and the terms become 2 places at 1/4; the bookmaker enters placings with his horse 2nd and
// the punter reads "placed" with the place part's return, to the cent in his coins.
// Screenshots (390x844) go to /tmp/bookie-racing-*.png.
// `npm run test:e2e` runs it (web/e2e/run.mjs), or alone.
import {
  assert,
  assertNoPageErrors,
  bookmakerPhone,
  fillRaceForm,
  fitsThePhone,
  log,
  prepare,
  punterPhone,
  rand,
  run,
  startFromForm,
  step,
  throughDraftQuestion,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-racing-${name}.png`;
const shoot = (page, name) => page.screenshot({ path: SHOT(name), scale: "css" });

/** The bet dialog's money as it reads: two decimals cut, none on whole amounts (web/src/ui/amount.ts, under 1,000). */
const amountText = (cents) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  const id = rand();
  const eventTitle = "Horse Racing / Ireland";
  const description = `Leopardstown, race ${id}`;
  const start = new Date(Math.floor((Date.now() + 2 * 864e5) / 60_000) * 60_000);
  // Red Rum (5/4) is the punter's winner; Shergar (1/4) is withdrawn: Rule 4 takes 80p in the
  // pound from the winnings of bets struck before; Arkle is the wrong winner settled first.
  const runners = [
    { title: "Red Rum", odds: "2.25" },
    { title: "Shergar", odds: "1.25" },
    { title: "Arkle", odds: "5" },
  ];
  const COINS = 500;

  const { page: bookie, api: bookieApi, bookmakerId } = await bookmakerPhone(browser, url, `rb${id}`, `Race${id}`);
  const draft = () => bookie.getByRole("region", { name: "Member list" });
  const switchOn = async (name) =>
    (await bookie.getByRole("switch", { name, exact: true }).getAttribute("aria-checked")) === "true";
  let eventId;
  /** From his list, the race's Draft screen. */
  async function openDraft(raceDescription, raceId) {
    await bookie
      .getByRole("article")
      .filter({ hasText: raceDescription })
      .getByRole("button", { name: "Draft", exact: true })
      .click({ timeout: 10_000 });
    await throughDraftQuestion(bookie, new RegExp(`/eventmanagementpage/${raceId}$`));
  }

  await step("New Event: Rule 4 and Dead heat are on for Horse Racing, off for Football", async () => {
    await bookie.goto(`${url}/createeventpage`);
    await bookie.getByRole("heading", { name: "New Event" }).waitFor({ timeout: 10_000 });
    assert((await switchOn("Rule 4")) && (await switchOn("Dead heat")), "the racing rules are off for a horse race");
    await bookie.getByLabel("Sport", { exact: true }).selectOption("Football", { timeout: 10_000 });
    assert(!(await switchOn("Rule 4")) && !(await switchOn("Dead heat")), "the racing rules are on for football");
    await bookie.getByLabel("Sport", { exact: true }).selectOption("Horse Racing");
    assert(await switchOn("Rule 4"), "Rule 4 did not come back on for the horse race");
  });

  const fillRace = (raceDescription, raceRunners) =>
    fillRaceForm(bookie, { description: raceDescription, start, runners: raceRunners });
  const startRace = (raceDescription) => startFromForm(bookie, bookieApi, raceDescription);

  await step("he fills the form and starts the race", async () => {
    await fillRace(description, runners);
    await shoot(bookie, "new-event");
    await fitsThePhone(bookie, "/createeventpage");
    const event = await startRace(description);
    assert(
      event?.rule4 === true && event.deadHeat === true,
      `the race was saved with rule4 ${event?.rule4}, deadHeat ${event?.deadHeat}`,
    );
    eventId = event.id;
  });

  const punterUser = `rp${id}`;
  const { page: punter, api: punterApi } = await punterPhone(browser, url, punterUser, {
    api: bookieApi,
    bookmakerId,
    coins: COINS,
  });
  const myBets = async () =>
    Object.fromEntries((await punterApi("GET", `/bets/${bookmakerId}/`)).map((b) => [b.outcomeTitle, b]));

  await step("the punter reads 'Rule 4 applies' on the card and bets on Red Rum and Arkle", async () => {
    await punter.goto(`${url}/events/${bookmakerId}`);
    const card = punter.getByRole("button", { name: eventTitle }).filter({ hasText: description });
    await card.getByText("Rule 4 applies", { exact: true }).waitFor({ timeout: 10_000 });
    await card.click();
    const dialog = punter.getByRole("dialog", { name: eventTitle });
    for (const title of ["Red Rum", "Arkle"]) {
      await dialog.getByRole("button", { name: new RegExp(`^Bet on ${title}:`) }).click();
      await dialog.getByRole("option", { name: /^1\/4 Max/ }).click();
    }
    await dialog.getByRole("button", { name: "Bet", exact: true }).click();
    const done = punter.getByRole("dialog", { name: "Your bet is successful" });
    await done.waitFor({ timeout: 10_000 });
    await done.getByRole("button", { name: "Ok", exact: true }).click();
    const bets = await myBets();
    assert(
      bets["Red Rum"]?.status === "ACCEPTED" && bets.Arkle?.status === "ACCEPTED",
      `his bets: ${JSON.stringify(Object.keys(bets))}`,
    );
  });

  await step("the bookmaker withdraws Shergar with Calc: its Rule 4 deduction shows", async () => {
    await bookie.goto(`${url}/bookmakerevents`);
    await openDraft(description, eventId);
    await draft().getByLabel("Shergar is a non-runner", { exact: true }).check({ timeout: 10_000 });
    await bookie.getByRole("button", { name: "Calc", exact: true }).click();
    const row = draft().getByRole("row").filter({ hasText: "Shergar" });
    await row.getByText("Rule 4: 80p", { exact: true }).waitFor({ timeout: 10_000 });
    await bookie
      .getByText("Dead heat: if 2 or more winners are marked, each is paid on its share of the stake", { exact: true })
      .waitFor({ timeout: 2_000 });
    const bets = await myBets();
    assert(bets["Red Rum"].deduction === 80, `the Red Rum bet carries ${bets["Red Rum"].deduction}p`);
    await shoot(bookie, "draft-nr");
    await fitsThePhone(bookie, "/eventmanagementpage");
  });

  /** On the Draft screen: `winner` at place 1, End Event, confirmed; back on the list. */
  async function settle(winner) {
    await draft().getByLabel(`Place of ${winner}`, { exact: true }).selectOption("1", { timeout: 10_000 });
    await bookie.getByRole("button", { name: "End Event", exact: true }).click();
    const confirm = bookie.getByRole("dialog", { name: "End the event?" });
    await confirm.getByText(`Winner: ${winner}.`, { exact: false }).waitFor({ timeout: 5_000 });
    const settled = bookie.waitForResponse((r) => new URL(r.url()).pathname === `/events/${eventId}/finalize`, {
      timeout: 10_000,
    });
    await confirm.getByRole("button", { name: "End Event", exact: true }).click();
    assert((await settled).ok(), `finalize answered ${(await settled).status()}`);
    await bookie.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
  }

  await step("he settles with the wrong winner, Arkle; the punter's history says Arkle won", async () => {
    await settle("Arkle");
    await punter.goto(`${url}/history/${bookmakerId}`);
    await punter
      .getByRole("rowgroup", { name: `${eventTitle}, Arkle` })
      .getByText(/^Won /)
      .waitFor({ timeout: 10_000 });
    await punter
      .getByRole("rowgroup", { name: `${eventTitle}, Red Rum` })
      .getByText("Lost", { exact: true })
      .waitFor({ timeout: 5_000 });
  });

  await step("Event history: Undo result says what goes back, and the race is open again", async () => {
    await bookie.getByRole("button", { name: "Event history", exact: true }).click();
    await bookie.waitForURL(/\/eventhistorypage$/, { timeout: 5_000 });
    const item = bookie.getByRole("listitem").filter({ hasText: description });
    await item.getByRole("button", { name: "Undo result", exact: true }).click({ timeout: 10_000 });
    const confirm = bookie.getByRole("dialog", { name: "Undo the result?" });
    await confirm
      .getByText(/^2 bets and [\d.]+ coins go back; you can then settle again\.$/)
      .waitFor({ timeout: 10_000 });
    await shoot(bookie, "undo-confirm");
    await confirm.getByRole("button", { name: "Undo result", exact: true }).click();
    await bookie.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
    await bookie.getByRole("article").filter({ hasText: description }).waitFor({ timeout: 10_000 });
    const event = await bookieApi("GET", `/events/${eventId}`);
    assert(event.status === "WAITING_FOR_RESULT", `after the undo the race is ${event.status}`);
    const bets = await myBets();
    assert(bets["Red Rum"].status === "ACCEPTED" && bets.Arkle.status === "ACCEPTED", "the bets are not open again");
  });

  await step("he settles again with the right winner, Red Rum", async () => {
    await openDraft(description, eventId);
    await settle("Red Rum");
  });

  await step("the punter's history shows the deduction and the corrected result; his coins are exact", async () => {
    const bets = await myBets();
    const redRum = bets["Red Rum"];
    const stakeCents = Math.round(redRum.money.amount * 100);
    // 5/4 less 80p in the pound of the winnings: stake + stake × 5/4 × 20/100.
    const payoutCents = stakeCents + Math.floor((stakeCents * 5 * 20) / (4 * 100));
    assert(
      redRum.status === "WON" && Math.round(redRum.payout * 100) === payoutCents,
      `Red Rum: ${redRum.status} ${redRum.payout}, expected ${payoutCents / 100}`,
    );
    assert(bets.Arkle.status === "LOST", `Arkle: ${bets.Arkle.status}`);
    await punter.reload();
    const won = punter.getByRole("rowgroup", { name: `${eventTitle}, Red Rum` });
    await won.getByText(`Won ${amountText(payoutCents)}`, { exact: true }).waitFor({ timeout: 10_000 });
    await won.getByText("Rule 4: 80p", { exact: true }).waitFor({ timeout: 2_000 });
    await punter
      .getByRole("rowgroup", { name: `${eventTitle}, Arkle` })
      .getByText("Lost", { exact: true })
      .waitFor({ timeout: 2_000 });
    await shoot(punter, "history");
    await fitsThePhone(punter, "/history");
    const staked = Math.round(redRum.money.amount * 100) + Math.round(bets.Arkle.money.amount * 100);
    const balance = await punterApi("GET", `/balances/${bookmakerId}`);
    assert(
      Math.round(balance.amount * 100) === COINS * 100 - staked + payoutCents,
      `the punter holds ${balance.amount}, expected ${(COINS * 100 - staked + payoutCents) / 100}`,
    );
  });

  // Each-way. Dancer (6/1) is the punter's horse; Longshot (20/1) is withdrawn: 7 run, so the
  // standard terms fall from 3 places at 1/5 to 2 at 1/4, and a 20/1 runner takes no Rule 4.
  const ewDescription = `Punchestown, race ${id}`;
  const ewRunners = [
    { title: "Dancer", odds: "7" },
    { title: "Longshot", odds: "21" },
    ...["Bolt", "Comet", "Dasher", "Vixen", "Cupid", "Blitzen"].map((title) => ({ title, odds: "9" })),
  ];
  const EW_STAKE_CENTS = 1000;
  let ewEventId;
  let coinsBefore;

  await step(
    "each-way: the New Event form offers standard terms for a race, 3 places at 1/5 with 8 runners",
    async () => {
      await bookie.goto(`${url}/createeventpage`);
      await bookie.getByRole("heading", { name: "New Event" }).waitFor({ timeout: 10_000 });
      await fillRace(ewDescription, ewRunners);
      const kind = await bookie.getByLabel("Each-way", { exact: true }).inputValue();
      assert(kind === "standard", `the Each-way control says ${kind}`);
      await bookie
        .getByText("E/W 1/5 3 places (standard: follows the runners)", { exact: true })
        .waitFor({ timeout: 5_000 });
      await shoot(bookie, "ew-new-event");
      await fitsThePhone(bookie, "/createeventpage");
      const event = await startRace(ewDescription);
      assert(
        event?.eachWay?.standard === true && event.eachWay.places === 3 && event.eachWay.fraction === 5,
        `the race was saved with eachWay ${JSON.stringify(event?.eachWay)}`,
      );
      ewEventId = event.id;
    },
  );

  await step("each-way: the punter reads the terms and backs Dancer each-way, 10 a part", async () => {
    coinsBefore = Math.round((await punterApi("GET", `/balances/${bookmakerId}`)).amount * 100);
    await punter.goto(`${url}/events/${bookmakerId}`);
    const card = punter.getByRole("button", { name: eventTitle }).filter({ hasText: ewDescription });
    await card.getByText("E/W 1/5 3 places", { exact: true }).waitFor({ timeout: 10_000 });
    await card.click();
    const dialog = punter.getByRole("dialog", { name: eventTitle });
    await dialog.getByText("E/W 1/5 3 places", { exact: true }).waitFor({ timeout: 5_000 });
    await dialog.getByRole("checkbox", { name: "Each-way on Dancer", exact: true }).check();
    await dialog.getByRole("button", { name: /^Bet on Dancer:/ }).click();
    await dialog.getByRole("option", { name: "My bet", exact: true }).click();
    await dialog.getByLabel("My bet on Dancer", { exact: true }).fill(amountText(EW_STAKE_CENTS));
    await dialog.getByLabel("My bet on Dancer", { exact: true }).press("Enter");
    await dialog.getByText(`E/W 2 × ${amountText(EW_STAKE_CENTS)}`, { exact: true }).waitFor({ timeout: 5_000 });
    await dialog.getByText(`Total: ${amountText(2 * EW_STAKE_CENTS)}`, { exact: true }).waitFor({ timeout: 5_000 });
    await shoot(punter, "ew-bet");
    await dialog.getByRole("button", { name: "Bet", exact: true }).click();
    const done = punter.getByRole("dialog", { name: "Your bet is successful" });
    await done.waitFor({ timeout: 10_000 });
    await done.getByRole("button", { name: "Ok", exact: true }).click();
    const parts = (await punterApi("GET", `/bets/${bookmakerId}/`)).filter((b) => b.eventId === ewEventId);
    assert(
      parts.length === 2 && parts.every((b) => b.eachWay && Math.round(b.money.amount * 100) === EW_STAKE_CENTS),
      `his each-way bet: ${JSON.stringify(parts.map((b) => [b.part, b.money.amount]))}`,
    );
    const after = Math.round((await punterApi("GET", `/balances/${bookmakerId}`)).amount * 100);
    assert(after === coinsBefore - 2 * EW_STAKE_CENTS, `he holds ${after / 100} after staking 2 parts`);
  });

  await step("each-way: Longshot is withdrawn; 7 run and the terms become 2 places at 1/4", async () => {
    await bookie.goto(`${url}/bookmakerevents`);
    await openDraft(ewDescription, ewEventId);
    await draft().getByLabel("Longshot is a non-runner", { exact: true }).check({ timeout: 10_000 });
    await bookie.getByRole("button", { name: "Calc", exact: true }).click();
    await bookie
      .getByText("E/W 1/4 2 places (standard: follows the runners)", { exact: true })
      .waitFor({ timeout: 10_000 });
    const places = await draft().getByLabel("Place of Dancer", { exact: true }).locator("option").allTextContents();
    assert(places.join() === "0,1,2", `the PLACE column offers ${places.join()}`);
  });

  await step("each-way: the bookmaker enters placings, Bolt 1st and Dancer 2nd, and ends the race", async () => {
    await draft().getByLabel("Place of Bolt", { exact: true }).selectOption("1");
    await draft().getByLabel("Place of Dancer", { exact: true }).selectOption("2");
    await shoot(bookie, "ew-placings");
    await fitsThePhone(bookie, "/eventmanagementpage");
    await bookie.getByRole("button", { name: "End Event", exact: true }).click();
    const confirm = bookie.getByRole("dialog", { name: "End the event?" });
    await confirm.getByText(/Winner: Bolt\..*Placed: Dancer 2nd\./).waitFor({ timeout: 5_000 });
    const settled = bookie.waitForResponse((r) => new URL(r.url()).pathname === `/events/${ewEventId}/finalize`, {
      timeout: 10_000,
    });
    await confirm.getByRole("button", { name: "End Event", exact: true }).click();
    const answer = await settled;
    assert(answer.ok(), `finalize answered ${answer.status()}`);
    const sent = answer.request().postDataJSON();
    assert(Array.isArray(sent.placings) && sent.placings.length === 2, `End Event sent ${JSON.stringify(sent)}`);
    await bookie.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
  });

  await step("each-way: the punter sees Dancer placed, the place part's return, and exact coins", async () => {
    // The win part lost; the place part pays 6/1 at 1/4: stake + stake × 6/4.
    const placeCents = EW_STAKE_CENTS + Math.floor((EW_STAKE_CENTS * 6) / 4);
    await punter.goto(`${url}/history/${bookmakerId}`);
    const line = punter.getByRole("rowgroup", { name: `${eventTitle}, Dancer` });
    await line
      .getByText(`Place: placed, ${amountText(placeCents)} returned`, { exact: true })
      .waitFor({ timeout: 10_000 });
    await line.getByText("Win: lost", { exact: true }).waitFor({ timeout: 2_000 });
    await line.getByText(`2 × ${amountText(EW_STAKE_CENTS)}`, { exact: true }).waitFor({ timeout: 2_000 });
    assert(
      (await punter.getByRole("rowgroup", { name: `${eventTitle}, Dancer` }).count()) === 1,
      "two lines for one bet",
    );
    await shoot(punter, "ew-history");
    await fitsThePhone(punter, "/history");
    await punter.goto(`${url}/events/${bookmakerId}`);
    await punter
      .getByRole("button", { name: eventTitle })
      .filter({ hasText: ewDescription })
      .click({ timeout: 10_000 });
    const result = punter.getByRole("dialog", { name: eventTitle });
    const row = result.getByRole("row").filter({ hasText: "Dancer" });
    await row.getByText("placed 2nd", { exact: false }).waitFor({ timeout: 10_000 });
    await row
      .getByText(`Place: placed, ${amountText(placeCents)} returned`, { exact: true })
      .waitFor({ timeout: 10_000 });
    await shoot(punter, "ew-result");
    const coins = Math.round((await punterApi("GET", `/balances/${bookmakerId}`)).amount * 100);
    assert(
      coins === coinsBefore - 2 * EW_STAKE_CENTS + placeCents,
      `the punter holds ${coins / 100}, expected ${(coinsBefore - 2 * EW_STAKE_CENTS + placeCents) / 100}`,
    );
  });

  await step("no page errors on either phone", async () => {
    assertNoPageErrors(bookie, punter);
  });
  log("screenshots: /tmp/bookie-racing-*.png");
}

run(main, { limitMs: 8 * 60_000 });
