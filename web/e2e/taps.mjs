// Taps, counted (docs/decisions/screens.md, "The bookmaker's taps"): a punter's first bet from an
// invite link once approved, at most 5; a 4-outcome event from the bookmaker's main page, at
// most 16. A tap is a click; focusing a field to type in it is one tap (the keys are not taps);
// a paste is two (hold, Paste). Set-up goes through the API. Prints the counts.
// `npm run test:e2e` runs it (web/e2e/run.mjs), or alone.
import { API_URL, apiAs, assert, assertNoPageErrors, check, log, phone, prepare, rand, run } from "./harness.mjs";

const HOUR = 3_600_000;
const two = (n) => String(n).padStart(2, "0");
let url;
let browser;
const phones = [];

async function signedIn(user, path) {
  const page = await phone(browser, { timezoneId: "UTC" });
  phones.push(page);
  await page.goto(`${url}${path}${path.includes("?") ? "&" : "?"}devUser=${user}`);
  return { page, api: await apiAs(page) };
}

/** A subscribed bookmaker with a profile, paid as dev mode pays. */
async function bookmaker() {
  const user = `tp${rand()}`;
  const { page, api } = await signedIn(user, "/home");
  const item = (await api("GET", "/subscriptions")).find((i) => i.subscriptionType === "BOOKMAKER");
  const { invoiceLink } = await api("POST", "/subscriptions/purchase", { subscriptionId: item.subscriptionId });
  assert((await fetch(new URL(invoiceLink, API_URL), { method: "POST" })).ok, "paying BOOKMAKER failed");
  const { bookmakerId } = await api("PUT", "/bookmakers/register", { name: `Taps${user}`.slice(0, 16) });
  return { page, api, bookmakerId };
}

/** Counts the taps made through it. */
function tapper() {
  const t = {
    count: 0,
    async tap(locator) {
      t.count++;
      await locator.click({ timeout: 10_000 });
    },
    async type(locator, text) {
      t.count++;
      await locator.click({ timeout: 10_000 });
      await locator.pressSequentially(text);
      await locator.press("Enter");
    },
    async paste(locator, text) {
      t.count += 2;
      await locator.click({ timeout: 10_000 });
      await locator.evaluate((el, pasted) => {
        const data = new DataTransfer();
        data.setData("text/plain", pasted);
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
    },
  };
  return t;
}

async function main() {
  ({ dev: url, browser } = await prepare(["dev"]));

  await check("a punter's first bet from an invite link, once approved: at most 5 taps", async () => {
    const book = await bookmaker();
    const start = Date.now() + 3 * HOUR;
    const { eventId } = await book.api("POST", "/drafts", {
      title: "Horse Racing / Ireland",
      description: `Taps ${rand()}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + HOUR).toISOString(),
      bookmakerId: book.bookmakerId,
      maxTotalPayout: 1000,
      items: [
        { title: "Red Rum", coefficient: 2 },
        { title: "Shergar", coefficient: 3 },
      ],
      returnPrice: 0.5,
      botEqualizer: false,
    });
    await book.api("POST", "/events", { draftId: eventId });
    // He asked to join and was approved with coins (the join's own taps are before approval).
    const user = `tq${rand()}`;
    const first = await signedIn(user, "/home");
    await first.api("POST", `/bookmakers/${book.bookmakerId}/sign`);
    const request = (await book.api("GET", "/bookmakers/requests")).find((r) => r.user.username === user);
    await book.api("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
    await book.api("POST", "/balances/add", {
      userId: request.user.internalId,
      balance: { amount: 500, currency: "COIN" },
    });

    const { page } = first;
    await page.goto(`${url}/?startapp=bk_${book.bookmakerId}&devUser=${user}`);
    // Taps are counted, not seconds: the card is waited for before the first tap counts.
    const card = page.getByRole("button", { name: /^Horse Racing \/ Ireland/ });
    await card.waitFor({ timeout: 10_000 });
    const t = tapper();
    await t.tap(card);
    const dialog = page.getByRole("dialog", { name: "Horse Racing / Ireland" });
    await t.tap(dialog.getByRole("button", { name: /^Bet on Red Rum:/ }));
    await t.tap(dialog.getByRole("option", { name: /^1\/4 Max/ }));
    await t.tap(dialog.getByRole("button", { name: "Bet", exact: true }));
    const popup = page.getByRole("dialog", { name: "Your bet is successful" });
    await popup.waitFor({ timeout: 10_000 });
    const receipt = (await popup.getByRole("table", { name: "Receipt" }).textContent()) ?? "";
    assert(receipt.includes("Red Rum") && receipt.includes("125") && receipt.includes("250"), `receipt: ${receipt}`);
    log(`     punter's first bet from an invite link: ${t.count} taps`);
    assert(t.count <= 5, `${t.count} taps`);
  });

  await check("a 4-outcome event from the bookmaker's main page: at most 16 taps", async () => {
    const book = await bookmaker();
    const { page } = book;
    await page.goto(`${url}/mainpage`);
    const startAt = new Date(Date.now() + 2 * 864e5);
    const t = tapper();
    await t.tap(page.getByRole("button", { name: "Events", exact: true }));
    await t.tap(page.getByRole("button", { name: "New Event", exact: true }));
    await t.type(page.getByLabel("Description", { exact: true }), "Taps Stakes, 1 mile");
    await t.type(
      page.getByLabel("Date", { exact: true }),
      `${two(startAt.getUTCDate())}${two(startAt.getUTCMonth() + 1)}${two(startAt.getUTCFullYear() % 100)}`,
    );
    await t.type(page.getByLabel("Time", { exact: true }), "1530");
    // One paste names all four runners.
    await t.paste(page.getByLabel("Outcome 1", { exact: true }), "Red Rum\nShergar\nArkle\nDesert Orchid");
    // Odds typed, or stepped with − / + along the ladder.
    await t.type(page.getByLabel("Odds of outcome 1", { exact: true }), "2");
    await t.type(page.getByLabel("Odds of outcome 2", { exact: true }), "6/4");
    await t.tap(page.getByRole("button", { name: "Raise Odds of outcome 3", exact: true }));
    await t.tap(page.getByRole("button", { name: "Save and Start", exact: true }));
    await t.tap(
      page
        .getByRole("dialog", { name: "Are you sure you want to start the event?" })
        .getByRole("button", { name: "Start", exact: true }),
    );
    await page.waitForURL(/\/bookmakerevents$/, { timeout: 15_000 });
    const [event] = (await book.api("GET", "/events?view=open")).filter((e) => e.description === "Taps Stakes, 1 mile");
    assert(event, "the event is not among the open ones");
    const titles = event.items.map((i) => i.title).join(", ");
    assert(titles === "Red Rum, Shergar, Arkle, Desert Orchid", `outcomes: ${titles}`);
    log(`     4-outcome event from the main page: ${t.count} taps`);
    assert(t.count <= 16, `${t.count} taps`);
  });

  await check("no page errors", async () => assertNoPageErrors(...phones));
}

run(main);
