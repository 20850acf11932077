// Browser check of the counter (docs/rules/staff.md "Staff" and "The counter"), two phones: the owner adds a
// clerk on the Staff card; the clerk, signed in as himself, goes from Home's Bookie button to the
// Counter and takes three cash bets on a race, each in three taps once the race is open (runner,
// stake, Take), its ticket shown at once with its code and a QR code; the owner's Liability board
// counts the three before the race; the owner settles it; the clerk checks the winning ticket by
// its code and pays it, once. axe-core audits every screen. Screenshots (390x844) go to
// /tmp/bookie-counter-*.png. `npm run test:e2e` runs it, or alone.
import {
  apiAs,
  assert,
  assertNoPageErrors,
  audit,
  bookmakerPhone,
  fillRaceForm,
  fitsThePhone,
  phone,
  prepare,
  publishRace,
  rand,
  run,
  startFromForm,
  step,
  tapUntil,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-counter-${name}.png`;
const shoot = (page, name) => page.screenshot({ path: SHOT(name), scale: "css" });
/** The most taps a counter bet may take once its race is open (the budget). */
const TAP_BUDGET = 4;

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  const id = rand();
  const { page: bookie, api: bookieApi, bookmakerId } = await bookmakerPhone(browser, url, `cb${id}`, `Pitch${id}`);
  const description = `Race ${id}`;
  const eventId = await publishRace(bookieApi, bookmakerId, { description });

  const clerkUser = `ck${id}`;
  const clerk = await phone(browser, { timezoneId: "UTC" });
  await clerk.goto(`${url}/home?devUser=${clerkUser}`);

  await step("the owner adds the clerk on the Staff card", async () => {
    await bookie.goto(`${url}/mainpage`);
    const card = bookie.getByRole("region", { name: "Staff" });
    await card.getByText("No staff yet.", { exact: true }).waitFor({ timeout: 10_000 });
    await card.getByRole("button", { name: "Add staff", exact: true }).click();
    const dialog = bookie.getByRole("dialog", { name: "Add staff" });
    await dialog.getByLabel("Telegram username", { exact: true }).fill(`@${clerkUser}`);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await card.getByText(new RegExp(`^@${clerkUser} · Clerk`)).waitFor({ timeout: 10_000 });
  });

  const codes = [];
  await step("the clerk reaches the Counter from Home and takes three bets, each within the tap budget", async () => {
    await clerk.goto(`${url}/home`);
    await tapUntil(clerk, clerk.getByRole("button", { name: "Bookie", exact: true }), /\/counter$/);
    const races = clerk.getByRole("list", { name: "Taking bets" });
    await races.getByRole("button", { name: new RegExp(`^${description}`) }).click();
    await clerk.waitForURL(new RegExp(`/counter/${eventId}$`));
    await audit(clerk, "/counter/:eventId");
    const slip = clerk.getByRole("region", { name: "Take a bet" });
    for (const [runner, stake] of [
      ["Red Rum", "10"],
      ["Shergar", "20"],
      ["Red Rum", "5"],
    ]) {
      let taps = 0;
      const tap = async (target) => {
        taps++;
        await target.click();
      };
      await tap(slip.getByRole("button", { name: new RegExp(`^${runner}`) }));
      await tap(slip.getByRole("button", { name: stake, exact: true }));
      await tap(slip.getByRole("button", { name: `Take ${stake}`, exact: true }));
      assert(taps <= TAP_BUDGET, `${taps} taps for one bet`);
      // The ticket at once: its code in large type, and its QR code.
      const ticket = clerk.getByRole("region", { name: /^Ticket / });
      await ticket.getByText(`${stake} on ${runner}`, { exact: false }).waitFor({ timeout: 10_000 });
      const code = (await ticket.locator(".counter-code").textContent()).replace(/\s/g, "");
      assert(/^[2-9A-HJ-NP-Z]{10}$/.test(code), `ticket code ${code}`);
      assert(!codes.includes(code), `ticket code ${code} twice`);
      codes.push(code);
      await ticket.getByRole("img", { name: /^QR code of ticket / }).waitFor();
    }
    await clerk
      .getByRole("region", { name: "Open" })
      .getByText(`${codes[0].slice(0, 5)} ${codes[0].slice(5)}`)
      .waitFor();
    await audit(clerk, "/counter/:eventId with tickets");
    await fitsThePhone(clerk, "/counter/:eventId");
    await shoot(clerk, "ticket");
  });

  await step("the owner's Liability board counts the counter's three bets before the race", async () => {
    await bookie.goto(`${url}/liability`);
    await bookie.getByText("Staked 35 · 3 bets", { exact: true }).waitFor({ timeout: 10_000 });
    const board = await bookieApi("GET", "/events/liability");
    const race = board.events.find((e) => e.id === eventId);
    assert(race?.bets === 3 && race.staked === 35, `the board: ${JSON.stringify(race)}`);
    await audit(bookie, "/liability");
  });

  await step(
    "the owner settles the race; the clerk checks the winning ticket by its code and pays it once",
    async () => {
      const event = await bookieApi("GET", `/events/${eventId}`);
      await bookieApi("POST", `/events/${eventId}/finalize`, { winners: [event.items[0].id] });
      await clerk.goto(`${url}/counter`);
      await clerk.getByRole("button", { name: /^Check ticket/ }).click();
      await clerk.waitForURL(/\/ticket$/);
      // Typed as read aloud: lower case, in two halves.
      const typed = `${codes[0].slice(0, 5)} ${codes[0].slice(5)}`.toLowerCase();
      await clerk.getByLabel("Ticket code", { exact: true }).fill(typed);
      await clerk.getByRole("button", { name: "Check", exact: true }).click();
      const ticket = clerk.getByRole("region", { name: /^Ticket / });
      await ticket.getByText("Pays 20", { exact: true }).waitFor({ timeout: 10_000 });
      await audit(clerk, "/ticket won");
      await clerk.getByRole("button", { name: "Pay 20", exact: true }).click();
      await ticket.getByText("Paid", { exact: true }).waitFor({ timeout: 10_000 });
      assert((await ticket.getByText("Pays 20").count()) === 0, "a paid ticket still says it pays");
      assert((await clerk.getByRole("button", { name: "Pay 20" }).count()) === 0, "Pay still offered once paid");
      await shoot(clerk, "paid");
      const clerkApi = await apiAs(clerk);
      const again = await clerkApi("POST", `/counter/tickets/${codes[0]}/pay`).catch((e) => e.message);
      assert(/HTTP 409 .*ALREADY_PAID/.test(again), `paying again: ${again}`);
    },
  );

  await step(
    "the owner's Figures reconcile the counter's cash (taken − paid − owed = its result); Changes say who paid",
    async () => {
      await bookie.goto(`${url}/figures`);
      const counter = bookie.getByRole("region", { name: "Counter" });
      await counter.getByText("Counter: 3 tickets", { exact: true }).waitFor({ timeout: 10_000 });
      const rows = await counter.locator(".bk-row").allTextContents();
      // Red Rum won at 2: the tickets of 10 and 5 return 20 and 10, the first paid; Shergar lost.
      assert(
        JSON.stringify(rows) === JSON.stringify(["Cash taken35", "Cash paid20", "Cash owed10", "Counter result5"]),
        `the counter's cash: ${JSON.stringify(rows)}`,
      );
      await audit(bookie, "/figures with the counter");
      // The Changes screen says who paid the ticket.
      await bookie.goto(`${url}/changes`);
      await bookie.getByText("Ticket paid", { exact: true }).first().waitFor({ timeout: 10_000 });
      await bookie.getByText(`by @${clerkUser}`, { exact: true }).first().waitFor({ timeout: 10_000 });
    },
  );

  await step(
    "made a manager, he reaches the book's events and punters from the Counter, and starts a race",
    async () => {
      await bookieApi("PUT", `/bookmakers/${bookmakerId}/staff`, { username: clerkUser, role: "MANAGER" });
      await clerk.goto(`${url}/counter`);
      await clerk.getByRole("button", { name: /^Punters/ }).click();
      await clerk.waitForURL(/\/playermanagement$/);
      await audit(clerk, "/playermanagement as manager");
      await clerk.goto(`${url}/counter`);
      await clerk.getByRole("button", { name: /^Events/ }).click();
      await clerk.waitForURL(/\/bookmakerevents$/);
      await audit(clerk, "/bookmakerevents as manager");
      // New Event on the book's events screen, filled and started as the owner would.
      const description = `Managers race ${id}`;
      const start = new Date(Math.ceil((Date.now() + 7_200_000) / 60_000) * 60_000);
      await clerk.getByRole("button", { name: /^New Event/ }).click();
      await clerk.getByRole("heading", { name: "New Event" }).waitFor({ timeout: 10_000 });
      const runners = [
        { title: "Red Rum", odds: "2" },
        { title: "Shergar", odds: "3" },
      ];
      await fillRaceForm(clerk, { description, start, runners });
      const api = await apiAs(clerk);
      const race = await startFromForm(clerk, api, description);
      assert(race?.bookmakerId === bookmakerId, `the manager's race: ${JSON.stringify(race)}`);
      await clerk.goto(`${url}/counter`);
      await clerk
        .getByRole("list", { name: "Taking bets" })
        .getByRole("button", { name: new RegExp(`^${description}`) })
        .waitFor({ timeout: 10_000 });
      // What stays the owner's: his figures.
      const figures = await api("GET", "/figures?from=2026-01-01&to=2026-01-07").catch((e) => e.message);
      assert(/HTTP 403/.test(figures), `a manager's figures: ${figures}`);
    },
  );

  assertNoPageErrors(bookie, clerk);
}

run(main);
