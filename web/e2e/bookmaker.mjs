// Browser bookmaker journey, all through the bookmaker's screens: a fresh user subscribes (dev
// pay), creates his profile, fills the New Event form and starts the event; approves a punter
// and gives him coins on My Punters; after the punter's bets (API) he withdraws a non-runner
// with Calc and settles with End Event on the Draft screen. The punter's balance shows the exact
// winnings and the event moves to Event history as COMPLETED. Screenshots (390x844) go to
// /tmp/bookie-bookmaker-*.png. `npm run test:e2e` runs it (web/e2e/run.mjs), or alone.
import { expectNoUnknownEndTime, recordEndTimes } from "./shared-checks.mjs";
import {
  apiAs,
  assert,
  assertNoPageErrors,
  fitsThePhone,
  log,
  phone,
  prepare,
  rand,
  run,
  step,
  tapUntil,
  SUSPEND_QUESTION,
  throughDraftQuestion,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-bookmaker-${name}.png`;
const shoot = (page, name) => page.screenshot({ path: SHOT(name), scale: "css" });
const two = (n) => String(n).padStart(2, "0");

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);

  const id = rand();
  const bookieUser = `bm${id}`;
  const punterUser = `pu${id}`;
  const profileName = `Bookie${id}`; // 12 characters, Latin letters and digits
  const sport = "Greyhound Racing";
  const country = "Ireland";
  const eventTitle = `${sport} / ${country}`;
  const description = `Shelbourne Park, race ${id}`;
  // Two days ahead at a whole minute, typed as the phone's (UTC) local date and time.
  const start = new Date(Math.floor((Date.now() + 2 * 864e5) / 60_000) * 60_000);
  const dateText = `${two(start.getUTCDate())}/${two(start.getUTCMonth() + 1)}/${two(start.getUTCFullYear() % 100)}`;
  const timeText = `${two(start.getUTCHours())}:${two(start.getUTCMinutes())}`;
  // The outcomes, their odds and the punter's stakes: the first is withdrawn (refunded), the
  // second wins (paid stake × odds), the third loses.
  const runners = [
    { title: "Swift Arrow", odds: "2", stake: 50 },
    { title: "Blue Flame", odds: "3", stake: 100 },
    { title: "Night Owl", odds: "5", stake: 40 },
  ];
  const [nonRunner, winner] = runners;
  const COINS = 500;
  const expected = COINS - 50 - 100 - 40 + 50 + 100 * 3; // 660

  const bookie = await phone(browser, { timezoneId: "UTC" });
  const back = () => bookie.getByRole("button", { name: "‹ Back", exact: true }).click();
  let bookieApi;
  let bookmakerId;
  let eventId;

  await step("a fresh user taps Bookie on /home and lands on /subscription", async () => {
    await bookie.goto(`${url}/?devUser=${bookieUser}`);
    await bookie.getByRole("button", { name: "Start", exact: true }).click({ timeout: 15_000 });
    const bookieButton = bookie.getByRole("button", { name: "Bookie", exact: true });
    await bookieButton.waitFor({ timeout: 10_000 });
    await tapUntil(bookie, bookieButton, /\/subscription$/); // taps while the profile loads do nothing
  });

  await step("he subscribes (dev pay) and is sent to /createprofile", async () => {
    const subscribe = bookie.getByRole("button", { name: /^Subscribe \d+$/ });
    await subscribe.waitFor({ timeout: 10_000 });
    await shoot(bookie, "subscription");
    await fitsThePhone(bookie, "/subscription");
    await subscribe.click();
    const confirm = bookie.getByRole("dialog", { name: "Do you want to become a bookmaker?" });
    await confirm.getByText(/^Subscription price: \d+ Stars$/).waitFor({ timeout: 5_000 });
    await confirm.getByRole("button", { name: "Yes", exact: true }).click();
    await bookie.waitForURL(/\/createprofile$/, { timeout: 15_000 });
  });

  await step("he creates his profile and sees /mainpage", async () => {
    await bookie.getByLabel("Profile Name").fill(profileName);
    await bookie.getByLabel("Terms").fill("1 coin = 1 USD / Payment via cash");
    await bookie.evaluate(recordEndTimes);
    await bookie.getByRole("button", { name: "Create", exact: true }).click();
    await bookie.waitForURL(/\/mainpage$/, { timeout: 10_000 });
    const profile = bookie.getByRole("region", { name: "Profile" });
    await profile.getByText(profileName, { exact: true }).waitFor({ timeout: 10_000 });
    bookieApi = await apiAs(bookie);
    bookmakerId = (await bookieApi("GET", "/bookmakers/authorizeMe")).bookmakerDto?.bookmakerId;
    assert(bookmakerId, "no bookmaker profile after Create");
    await profile.getByText(String(bookmakerId), { exact: true }).waitFor({ timeout: 5_000 });
    // The end of the paid period, 'D Month, YYYY', and never 'Unknown' on the way to it.
    await bookie.getByText(/^\d{1,2} [A-Z][a-z]+, \d{4}$/).waitFor({ timeout: 10_000 });
    await expectNoUnknownEndTime(bookie, "after Create");
    await shoot(bookie, "mainpage");
    await fitsThePhone(bookie, "/mainpage");
  });

  await step(
    "a cold open of /mainpage reads 'Loading...' for the End time, never 'Unknown', until the date",
    async () => {
      await bookie.addInitScript(recordEndTimes);
      await bookie.reload();
      await bookie.getByText(/^\d{1,2} [A-Z][a-z]+, \d{4}$/).waitFor({ timeout: 15_000 });
      await expectNoUnknownEndTime(bookie, "on a cold open");
    },
  );

  await step("the Bookmaker's Guide opens with both its parts and closes on Escape", async () => {
    await bookie.getByRole("button", { name: /^Bookmaker's Guide/ }).click();
    const guide = bookie.getByRole("dialog", { name: "Bookmaker's Guide" });
    for (const heading of ["Your book in a nutshell", "Punters and coins", "Events and odds", "Special features"])
      await guide.getByRole("heading", { name: heading, exact: true }).waitFor({ timeout: 5_000 });
    await bookie.keyboard.press("Escape");
    await guide.waitFor({ state: "hidden", timeout: 5_000 });
  });

  await step("Events shows an empty 'List of Events'; New Event opens the form", async () => {
    await bookie.getByRole("button", { name: "Events", exact: true }).click();
    await bookie.waitForURL(/\/bookmakerevents$/, { timeout: 5_000 });
    await bookie.getByRole("heading", { name: "List of Events" }).waitFor({ timeout: 5_000 });
    await bookie.getByText("No events yet. Create one with New Event.").waitFor({ timeout: 10_000 });
    await bookie.getByRole("button", { name: "New Event", exact: true }).click();
    await bookie.waitForURL(/\/createeventpage$/, { timeout: 5_000 });
    await bookie.getByRole("heading", { name: "New Event" }).waitFor({ timeout: 5_000 });
  });

  await step(
    "he fills the New Event form: sport, country, description, date, time, payout, three outcomes",
    async () => {
      await bookie.getByLabel("Sport", { exact: true }).selectOption(sport, { timeout: 10_000 });
      await bookie.getByLabel("Country", { exact: true }).selectOption(country, { timeout: 10_000 });
      await bookie.getByLabel("Description", { exact: true }).fill(description);
      // Typed digit by digit: the masks put in the separators.
      const date = bookie.getByLabel("Date", { exact: true });
      await date.pressSequentially(dateText.replaceAll("/", ""));
      assert(
        (await date.inputValue()) === dateText,
        `the Date field shows ${await date.inputValue()}, not ${dateText}`,
      );
      const time = bookie.getByLabel("Time", { exact: true });
      await time.pressSequentially(timeText.replace(":", ""));
      assert(
        (await time.inputValue()) === timeText,
        `the Time field shows ${await time.inputValue()}, not ${timeText}`,
      );
      await bookie.getByLabel("Max Total Payout", { exact: true }).fill("1000");
      // Rule 4 is on for a race by default; off, the winner is paid stake × odds in full (racing.mjs covers the deduction).
      await bookie.getByRole("switch", { name: "Rule 4", exact: true }).click();
      assert(
        (await bookie.getByRole("switch", { name: "Rule 4", exact: true }).getAttribute("aria-checked")) === "false",
        "Rule 4 is still on",
      );
      await bookie.getByRole("button", { name: "Add member to list", exact: true }).click();
      for (const [i, r] of runners.entries()) {
        await bookie.getByLabel(`Outcome ${i + 1}`, { exact: true }).fill(r.title);
        // Odds are typed; Enter takes them to their rung of the ladder.
        await bookie.getByLabel(`Odds of outcome ${i + 1}`, { exact: true }).fill(r.odds);
        await bookie.getByLabel(`Odds of outcome ${i + 1}`, { exact: true }).press("Enter");
      }
      const members = bookie.getByRole("region", { name: "Member list" });
      for (const [i, r] of runners.entries()) {
        const current = (
          await members
            .getByRole("row")
            .nth(i + 1)
            .getByRole("cell")
            .nth(2)
            .textContent()
        ).trim();
        assert(current === r.odds, `CURRENT ODDS of ${r.title} shows ${current}, not ${r.odds}`);
      }
      assert(
        (await bookie.getByRole("alert").count()) === 0,
        `the form shows errors: ${await bookie.getByRole("alert").allTextContents()}`,
      );
      await shoot(bookie, "new-event");
      await fitsThePhone(bookie, "/createeventpage");
    },
  );

  await step("'Save and Start' + 'Start' publishes it: the event is in 'List of Events'", async () => {
    await bookie.getByRole("button", { name: "Save and Start", exact: true }).click();
    const confirm = bookie.getByRole("dialog", { name: "Are you sure you want to start the event?" });
    await confirm.waitFor({ timeout: 5_000 });
    await shoot(bookie, "start-confirm");
    const published = bookie.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/events",
      { timeout: 10_000 },
    );
    await confirm.getByRole("button", { name: "Start", exact: true }).click();
    assert((await published).ok(), `POST /events answered ${(await published).status()}`);
    await bookie.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
    const card = bookie.getByRole("article", { name: eventTitle });
    await card.getByText(description, { exact: true }).waitFor({ timeout: 10_000 });
    await card.getByText("Active", { exact: true }).waitFor({ timeout: 5_000 });
    await shoot(bookie, "events");
    await fitsThePhone(bookie, "/bookmakerevents");
  });

  const punter = await phone(browser);
  let punterApi;
  await step("a punter asks to join (API)", async () => {
    await punter.goto(`${url}/bookies?devUser=${punterUser}`);
    punterApi = await apiAs(punter);
    await punterApi("POST", `/bookmakers/${bookmakerId}/sign`);
  });

  await step("on My Punters the bookmaker approves him in the approve dialog", async () => {
    await back();
    await bookie.waitForURL(/\/mainpage$/, { timeout: 5_000 });
    await bookie.getByRole("button", { name: "My Punters", exact: true }).click();
    await bookie.waitForURL(/\/playermanagement$/, { timeout: 5_000 });
    await bookie.getByText("10.00K", { exact: true }).waitFor({ timeout: 10_000 }); // the first subscription's grant
    await bookie.getByRole("button", { name: /^Requests \(1\)/ }).waitFor({ timeout: 10_000 });
    await bookie.getByRole("button", { name: `@${punterUser} New`, exact: true }).click();
    const dialog = bookie.getByRole("dialog", { name: "Do you want approve punter?" });
    await dialog.getByText(`@${punterUser}`, { exact: true }).waitFor({ timeout: 5_000 });
    await shoot(bookie, "approve");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await dialog.waitFor({ state: "detached", timeout: 10_000 });
    await bookie.getByRole("button", { name: /^Requests \(0\)/ }).waitFor({ timeout: 10_000 });
    await bookie.getByRole("button", { name: /^Punters \(1\)/ }).waitFor({ timeout: 10_000 });
  });

  await step(`he gives him ${COINS} coins in the manage dialog (input, +, Save)`, async () => {
    await bookie.getByRole("button", { name: new RegExp(`^@${punterUser} Note 0$`) }).click();
    const dialog = bookie.getByRole("dialog", { name: `@${punterUser}` });
    const coins = dialog.getByLabel("Coins", { exact: true });
    await coins.fill(String(COINS - 1));
    await dialog.getByRole("button", { name: "More coins", exact: true }).click();
    assert((await coins.inputValue()) === String(COINS), `the counter shows ${await coins.inputValue()}`);
    await shoot(bookie, "manage");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached", timeout: 10_000 });
    await bookie
      .getByRole("button", { name: new RegExp(`^@${punterUser} Note ${COINS}$`) })
      .waitFor({ timeout: 10_000 });
    await bookie.getByText("9.50K", { exact: true }).waitFor({ timeout: 10_000 });
    await shoot(bookie, "punters");
    await fitsThePhone(bookie, "/playermanagement");
    const balance = await punterApi("GET", `/balances/${bookmakerId}`);
    assert(balance.amount === COINS, `the punter's balance is ${JSON.stringify(balance)}`);
  });

  await step("the punter bets on each outcome (API)", async () => {
    const events = await punterApi("GET", `/player/events/${bookmakerId}`);
    const event = events.find((e) => e.title === eventTitle);
    assert(event, `no '${eventTitle}' among the punter's events: ${JSON.stringify(events)}`);
    assert(event.status === "READY_FOR_BETS", `the event is ${event.status}`);
    assert(
      event.startDate === start.toISOString(),
      `the event starts at ${event.startDate}, not ${start.toISOString()} as typed`,
    );
    eventId = event.eventId;
    for (const r of runners) {
      const item = event.items.find((i) => i.title === r.title);
      assert(item && String(item.coefficient) === r.odds, `outcome ${r.title}: ${JSON.stringify(item)}`);
      r.id = item.id;
      await punterApi("POST", "/bets", {
        bookmakerId,
        eventId,
        eventItemId: item.id,
        amount: r.stake,
        coefficient: item.coefficient,
      });
    }
    const balance = await punterApi("GET", `/balances/${bookmakerId}`);
    assert(balance.amount === COINS - 190, `after betting 190 the balance is ${JSON.stringify(balance)}`);
  });

  const draft = () => bookie.getByRole("region", { name: "Member list" });
  await step("Draft on the event's card asks before suspending its bets, then opens its Draft screen", async () => {
    await back();
    await bookie.waitForURL(/\/mainpage$/, { timeout: 5_000 });
    await bookie.getByRole("button", { name: "Events", exact: true }).click();
    await bookie.waitForURL(/\/bookmakerevents$/, { timeout: 5_000 });
    await bookie.getByRole("article", { name: eventTitle }).getByRole("button", { name: "Draft", exact: true }).click();
    // Punters have bet on it: Draft asks first (docs/decisions/screens.md, "The mini-app's screens").
    const asked = await throughDraftQuestion(bookie, new RegExp(`/eventmanagementpage/${eventId}$`));
    assert(asked, `Draft suspended an event with bets without asking "${SUSPEND_QUESTION}"`);
    await bookie.getByRole("heading", { name: "Draft", exact: true }).waitFor({ timeout: 5_000 });
    for (const r of runners)
      await draft().getByRole("cell", { name: r.title, exact: true }).waitFor({ timeout: 10_000 });
    await bookie.getByText(description, { exact: true }).waitFor({ timeout: 5_000 });
    assert(
      (await bookie.getByLabel("Date", { exact: true }).inputValue()) === dateText,
      "the Draft screen shows another date",
    );
    assert(
      (await bookie.getByLabel("Time", { exact: true }).inputValue()) === timeText,
      "the Draft screen shows another time",
    );
    await shoot(bookie, "draft");
    await fitsThePhone(bookie, "/eventmanagementpage");
  });

  await step(`he marks ${nonRunner.title} NR and presses Calc: it is withdrawn`, async () => {
    await draft().getByLabel(`${nonRunner.title} is a non-runner`, { exact: true }).check();
    const withdrawn = bookie.waitForResponse(
      (r) => new URL(r.url()).pathname === `/events/${eventId}/nr/${nonRunner.id}`,
      { timeout: 10_000 },
    );
    await bookie.getByRole("button", { name: "Calc", exact: true }).click();
    assert((await withdrawn).ok(), `the NR call answered ${(await withdrawn).status()}`);
    await draft().getByLabel(`${nonRunner.title} is a non-runner`).waitFor({ state: "detached", timeout: 10_000 });
    await draft()
      .getByRole("row")
      .filter({ hasText: nonRunner.title })
      .getByText("NR", { exact: true })
      .waitFor({ timeout: 5_000 });
    const balance = await punterApi("GET", `/balances/${bookmakerId}`);
    assert(
      balance.amount === COINS - 190 + nonRunner.stake,
      `after the refund of ${nonRunner.stake} the balance is ${JSON.stringify(balance)}`,
    );
    await shoot(bookie, "draft-nr");
  });

  await step(`he puts ${winner.title} at PLACE 1 and ends the event`, async () => {
    await draft().getByLabel(`Place of ${winner.title}`, { exact: true }).selectOption("1");
    await bookie.getByRole("button", { name: "End Event", exact: true }).click();
    const confirm = bookie.getByRole("dialog", { name: "End the event?" });
    await confirm.getByText(`Winner: ${winner.title}.`, { exact: false }).waitFor({ timeout: 5_000 });
    await shoot(bookie, "end-confirm");
    const settled = bookie.waitForResponse((r) => new URL(r.url()).pathname === `/events/${eventId}/finalize`, {
      timeout: 10_000,
    });
    await confirm.getByRole("button", { name: "End Event", exact: true }).click();
    assert((await settled).ok(), `finalize answered ${(await settled).status()}`);
    await bookie.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
    await bookie.getByText("No events yet. Create one with New Event.").waitFor({ timeout: 10_000 });
  });

  await step(`the punter's balance shows the exact winnings: ${expected}`, async () => {
    const balance = await punterApi("GET", `/balances/${bookmakerId}`);
    assert(balance.amount === expected, `expected ${expected}, the API says ${JSON.stringify(balance)}`);
    const bets = await punterApi("GET", `/bets/${bookmakerId}`);
    const status = Object.fromEntries(bets.map((b) => [b.eventItemId, `${b.status} ${b.payout}`]));
    const want = { [runners[0].id]: "CANCELLED 50", [runners[1].id]: "WON 300", [runners[2].id]: "LOST 0" };
    assert(
      JSON.stringify(status) === JSON.stringify(want),
      `bets: ${JSON.stringify(status)}, expected ${JSON.stringify(want)}`,
    );
    const book = await bookieApi("GET", "/balances");
    assert(
      book.balance.amount === 10_000 - expected,
      `the bookmaker's pool is ${book.balance.amount}, expected ${10_000 - expected}`,
    );
  });

  await step("'Event history' shows the event as COMPLETED, with its winner", async () => {
    await bookie.getByRole("button", { name: "Event history", exact: true }).click();
    await bookie.waitForURL(/\/eventhistorypage$/, { timeout: 5_000 });
    const card = bookie.getByRole("button", { name: eventTitle });
    await card.getByText("COMPLETED", { exact: true }).waitFor({ timeout: 10_000 });
    await shoot(bookie, "history");
    await fitsThePhone(bookie, "/eventhistorypage");
    await card.click();
    const result = bookie.getByRole("dialog", { name: eventTitle });
    await result.getByRole("row", { name: `${winner.title}, winner` }).waitFor({ timeout: 5_000 });
    await shoot(bookie, "history-result");
  });

  await step("no page errors on either phone", async () => {
    assertNoPageErrors(bookie, punter);
  });
  log(`screenshots: /tmp/bookie-bookmaker-*.png`);
}

run(main);
