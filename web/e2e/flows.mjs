// Browser checks of flows a bookmaker and a punter trip on (issue "What a user trips on"), each
// with users of its own so one failure does not hide the others: the copy offer after Abandon,
// screens that show each change's own answer, a refused bet's message, the punter's fractional
// switch, the dev main button, countdowns, displays of results and history, keeping a new event
// as a draft, the market's purchases, its Back and its Renew question, polls answered 304 while
// nothing changes, a failed poll tried again within the screen's own interval and a screen
// opened again after a minute away. Set-up goes through the API; what is checked goes through
// the screens. `npm run test:e2e` runs it (web/e2e/run.mjs), or alone.
import { refuseFirstSignIn } from "./shared-checks.mjs";
import {
  API_URL,
  apiAs,
  assert,
  assertNoPageErrors,
  check,
  closeEachChecksPhones,
  log,
  networkQuiet,
  phone,
  prepare,
  rand,
  run,
  sleep,
  tapUntil,
  SUSPEND_QUESTION,
  throughDraftQuestion,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-flows-${name}.png`;
const HOUR = 3_600_000;

let url;
let browser;
const phones = [];

/** A phone signed in as `user`, with the API as that user. */
async function signedIn(user, path = "/home", options = {}) {
  const page = await phone(browser, { timezoneId: "UTC", ...options });
  phones.push(page);
  if (options.now) await page.clock.setFixedTime(options.now);
  await page.goto(`${url}${path}?devUser=${user}`);
  return { page, api: await apiAs(page) };
}

/** Buys a catalogue item by type and pays its invoice as dev mode does. */
async function buy(api, type) {
  const item = (await api("GET", "/subscriptions")).find((i) => i.subscriptionType === type);
  assert(item, `no ${type} in the catalogue`);
  const { invoiceLink } = await api("POST", "/subscriptions/purchase", { subscriptionId: item.subscriptionId });
  const res = await fetch(new URL(invoiceLink, API_URL), { method: "POST" });
  assert(res.ok, `paying ${type} answered ${res.status}`);
}

/** A subscribed bookmaker with a profile; answers his phone, API and bookmaker id. */
async function bookmaker(tag) {
  const id = rand();
  const { page, api } = await signedIn(`${tag}${id}`);
  await buy(api, "BOOKMAKER");
  const { bookmakerId } = await api("PUT", "/bookmakers/register", { name: `Book${tag}${id}`.slice(0, 16) });
  return { page, api, bookmakerId, user: `${tag}${id}` };
}

/** A published event three hours ahead (or `startIn` ms); answers its id and title. */
async function publish(
  book,
  {
    description = `Race ${rand()}`,
    startIn = 3 * HOUR,
    items = [
      ["Red Rum", 2],
      ["Shergar", 3],
      ["Arkle", 5],
    ],
  } = {},
) {
  const title = "Horse Racing / Ireland";
  const start = Date.now() + startIn;
  const { eventId } = await book.api("POST", "/drafts", {
    title,
    description,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + HOUR).toISOString(),
    bookmakerId: book.bookmakerId,
    maxTotalPayout: 1000,
    items: items.map(([t, coefficient]) => ({ title: t, coefficient })),
    returnPrice: 0.5,
    botEqualizer: false,
  });
  await book.api("POST", "/events", { draftId: eventId });
  return { eventId, title, description };
}

/** `member` (a signed-in user's api and username) joins `book`, approved; answers his user id there. */
async function join(book, member) {
  await member.api("POST", `/bookmakers/${book.bookmakerId}/sign`);
  const request = (await book.api("GET", "/bookmakers/requests")).find((r) => r.user.username === member.user);
  await book.api("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
  return request.user.internalId;
}

/** A punter who joined `book` and holds `coins` there. */
async function punterOf(book, coins = 500) {
  const user = `pn${rand()}`;
  const { page, api } = await signedIn(user, "/bookies");
  const userId = await join(book, { api, user });
  if (coins > 0) await book.api("POST", "/balances/add", { userId, balance: { amount: coins, currency: "COIN" } });
  return { page, api, user, userId };
}

/** `punter` bets `amount` on the outcome `item` (as the punter's events list it) of `book`'s event. */
const bet = (book, punter, eventId, item, amount = 20) =>
  punter.api("POST", "/bets", {
    bookmakerId: book.bookmakerId,
    eventId,
    eventItemId: item.id,
    amount,
    coefficient: item.coefficient,
  });

const card = (page, description) => page.getByRole("article").filter({ hasText: description });
const inMain = (page, name) => page.getByRole("main").getByRole("button", { name, exact: true });

/**
 * A slow network for `page`: once `slow.on` is set, the API's answers to reads (GETs) whose
 * address `match`es come 1.5 s late, so a screen shows what it already held until then.
 */
async function slowReads(page, match) {
  const slow = { on: false };
  await page.route(
    (u) => u.href.startsWith(API_URL) && match(u),
    async (route) => {
      if (slow.on && route.request().method() === "GET") await sleep(1_500);
      await route.continue().catch(() => {}); // the page may have closed meanwhile
    },
  );
  return slow;
}

/** Counts `page`'s calls to the API under way; `quiet()` waits until none has been for 300 ms. */
function apiCalls(page) {
  const pending = new Set();
  page.on("request", (r) => r.url().startsWith(API_URL) && pending.add(r));
  for (const done of ["requestfinished", "requestfailed"]) page.on(done, (r) => pending.delete(r));
  return {
    async quiet(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      let since = Date.now();
      while (Date.now() - since < 300) {
        assert(Date.now() < deadline, `calls to the API still under way after ${timeoutMs / 1000} s`);
        if (pending.size > 0) since = Date.now();
        await sleep(50);
      }
    },
  };
}

/** The text of the dialogs open on `page`, to say what a screen showed instead. */
const shownDialogs = async (page) =>
  (await page.getByRole("dialog").allInnerTexts()).join(" / ").replace(/\s+/g, " ").trim();

/** The status badge on the card of the event described `description`, as the list shows it now. */
const badgeOf = async (page, description) =>
  (await card(page, description).locator(".badge").allTextContents()).join(" ");

/** Opens the bookmaker's list and the Draft screen of the event described `description`. */
async function openDraft(page, eventId, description) {
  await card(page, description).getByRole("button", { name: "Draft", exact: true }).click({ timeout: 10_000 });
  await throughDraftQuestion(page, new RegExp(`/eventmanagementpage/${eventId}$`));
  await page.getByRole("region", { name: "Member list" }).waitFor({ timeout: 10_000 });
}

async function main() {
  ({ dev: url, browser } = await prepare(["dev"]));
  closeEachChecksPhones();

  await check("Abandon and copy of event: the copy offer stays up and opens the prefilled form", async () => {
    const book = await bookmaker("ab");
    const event = await publish(book);
    const { page } = book;
    await page.goto(`${url}/bookmakerevents`);
    await openDraft(page, event.eventId, event.description);
    // By keyboard: whether a tap reaches the link past dev mode's main button is the next check's.
    await page.getByRole("button", { name: "Abandon and copy of event" }).focus({ timeout: 5_000 });
    await page.keyboard.press("Enter");
    await page
      .getByRole("dialog", { name: "Abandon the event?" })
      .getByRole("button", { name: "Abandon", exact: true })
      .click();
    const offer = page.getByRole("dialog", { name: "Do you want to create a copy of this event??" });
    await offer.waitFor({ timeout: 10_000 });
    await sleep(2_000); // the list and the event are refetched meanwhile
    assert(await offer.isVisible(), "the copy offer went away by itself");
    await page.screenshot({ path: SHOT("copy-offer") });
    await offer.getByRole("button", { name: "Yes", exact: true }).click();
    await page.waitForURL(/\/createeventpage$/, { timeout: 5_000 });
    const description = await page.getByLabel("Description", { exact: true }).inputValue();
    assert(description === event.description, `the copy's description is '${description}'`);
    const status = (await book.api("GET", `/events/${event.eventId}`)).status;
    assert(status === "CANCELLED", `the abandoned event is ${status}`);
  });

  await check("dev main button: the end of the Draft screen stays clear of it", async () => {
    const book = await bookmaker("mb");
    const event = await publish(book);
    const { page } = book;
    await page.goto(`${url}/bookmakerevents`);
    await openDraft(page, event.eventId, event.description);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const link = page.getByRole("button", { name: "Abandon and copy of event" });
    const main = page.locator(".dev-telegram-main");
    const [linkBox, mainBox] = [await link.boundingBox(), await main.boundingBox()];
    assert(linkBox && mainBox, "the link or the main button is not drawn");
    assert(
      linkBox.y + linkBox.height <= mainBox.y,
      `the link ends at ${linkBox.y + linkBox.height}px, under the main button at ${mainBox.y}px`,
    );
    await link.click({ trial: true, timeout: 2_000 }); // nothing else would take the tap
    await page.screenshot({ path: SHOT("draft-bottom") });
  });

  await check("Save → Draft → Save in quick succession leaves the event live, and the screens say so", async () => {
    const book = await bookmaker("sv");
    const event = await publish(book);
    const { page } = book;
    const calls = apiCalls(page);
    const slow = await slowReads(page, (u) => u.pathname === `/events/${event.eventId}`);
    await page.goto(`${url}/bookmakerevents`);
    for (let round = 1; round <= 2; round++) {
      // Round 2 on a slow network: Saved before the draft screen's own read of the event answers.
      if (round === 2) {
        await calls.quiet(); // what round 1 left to read is read
        slow.on = true;
      }
      await openDraft(page, event.eventId, event.description);
      await inMain(page, "Save").click();
      await page.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
    }
    const status = (await book.api("GET", `/events/${event.eventId}`)).status;
    assert(status === "READY_FOR_BETS", `after two Saves the event is ${status}`);
    await card(page, event.description).getByText("Active", { exact: true }).waitFor({ timeout: 5_000 });
  });

  await check("Draft → Back shows the event Suspended, and Draft again opens the draft without an error", async () => {
    const book = await bookmaker("db");
    const event = await publish(book);
    const { page } = book;
    // A slow network: the screens' reads of the events answer 1.5 s late.
    const slow = await slowReads(page, (u) => u.pathname.startsWith("/events"));
    await page.goto(`${url}/bookmakerevents`);
    await card(page, event.description).getByText("Active", { exact: true }).waitFor({ timeout: 10_000 });
    slow.on = true;
    await openDraft(page, event.eventId, event.description);
    await page.getByRole("button", { name: "‹ Back", exact: true }).click();
    await page.waitForURL(/\/bookmakerevents$/, { timeout: 5_000 });
    const problems = [];
    // At once: the list shows the change's answer, not the list read before it.
    const shown = await card(page, event.description)
      .getByText("Suspended", { exact: true })
      .waitFor({ timeout: 500 })
      .then(
        () => "Suspended",
        async () => badgeOf(page, event.description),
      );
    if (shown !== "Suspended") problems.push(`back on the list the event shows '${shown}'`);
    // And tapped at once, Draft opens the draft.
    await card(page, event.description).getByRole("button", { name: "Draft", exact: true }).click({ timeout: 5_000 });
    const popup = page.getByRole("dialog");
    const opened = new RegExp(`/eventmanagementpage/${event.eventId}$`);
    await Promise.race([
      page.waitForURL(opened, { timeout: 10_000 }),
      popup.first().waitFor({ timeout: 10_000 }),
    ]).catch(() => {});
    if ((await popup.count()) > 0) problems.push(`Draft again answers '${(await popup.allTextContents()).join(" ")}'`);
    else if (!opened.test(page.url())) problems.push(`Draft again left the app at ${page.url()}`);
    assert(problems.length === 0, problems.join("; "));
  });

  await check("a refused bet's message stays until the punter closes it", async () => {
    const book = await bookmaker("rf");
    const event = await publish(book);
    const punter = await punterOf(book);
    const { page } = punter;
    await page.goto(`${url}/events/${book.bookmakerId}`);
    await page.getByRole("button", { name: event.title }).click({ timeout: 10_000 });
    const dialog = page.getByRole("dialog", { name: event.title });
    await dialog.getByRole("button", { name: /^Bet on Red Rum:/ }).click();
    await dialog.getByRole("option", { name: /^1\/4 Max/ }).click();
    await book.api("POST", `/events/${event.eventId}/draft`); // the bookmaker suspends it meanwhile
    await dialog.getByRole("button", { name: "Bet", exact: true }).click();
    const refusal = page.getByRole("dialog", { name: "Your bet has not been accepted" });
    await refusal
      .getByText("Event is suspended. Please try again later.", { exact: false })
      .waitFor({ timeout: 10_000 });
    await sleep(3_000); // events, coins and history are refetched meanwhile
    assert(await refusal.isVisible(), "the refusal went away by itself");
    await page.screenshot({ path: SHOT("refusal") });
    await refusal.getByRole("button", { name: "Ok", exact: true }).click();
    await refusal.waitFor({ state: "detached", timeout: 2_000 });
  });

  await check(
    "the punter's fractional switch asks nothing of the API when the bookmaker lacks FRACTAL_ODDS",
    async () => {
      const book = await bookmaker("fr");
      const event = await publish(book);
      const punter = await punterOf(book);
      const { page } = punter;
      const refused = [];
      page.on(
        "response",
        (r) => r.url().startsWith(API_URL) && r.status() >= 400 && refused.push(`${r.status()} ${r.url()}`),
      );
      const asked = [];
      page.on("request", (r) => r.url().includes("fractional=") && asked.push(r.url()));
      await page.goto(`${url}/events/${book.bookmakerId}`);
      await page.getByRole("button", { name: event.title }).waitFor({ timeout: 10_000 });
      await sleep(500); // the bookmaker's subscriptions arrive
      await page.getByRole("switch", { name: "Fractional odds" }).click();
      const popup = page.getByRole("dialog", { name: "Fractional odds are unavailable" });
      await popup.getByText("This bookmaker does not have access to fractional odds.").waitFor({ timeout: 5_000 });
      await popup.getByRole("button", { name: "Ok", exact: true }).click();
      assert(!(await page.getByRole("switch", { name: "Fractional odds" }).isChecked()), "the switch stayed on");
      assert(asked.length === 0, `asked the API: ${asked.join(", ")}`);
      assert(refused.length === 0, `refused calls: ${refused.join(", ")}`);
    },
  );

  await check(
    "New Event shows decimal odds while the bookmaker lacks FRACTAL_ODDS, though his fractional flag is on",
    async () => {
      const book = await bookmaker("nf");
      const { page } = book;
      // His flag was turned on while he held FRACTAL_ODDS (set up in the app's stored settings).
      await page.evaluate(() =>
        localStorage.setItem("settings", JSON.stringify({ state: { fractionalOdds: true }, version: 0 })),
      );
      const calls = apiCalls(page);
      await page.goto(`${url}/createeventpage`);
      const odds = page.getByLabel("Odds of outcome 1", { exact: true });
      await odds.waitFor({ timeout: 10_000 });
      await calls.quiet(); // his subscriptions are read
      const shown = await odds.inputValue();
      assert(/^\d+(\.\d+)?$/.test(shown), `outcome 1's odds read '${shown}'`);
    },
  );

  await check("the punter's fractional switch and the bookmaker's own are apart", async () => {
    const other = await bookmaker("fo"); // the book he bets with, fractional odds held
    await buy(other.api, "FRACTAL_ODDS");
    const event = await publish(other);
    const book = await bookmaker("fb"); // his own book, fractional odds held too
    await buy(book.api, "FRACTAL_ODDS");
    await join(other, book);
    const { page } = book;
    const calls = apiCalls(page);
    const fractional = () => page.getByRole("switch", { name: "Fractional odds" });
    const problems = [];
    // His own switch on, on his List of Events.
    await page.goto(`${url}/bookmakerevents`);
    await fractional().waitFor({ timeout: 10_000 });
    await calls.quiet(); // his subscriptions are read
    await fractional().click();
    assert(await fractional().isChecked(), "his own switch did not turn on");
    // As a punter: his switch there is his punter's, still off, and the odds decimal.
    await page.goto(`${url}/events/${other.bookmakerId}`);
    await page.getByRole("button", { name: event.title }).waitFor({ timeout: 10_000 });
    await calls.quiet();
    if (await fractional().isChecked()) problems.push("his punter's switch is on, as his own bookmaker's switch is");
    // His own switch off; as a punter his switch on: his own stays off.
    await page.goto(`${url}/bookmakerevents`);
    await fractional().waitFor({ timeout: 10_000 });
    await calls.quiet();
    if (await fractional().isChecked()) await fractional().click();
    await page.goto(`${url}/events/${other.bookmakerId}`);
    await page.getByRole("button", { name: event.title }).waitFor({ timeout: 10_000 });
    await calls.quiet();
    if (!(await fractional().isChecked())) await fractional().click();
    assert(await fractional().isChecked(), "his punter's switch did not turn on");
    await page.goto(`${url}/bookmakerevents`);
    await fractional().waitFor({ timeout: 10_000 });
    await calls.quiet();
    if (await fractional().isChecked()) problems.push("his own bookmaker's switch is on, as his punter's switch is");
    assert(problems.length === 0, problems.join("; "));
  });

  await check("settled and abandoned event cards show no countdown", async () => {
    const book = await bookmaker("cd");
    const open = await publish(book, { description: "Still ahead" });
    const abandoned = await publish(book, { description: "Called off" });
    const settled = await publish(book, { description: "Run and won" });
    await book.api("POST", `/events/${abandoned.eventId}/abandon`);
    const won = await book.api("GET", `/events/${settled.eventId}`);
    await book.api("POST", `/events/${settled.eventId}/finalize`, {
      eventId: settled.eventId,
      winners: [won.items[0].id],
    });
    const { page } = await punterOf(book);
    await page.goto(`${url}/events/${book.bookmakerId}`);
    const cardOf = (text) => page.getByRole("button").filter({ hasText: text });
    await cardOf("Still ahead").getByRole("timer").waitFor({ timeout: 10_000 });
    for (const text of ["Called off", "Run and won"]) {
      await cardOf(text).waitFor({ timeout: 5_000 });
      assert((await cardOf(text).getByRole("timer").count()) === 0, `'${text}' still counts down`);
    }
    await page.screenshot({ path: SHOT("countdowns") });
    void open;
  });

  await check("Market: Back goes where he came from, the main page or home", async () => {
    const book = await bookmaker("mb");
    const { page } = book;
    await page.goto(`${url}/mainpage`);
    await page.getByRole("button", { name: "Market", exact: true }).click({ timeout: 10_000 });
    await page.getByRole("heading", { name: "Market" }).waitFor({ timeout: 10_000 });
    await page.getByRole("button", { name: "‹ Back", exact: true }).click();
    await page.waitForURL(/\/(mainpage|home)$/, { timeout: 5_000 }).catch(() => {});
    assert(/\/mainpage$/.test(page.url()), `from the main page, Back on the Market led to ${page.url()}`);
    // The phone's clock 31 days on: his period looks over, so Bookie on home takes him to the Market.
    const lapsed = (await signedIn(book.user, "/home", { now: Date.now() + 31 * 864e5 })).page;
    await tapUntil(lapsed, lapsed.getByRole("button", { name: "Bookie", exact: true }), /\/marketpage$/);
    await lapsed.getByRole("heading", { name: "Market" }).waitFor({ timeout: 10_000 });
    await lapsed.getByRole("button", { name: "‹ Back", exact: true }).click();
    await lapsed.waitForURL(/\/(mainpage|home)$/, { timeout: 5_000 }).catch(() => {});
    assert(/\/home$/.test(lapsed.url()), `from home, Back on the Market led to ${lapsed.url()}`);
  });

  await check("a refused sign-in (429) says so with Retry after its Retry-After, and Retry signs him in", async () => {
    const page = await phone(browser, { timezoneId: "UTC" });
    phones.push(page);
    await refuseFirstSignIn(page, API_URL, 2);
    await page.goto(`${url}/home?devUser=sr${rand()}`);
    const alert = page.getByRole("alert").filter({ hasText: "We could not sign you in." });
    await alert.waitFor({ timeout: 10_000 });
    assert(
      (await alert.textContent()).includes("Too many sign-ins from your network just now."),
      `the app says '${await alert.textContent()}'`,
    );
    await page.screenshot({ path: SHOT("sign-in-refused") });
    await alert.getByRole("button", { name: "Retry", exact: true }).click({ timeout: 5_000 });
    await alert.waitFor({ state: "detached", timeout: 5_000 });
    // Signed in: Bookie leads somewhere.
    await tapUntil(page, page.getByRole("button", { name: "Bookie", exact: true }), /\/(subscription|mainpage)$/);
  });

  await check(
    "Events opened from the main page shows an event published elsewhere a moment before, within 2 s",
    async () => {
      const book = await bookmaker("el");
      const { page } = book;
      await page.goto(`${url}/mainpage`);
      // His first steps read his open events: the list the Events screen would show at once.
      await page.getByRole("region", { name: "First steps" }).waitFor({ timeout: 10_000 });
      // A second later (an answer read within the second is shown as it is: FRESH_ON_OPEN_MS),
      // an event is published from his other device, or the API, and he taps Events.
      await sleep(1_200);
      const { description } = await publish(book);
      await page.getByRole("button", { name: "Events", exact: true }).click();
      await page.getByRole("heading", { name: "List of Events" }).waitFor({ timeout: 10_000 });
      const shown = await card(page, description)
        .waitFor({ timeout: 2_000 })
        .then(
          () => true,
          () => false,
        );
      assert(shown, `Events did not show '${description}' within 2 s: ${await page.getByRole("main").textContent()}`);
    },
  );

  await check(
    "Market: Renew asks 'Are you sure you want to renew your subscription?' there, Cancel / Renew",
    async () => {
      const book = await bookmaker("rn");
      // The phone's clock 25 days on: the first period ends in 30, renewal opens 8 days before.
      const { page } = await signedIn(book.user, "/home", { now: Date.now() + 25 * 864e5 });
      await page.goto(`${url}/marketpage`);
      const renew = page.getByRole("button", { name: /^Renew \d+$/ });
      await renew.waitFor({ timeout: 10_000 });
      await page.waitForFunction(
        () => [...document.querySelectorAll("button")].some((b) => /^Renew \d+$/.test(b.textContent) && !b.disabled),
        null,
        { timeout: 10_000 },
      );
      const purchases = [];
      page.on("request", (r) => r.url() === `${API_URL}/subscriptions/purchase` && purchases.push(r.postDataJSON()));
      await renew.click();
      const confirm = page.getByRole("dialog", { name: "Are you sure you want to renew your subscription?" });
      await confirm.waitFor({ timeout: 5_000 }).catch(() => {});
      assert(
        /\/marketpage$/.test(page.url()) && (await confirm.isVisible()),
        `Renew led to ${new URL(page.url()).pathname}, showing '${await shownDialogs(page)}'`,
      );
      const choices = (await confirm.getByRole("button").allTextContents()).map((t) => t.trim());
      assert(choices.join(" / ") === "Cancel / Renew", `the question offers ${choices.join(" / ")}`);
      await page.screenshot({ path: SHOT("renew") });
      await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
      await confirm.waitFor({ state: "detached", timeout: 2_000 });
      await renew.click();
      await confirm.getByRole("button", { name: "Renew", exact: true }).click();
      // The API, on today's clock, refuses it as too early; that it was asked for is what counts here.
      for (const deadline = Date.now() + 5_000; purchases.length === 0 && Date.now() < deadline;) await sleep(100);
      const item = (await book.api("GET", "/subscriptions")).find((i) => i.subscriptionType === "BOOKMAKER");
      assert(
        JSON.stringify(purchases) === JSON.stringify([{ subscriptionId: item.subscriptionId }]),
        `the purchases asked for: ${JSON.stringify(purchases)}`,
      );
    },
  );

  await check("Market: the messenger closes after a coin purchase", async () => {
    const book = await bookmaker("mk");
    const { page } = book;
    // Dev mode's stand-in covers the app where Telegram would close it; a stand-in that closes the
    // tab instead (window.close) is caught too, and the page kept open to look at.
    await page.addInitScript(() => (window.close = () => document.body.setAttribute("data-window-closed", "")));
    await page.goto(`${url}/marketpage`);
    await page.getByRole("region", { name: "Coins" }).getByRole("button").first().click({ timeout: 10_000 });
    await page.getByRole("dialog").getByRole("button", { name: "Purchase", exact: true }).click();
    const closed = page
      .getByText("Telegram closed the mini-app (dev mode). Reload to open it again.")
      .or(page.locator("body[data-window-closed]"));
    await closed.waitFor({ timeout: 10_000 }).catch(() => {});
    assert(await closed.isVisible(), `the app stays open, showing '${await shownDialogs(page)}'`);
    const pool = (await book.api("GET", "/balances")).balance.amount;
    assert(pool === 11_000, `the pool holds ${pool} after buying 1,000 coins`);
  });

  await check(
    "New Event: Back asks before throwing the form away, and Save as draft keeps it in the list",
    async () => {
      const book = await bookmaker("nd");
      const { page } = book;
      const description = `Kept for later ${rand()}`;
      await page.goto(`${url}/createeventpage`);
      await page.getByLabel("Description", { exact: true }).fill(description);
      const start = new Date(Date.now() + 2 * 864e5);
      const two = (n) => String(n).padStart(2, "0");
      await page
        .getByLabel("Date", { exact: true })
        .pressSequentially(
          `${two(start.getUTCDate())}${two(start.getUTCMonth() + 1)}${two(start.getUTCFullYear() % 100)}`,
        );
      await page.getByLabel("Time", { exact: true }).pressSequentially("1830");
      await page.getByLabel("Outcome 1", { exact: true }).fill("Red Rum");
      await page.getByLabel("Outcome 2", { exact: true }).fill("Shergar");
      await page.getByRole("button", { name: "‹ Back", exact: true }).click();
      const ask = page.getByRole("dialog", { name: "Leave without saving?" });
      await ask.waitFor({ timeout: 5_000 }).catch(() => {});
      assert(
        /\/createeventpage$/.test(page.url()),
        `Back threw the filled form away without asking: the app is at ${page.url()}`,
      );
      assert(await ask.isVisible(), "Back neither left nor asked 'Leave without saving?'");
      await page.screenshot({ path: SHOT("leave-new-event") });
      await ask.getByRole("button", { name: "Save as draft", exact: true }).click();
      await page.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
      await card(page, description).getByText("Suspended", { exact: true }).waitFor({ timeout: 10_000 });
      const kept = (await book.api("GET", "/events?view=open")).find((e) => e.description === description);
      assert(kept?.status === "CREATED", `the kept event is ${kept?.status}`);
    },
  );

  await check(
    "a punter's settled event: his odds, a gain on the winner only; history says Non-runner and shows descriptions",
    async () => {
      const book = await bookmaker("ds");
      await buy(book.api, "WHAT_IF");
      const event = await publish(book, { description: "Settled with a non-runner" });
      const punter = await punterOf(book);
      const items = (await punter.api("GET", `/player/events/${book.bookmakerId}`)).find(
        (e) => e.eventId === event.eventId,
      ).items;
      const [redRum, , arkle] = items;
      for (const item of [redRum, arkle]) await bet(book, punter, event.eventId, item);
      const repriced = await book.api("POST", `/events/${event.eventId}/nr/${arkle.id}`);
      const redRumNow = repriced.items.find((i) => i.id === redRum.id).currCoefficient;
      assert(redRumNow !== redRum.coefficient, `the non-runner did not reprice Red Rum (${redRumNow})`);
      await book.api("POST", `/events/${event.eventId}/finalize`, { eventId: event.eventId, winners: [redRum.id] });
      const { page } = punter;
      await page.goto(`${url}/events/${book.bookmakerId}`);
      await page.getByRole("button").filter({ hasText: event.description }).click({ timeout: 10_000 });
      const result = page.getByRole("dialog", { name: event.title });
      const winner = result.getByRole("row", { name: "Red Rum, winner" });
      await winner.waitFor({ timeout: 5_000 });
      await result.getByRole("columnheader", { name: "GAIN" }).waitFor({ timeout: 2_000 });
      const cells = async (row) => (await row.getByRole("cell").allTextContents()).map((t) => t.trim());
      const problems = []; // every display is looked at, so one run says all that is wrong
      // The outcome's own price shows until the punter's bets are read, then the odds he took.
      let [, odds, gain] = await cells(winner);
      for (const deadline = Date.now() + 5_000; odds !== String(redRum.coefficient) && Date.now() < deadline;) {
        await sleep(200);
        [, odds, gain] = await cells(winner);
      }
      if (odds !== String(redRum.coefficient))
        problems.push(`Red Rum shows odds ${odds}, not the ${redRum.coefficient} the bet was taken at`);
      if (gain === "" || gain === "0") problems.push(`the winner shows no gain: '${gain}'`);
      for (const title of ["Shergar", "Arkle"]) {
        const [, , figure] = await cells(result.getByRole("row").filter({ hasText: title }));
        if (figure !== "")
          problems.push(`${title} (${title === "Arkle" ? "the non-runner" : "a loser"}) shows a gain of ${figure}`);
      }
      await page.screenshot({ path: SHOT("result-nr") });
      await result.getByRole("button", { name: "Ok", exact: true }).click();
      await page.getByRole("button", { name: "History", exact: true }).click();
      await page.waitForURL(new RegExp(`/history/${book.bookmakerId}$`), { timeout: 5_000 });
      const refunded = page.getByRole("rowgroup", { name: `${event.title}, Arkle` });
      await refunded.waitFor({ timeout: 10_000 });
      const row = (await refunded.innerText()).replace(/\s+/g, " ");
      if (!(await refunded.getByText("Non-runner / The bet has been refunded", { exact: true }).isVisible()))
        problems.push(`the non-runner's refund reads '${row}'`);
      if (!(await refunded.getByText(event.description, { exact: true }).isVisible()))
        problems.push(`the history row lacks the description '${event.description}'`);
      await page.screenshot({ path: SHOT("history-nr") });
      assert(problems.length === 0, problems.join("; "));
    },
  );

  await check("'Feature is unavailable' where what-if figures are asked of a bookmaker without WHAT_IF", async () => {
    const book = await bookmaker("fu");
    const event = await publish(book, { description: "No what-if here" });
    const { page } = await punterOf(book);
    await page.goto(`${url}/events/${book.bookmakerId}`);
    await book.api("POST", `/events/${event.eventId}/draft`); // suspended: the punter's tap opens the result view
    await page.reload();
    await page.getByRole("button").filter({ hasText: event.description }).click({ timeout: 10_000 });
    const result = page.getByRole("dialog", { name: event.title });
    await result.getByRole("columnheader", { name: "WHAT IF" }).waitFor({ timeout: 5_000 });
    // No figures where the bookmaker has none to show: not zeros.
    const figures = [];
    for (const row of await result.getByRole("row").all())
      figures.push(...(await row.getByRole("cell").allTextContents()).slice(2).map((t) => t.trim()));
    assert(
      figures.length === 3 && figures.every((f) => f === "—"),
      `the WHAT IF column shows ${figures.map((f) => `'${f}'`).join(", ")}`,
    );
    await result.getByRole("button", { name: "WHAT IF", exact: true }).click({ timeout: 5_000 });
    const popup = page.getByRole("dialog", { name: "Feature is unavailable" });
    await popup.getByText("This bookmaker does not have access to this functionality.").waitFor({ timeout: 2_000 });
    await page.screenshot({ path: SHOT("feature-unavailable") });
  });

  await check("error popups say statuses as a user would", async () => {
    const book = await bookmaker("er");
    const event = await publish(book);
    const { page } = book;
    await page.goto(`${url}/bookmakerevents`);
    await card(page, event.description).getByText("Active", { exact: true }).waitFor({ timeout: 10_000 });
    await book.api("POST", `/events/${event.eventId}/draft`); // behind the list's back
    await card(page, event.description).getByRole("button", { name: "Draft", exact: true }).click();
    // The list still shows it live, so Draft asks first ('Punters cannot bet while you edit it').
    const ask = page.getByRole("dialog", { name: SUSPEND_QUESTION });
    if (
      await ask.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      await ask.getByRole("button", { name: "Draft", exact: true }).click();
    const popup = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: "Ok", exact: true }) });
    await popup.waitFor({ timeout: 5_000 });
    const text = await popup.textContent();
    assert(!/\b(CREATED|READY_FOR_BETS|CALCULATED|CANCELLED)\b/.test(text), `the popup says '${text}'`);
    await popup.getByRole("button", { name: "Ok", exact: true }).click();
  });

  await check("a pool short of coins reads 'Insufficient currency…'", async () => {
    const book = await bookmaker("ic");
    const punter = await punterOf(book, 0);
    const { page } = book;
    await page.goto(`${url}/playermanagement`);
    await page.getByRole("button", { name: new RegExp(`^@${punter.user} Note`) }).click({ timeout: 10_000 });
    const dialog = page.getByRole("dialog", { name: `@${punter.user}` });
    await dialog.getByLabel("Coins", { exact: true }).fill("20000"); // his pool holds 10,000
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    const said = page.getByText("Insufficient currency. You can purchase more in the store.", { exact: true });
    await said.waitFor({ timeout: 10_000 }).catch(() => {});
    assert(await said.isVisible(), `the app says '${await shownDialogs(page)}'`);
  });

  await check(
    "an open events screen polls with its last ETag, accepting a second-old version, and is answered 304 while nothing changes",
    async () => {
      const book = await bookmaker("pl");
      await publish(book);
      const punter = await punterOf(book);
      const polls = [];
      // A read in the second after one of the app's own writes (signing in is one) accepts no
      // age by design: the check looks at the first poll a second clear of them.
      let lastWriteAt = 0;
      punter.page.on("request", (req) => {
        if (req.method() !== "GET" && req.method() !== "OPTIONS") lastWriteAt = Date.now();
      });
      // Every read of the list as the page saw it, for the failure's message.
      const seen = [];
      const events = (r) => r.url().endsWith(`/player/events/${book.bookmakerId}`);
      const at = () => new Date().toISOString().slice(11, 23);
      punter.page.on("request", (r) => events(r) && seen.push(`${at()} ${r.method()} sent`));
      punter.page.on(
        "requestfinished",
        async (r) =>
          r.method() !== "GET" &&
          r.method() !== "OPTIONS" &&
          seen.push(`${at()} ${r.method()} ${new URL(r.url()).pathname} ${(await r.response())?.status()}`),
      );
      punter.page.on("requestfailed", (r) => events(r) && seen.push(`${at()} failed ${r.failure()?.errorText}`));
      punter.page.on("console", (m) => seen.push(`${at()} console ${m.type()}: ${m.text().slice(0, 200)}`));
      punter.page.on("framenavigated", (f) => f === punter.page.mainFrame() && seen.push(`${at()} at ${f.url()}`));
      await punter.page.addInitScript(() => {
        for (const name of ["visibilitychange", "freeze", "resume", "pagehide", "online", "offline"])
          document.addEventListener(name, () => console.log(`page event ${name} ${document.visibilityState}`));
        window.addEventListener("online", () => console.log("window online"));
        window.addEventListener("offline", () => console.log("window offline"));
      });
      punter.page.on("response", async (res) => {
        if (!res.url().endsWith(`/player/events/${book.bookmakerId}`)) return;
        seen.push(
          `${at()} ${res.request().method()} answered ${res.status()} ${res.status() === 200 ? (await res.text().catch(() => "")).slice(0, 600) : ""}`,
        );
        const sentAt = res.request().timing().startTime;
        const headers = await res.request().allHeaders();
        polls.push({
          status: res.status(),
          asked: headers["if-none-match"] ?? null,
          age: headers["cache-control"] ?? null,
          clear: sentAt - lastWriteAt >= 1000,
        });
      });
      await punter.page.goto(`${url}/events/${book.bookmakerId}?devUser=${punter.user}`);
      // The screen polls every 12 s: the first read, then a poll that asks "changed since?".
      const poll = () => polls.find((p, i) => i > 0 && p.asked && p.clear);
      for (let waited = 0; !poll() && waited < 30_000; waited += 500) await sleep(500);
      if (polls.length < 2) {
        const state = await punter.page.evaluate(async () => {
          const before = performance.now();
          await new Promise((resolve) => setTimeout(resolve, 100));
          const timerMs = Math.round(performance.now() - before);
          // SWR reads again on focus: a read now tells a live hook from a stuck one.
          window.dispatchEvent(new Event("focus"));
          await new Promise((resolve) => setTimeout(resolve, 3000));
          return {
            visibility: document.visibilityState,
            focus: document.hasFocus(),
            online: navigator.onLine,
            token: Boolean(sessionStorage.getItem("jwt")),
            timerMs,
          };
        });
        throw new Error(`${polls.length} reads of the events in 30 s (${JSON.stringify(state)}):\n${seen.join("\n")}`);
      }
      assert(polls[0].status === 200, `the first read answered ${polls[0].status}`);
      const asked = poll();
      assert(
        asked,
        `no poll sent If-None-Match a second after the app's writes: ${JSON.stringify(polls)}\n${seen.join("\n")}`,
      );
      assert(asked.age === "max-age=1", `the poll accepted ${asked.age ?? "no"} age`);
      assert(asked.status === 304, `the unchanged poll answered ${asked.status}`);
    },
  );

  await check(
    "a poll that fails is tried again within the screen's own interval (2 s before a start), and the list stays up",
    async () => {
      const book = await bookmaker("rt");
      const event = await publish(book, { startIn: 3 * 60_000 }); // √3 minutes: the 2 s poll
      const punter = await punterOf(book);
      const { page } = punter;
      const reads = []; // when each read of the list reached the API
      let failNext = false;
      let failedAt = 0;
      await page.route(`**/player/events/${book.bookmakerId}`, async (route) => {
        const request = route.request();
        if (request.method() !== "GET") return route.continue();
        if (!failNext) {
          reads.push(Date.now());
          return route.continue();
        }
        // One lost answer, as an API restarting or a phone between masts gives.
        failNext = false;
        failedAt = Date.now();
        return route.fulfill({
          status: 503,
          contentType: "application/json",
          headers: { "access-control-allow-origin": request.headers().origin ?? "*" },
          body: JSON.stringify({ error: { code: "UNAVAILABLE", message: "Try again." } }),
        });
      });
      await page.goto(`${url}/events/${book.bookmakerId}?devUser=${punter.user}`);
      const shown = page.getByRole("button").filter({ hasText: event.description });
      await shown.waitFor({ timeout: 10_000 });
      failNext = true;
      for (let waited = 0; !(failedAt && reads.at(-1) > failedAt) && waited < 20_000; waited += 100) await sleep(100);
      assert(failedAt, "the screen did not poll within 20 s");
      const next = reads.find((at) => at > failedAt);
      // SWR's own first retry comes 5 to 15 s later; this screen's is 1 to 3 s.
      assert(next && next - failedAt <= 4_000, `the next read came ${next ? next - failedAt : "over 20,000"} ms later`);
      assert(await shown.isVisible(), "the list went away while the poll failed");
    },
  );

  await check(
    "History opened again after a minute away loads afresh; within the minute it shows what it held at once",
    async () => {
      const book = await bookmaker("ch");
      const event = await publish(book);
      const punter = await punterOf(book);
      const { page } = punter;
      const [redRum, shergar] = (await punter.api("GET", `/player/events/${book.bookmakerId}`)).find(
        (e) => e.eventId === event.eventId,
      ).items;
      await bet(book, punter, event.eventId, redRum);
      // The phone's clock jumps ahead as a phone left in a pocket would; the API's does not.
      await page.clock.install();
      const slow = await slowReads(page, (u) => u.pathname === `/bets/${book.bookmakerId}/`);
      await page.goto(`${url}/events/${book.bookmakerId}`);
      const history = page.getByRole("button", { name: "History", exact: true });
      const betOn = (title) => page.getByRole("rowgroup", { name: `${event.title}, ${title}` });
      const loading = page.getByRole("paragraph").filter({ hasText: /^Loading\.\.\.$/ });
      const away = async (ms, meanwhile = async () => {}) => {
        await page.getByRole("button", { name: "‹ Back", exact: true }).click();
        await page.waitForURL(new RegExp(`/events/${book.bookmakerId}$`), { timeout: 5_000 });
        await meanwhile();
        // The reads under way end before the pocket's minute, as a phone's network answers in
        // seconds: a slow read still on its way when the clock jumped landed after its key had
        // left the cache, and SWR took it for the reopened screen's (seen once, three checks at a time).
        await networkQuiet(page, 200, 10_000);
        await page.clock.fastForward(ms);
        slow.on = true; // the read on coming back is under way for 1.5 s
        await history.click({ timeout: 10_000 });
        await page.waitForURL(new RegExp(`/history/${book.bookmakerId}$`), { timeout: 5_000 });
      };

      await history.click({ timeout: 10_000 });
      await betOn("Red Rum").waitFor({ timeout: 10_000 });
      await away(30_000);
      await betOn("Red Rum").waitFor({ timeout: 1_000 });
      assert((await loading.count()) === 0, "after 30 s away, History loads again instead of showing its bets");

      slow.on = false;
      await away(61_000, () => bet(book, punter, event.eventId, shergar));
      await loading.waitFor({ timeout: 1_000 }).catch(() => {});
      const stale = await betOn("Red Rum").isVisible();
      assert(
        (await loading.isVisible()) && !stale,
        stale
          ? "after a minute away, History showed at once the bets it held a minute before (Red Rum only), not 'Loading...'"
          : "after a minute away, History showed neither 'Loading...' nor its bets",
      );
      await betOn("Shergar").waitFor({ timeout: 10_000 });
      await page.screenshot({ path: SHOT("history-reloaded") });
    },
  );

  await check("no page errors on any phone", async () => {
    assertNoPageErrors(...phones);
  });
  log("screenshots: /tmp/bookie-flows-*.png");
}

run(main, { limitMs: 6 * 60_000 });
