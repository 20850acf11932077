// Browser golden path: a bookmaker subscribes (dev pay), creates his profile and an event; a
// punter finds him by search and asks to join; the bookmaker approves and gives coins (API);
// the punter bets in the dialog and sees the bet in his history. Phone-size screenshots go to
// /tmp. `npm run test:e2e` runs it (web/e2e/run.mjs). Needs Debian's Chromium and no internet.
import { apiAs, assert, assertNoPageErrors, fitsThePhone, log, phone, prepare, rand, run, step } from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-journey-${name}.png`;

/** The drawer's reads of the dev outbox, newest last: what it was told while a message was awaited. */
const outboxReads = new WeakMap();

/** Opens the dev-mode Bot messages drawer (the dev outbox) and waits for a message, then closes it. */
async function seesBotMessage(page, text) {
  if (!outboxReads.has(page)) {
    const reads = [];
    outboxReads.set(page, reads);
    page.on("requestfinished", async (req) => {
      if (!req.url().includes("/dev/outbox")) return;
      const res = await req.response();
      const headers = req.headers();
      reads.push(
        `${new Date().toISOString().slice(11, 23)} ${res?.status()} inm=${headers["if-none-match"] ?? "-"} cc=${headers["cache-control"] ?? "-"} etag=${res?.headers().etag ?? "-"}`,
      );
    });
    page.on("requestfailed", (req) => {
      if (req.url().includes("/dev/outbox"))
        reads.push(`${new Date().toISOString().slice(11, 23)} failed ${req.failure()?.errorText}`);
    });
    // Chromium names a refused cross-origin answer (CORS) only in the console.
    page.on("console", (msg) => {
      if (msg.type() === "error") reads.push(`${new Date().toISOString().slice(11, 23)} console: ${msg.text()}`);
    });
  }
  await page.getByRole("button", { name: /^Bot messages/ }).click();
  const drawer = page.getByRole("complementary", { name: "Bot messages" });
  const from = outboxReads.get(page).length;
  await drawer
    .getByText(text)
    .first()
    .waitFor({ timeout: 15_000 })
    .catch((err) => {
      throw new Error(`${err.message}\noutbox reads meanwhile:\n${outboxReads.get(page).slice(from).join("\n")}`);
    });
  await drawer.getByRole("button", { name: "Close" }).click();
}

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);

  const id = rand();
  const bookieUser = `bk${id}`;
  const punterUser = `pt${id}`;
  const profileName = `Golden${id}`; // 12 characters, Latin letters and digits
  const eventTitle = "Horse Racing / Ireland";

  const bookie = await phone(browser);
  let bookieApi;
  let bookmakerId;

  await step("the bookmaker subscribes with dev pay", async () => {
    await bookie.goto(`${url}/subscription?devUser=${bookieUser}`);
    const subscribe = bookie.getByRole("button", { name: /^Subscribe \d+$/ });
    await subscribe.waitFor({ timeout: 15_000 });
    await bookie.screenshot({ path: SHOT("subscription") });
    await fitsThePhone(bookie, "/subscription");
    await subscribe.click();
    await bookie
      .getByRole("dialog", { name: "Do you want to become a bookmaker?" })
      .getByRole("button", { name: "Yes", exact: true })
      .click();
    await bookie.waitForURL(/\/createprofile$/, { timeout: 15_000 });
  });

  await step("the bookmaker creates his profile", async () => {
    await bookie.getByLabel("Profile Name").fill(profileName);
    await bookie.getByLabel("Terms").fill("1 coin = 1 USD / Payment via cash");
    await bookie.getByRole("button", { name: "Create", exact: true }).click();
    await bookie.waitForURL(/\/mainpage$/, { timeout: 10_000 });
    bookieApi = await apiAs(bookie);
    bookmakerId = (await bookieApi("GET", "/bookmakers/authorizeMe")).bookmakerDto?.bookmakerId;
    assert(bookmakerId, "no bookmaker profile after Create");
  });

  await step("the bookmaker publishes an event (API)", async () => {
    const start = Date.now() + 3 * 3_600_000;
    const { eventId } = await bookieApi("POST", "/drafts", {
      title: eventTitle,
      description: "Journey Stakes, 2 miles",
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3_600_000).toISOString(),
      bookmakerId,
      maxTotalPayout: 1000,
      items: [
        { title: "Red Rum", coefficient: 2 },
        { title: "Shergar", coefficient: 3 },
        { title: "Arkle", coefficient: 5 },
      ],
      returnPrice: 0.5,
      botEqualizer: false,
    });
    await bookieApi("POST", "/events", { draftId: eventId });
  });

  await step("the market shows on a phone", async () => {
    await bookie.goto(`${url}/marketpage`);
    await bookie.getByRole("button", { name: /^Renew \d+$/ }).waitFor({ timeout: 10_000 });
    await bookie.getByText("50.00K coins").waitFor({ timeout: 10_000 });
    await bookie.screenshot({ path: SHOT("market"), fullPage: true });
    await fitsThePhone(bookie, "/marketpage");
  });

  const punter = await phone(browser);
  await step("the punter finds the bookmaker by search and asks to join", async () => {
    await punter.goto(`${url}/bookies?devUser=${punterUser}`);
    const search = punter.getByPlaceholder("Search bookmaker");
    await search.waitFor({ timeout: 15_000 });
    await punter.getByText("My Bookie (0)").waitFor({ timeout: 10_000 });
    await search.fill(`  ${profileName.toLowerCase().slice(0, 9)} `);
    const card = punter.getByRole("region", { name: "Search results" }).getByRole("article", { name: profileName });
    await card.getByRole("button", { name: "Join", exact: true }).click();
    await punter
      .getByRole("region", { name: "My bookmakers" })
      .getByRole("button", { name: "Waiting...", exact: true })
      .waitFor({ timeout: 10_000 });
    await punter.screenshot({ path: SHOT("bookies") });
    await fitsThePhone(punter, "/bookies");
  });

  await step("the bookmaker approves him and gives him 500 coins (API)", async () => {
    const requests = await bookieApi("GET", "/bookmakers/requests");
    const request = requests.find((r) => r.user.username === punterUser);
    assert(request, `no join request from ${punterUser}`);
    await bookieApi("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
    await bookieApi("POST", "/balances/add", {
      userId: request.user.internalId,
      balance: { amount: 500, currency: "COIN" },
    });
  });

  await step("the punter opens the bookmaker's events", async () => {
    await punter.reload();
    const card = punter.getByRole("region", { name: "My bookmakers" }).getByRole("article", { name: profileName });
    await card.getByRole("button", { name: "Events", exact: true }).click();
    await punter.waitForURL(new RegExp(`/events/${bookmakerId}$`), { timeout: 10_000 });
    await punter.getByRole("heading", { name: profileName }).waitFor({ timeout: 10_000 });
    await punter.getByText("500", { exact: true }).waitFor({ timeout: 10_000 });
    await punter.getByRole("button", { name: eventTitle }).waitFor({ timeout: 10_000 });
    await punter.screenshot({ path: SHOT("events") });
    await fitsThePhone(punter, "/events");
  });

  await step("the punter bets in the dialog and sees 'Your bet is successful'", async () => {
    await punter.getByRole("button", { name: eventTitle }).click();
    const dialog = punter.getByRole("dialog", { name: eventTitle });
    await dialog.getByRole("button", { name: /^Bet on Red Rum:/ }).click();
    await dialog.getByRole("listbox", { name: "Stake on Red Rum" }).waitFor();
    await punter.screenshot({ path: SHOT("bet-volume") });
    await dialog.getByRole("option", { name: /^1\/4 Max/ }).click();
    await dialog.getByRole("button", { name: "Bet", exact: true }).click();
    await punter.getByRole("dialog", { name: "Your bet is successful" }).waitFor({ timeout: 10_000 });
    await punter.getByRole("dialog", { name: "Your bet is successful" }).getByRole("button", { name: "Ok" }).click();
    await dialog.getByText("Suspended", { exact: true }).waitFor({ timeout: 5_000 });
    await punter.screenshot({ path: SHOT("bet-placed") });
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  });

  await step("the punter sees the bet in his history", async () => {
    await punter.getByRole("button", { name: "History", exact: true }).click();
    await punter.waitForURL(new RegExp(`/history/${bookmakerId}$`), { timeout: 5_000 });
    const bet = punter.getByRole("rowgroup", { name: `${eventTitle}, Red Rum` });
    await bet.waitFor({ timeout: 10_000 });
    const text = await bet.textContent();
    assert(text.includes("125"), `the stake is missing: ${text}`); // 1/4 of 1000 / 2
    await punter.screenshot({ path: SHOT("history") });
    await fitsThePhone(punter, "/history");
  });

  await step("the bookmaker's Bot messages drawer shows the join request", async () => {
    await seesBotMessage(bookie, `@${punterUser} asks to join ${profileName}.`);
  });

  await step("the punter's Bot messages drawer shows his approval and his coins", async () => {
    await seesBotMessage(punter, `${profileName} approved your join request. You can bet now.`);
    await seesBotMessage(punter, `${profileName} added 500.00 coins. Your balance: 500.00 coins.`);
  });

  await step("the bookmaker settles the event (API) and the punter's drawer shows his result", async () => {
    const event = (await bookieApi("GET", "/events?view=open")).find((e) => e.title === eventTitle);
    assert(event, "the event is not among the open ones");
    const redRum = event.items.find((i) => i.title === "Red Rum");
    await bookieApi("POST", `/events/${event.id}/finalize`, { eventId: event.id, winners: [redRum.id] });
    await seesBotMessage(punter, "• Red Rum, 125.00 at 2: won, paid 250.00");
    await punter.screenshot({ path: SHOT("bot-messages") });
  });

  await step("no page errors on either phone", async () => {
    assertNoPageErrors(bookie, punter);
  });
  log(`screenshots: /tmp/bookie-journey-*.png`);
}

run(main);
