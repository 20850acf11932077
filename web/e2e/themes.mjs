// Every screen and dialog a bookmaker and a punter reach, in Telegram's default light and dark
// themes: Telegram's real script (the copy in @twa-dev/sdk) reads the theme parameters from the
// URL's hash as a client passes them and sets --tg-theme-*, and the dev-mode build signs in as
// ?devUser=. axe-core (harness.mjs) audits each screen and dialog, contrast included: none may
// have a serious or critical violation. Set-up goes through the API. `npm run test:e2e` runs it
// (web/e2e/run.mjs), or alone. It also checks that a failed list is no dead end (Retry).
import {
  API_URL,
  apiAs,
  assert,
  audit,
  buy,
  check,
  phone,
  prepare,
  publishRace,
  rand,
  run,
  sleep,
} from "./harness.mjs";
import { openInTheme, THEMES } from "./telegram-themes.mjs";

let url;
let browser;

/** A phone in `theme`, signed in as `user` at `route`; answers it and the API as that user. */
async function themed(theme, user, route = "/home") {
  const page = await phone(browser, { timezoneId: "UTC" });
  await openInTheme(page, theme, `${url}${route}?devUser=${user}`);
  return { page, api: await apiAs(page), user };
}

/** Opens `route` inside the app (as a tap would) and waits for its screen. */
async function open(page, route, text) {
  await page.evaluate((r) => {
    history.pushState(null, "", r);
    dispatchEvent(new PopStateEvent("popstate"));
  }, route);
  if (text) await page.getByText(text).first().waitFor({ timeout: 10_000 });
  await audit(page, `${route}`);
}

/** Opens a dialog with `opener`, audits it under `label`, closes it with Escape or `close`. */
async function dialog(page, opener, label, close) {
  await opener.click({ timeout: 10_000 });
  await page.getByRole("dialog").first().waitFor({ timeout: 5_000 });
  await sleep(300);
  await audit(page, label);
  if (close) await close();
  else await page.keyboard.press("Escape");
  await page
    .getByRole("dialog")
    .first()
    .waitFor({ state: "hidden", timeout: 5_000 })
    .catch(() => {});
}

async function visitAll(theme) {
  const id = rand();
  // A fresh user: home, its dialogs, and the subscription page.
  const fresh = await themed(theme, `fr${id}`);
  const home = fresh.page;
  await home.getByRole("button", { name: "Bookie", exact: true }).waitFor({ timeout: 10_000 });
  await audit(home, "/home");
  await dialog(home, home.getByRole("button", { name: /^FAQ/ }), "/home FAQ");
  await dialog(home, home.getByRole("button", { name: "Poker", exact: true }), "/home Poker", () =>
    home.getByRole("button", { name: "Ok", exact: true }).click(),
  );
  await dialog(home, home.getByRole("button", { name: /^Notifications/ }), "/home Notifications");
  await open(home, "/subscription", "You need a subscription to use the betting functionality.");
  await home.getByRole("button", { name: /^Subscribe \d+$/ }).waitFor({ timeout: 10_000 });
  await audit(home, "/subscription, price loaded");

  // A bookmaker with an event, a punter and a request.
  const book = await themed(theme, `bk${id}`);
  await buy(book.api, "BOOKMAKER");
  const { bookmakerId } = await book.api("PUT", "/bookmakers/register", { name: `Book${id}` });
  const eventId = await publishRace(book.api, bookmakerId);
  const punter = await themed(theme, `pu${id}`, "/bookies");
  await punter.api("POST", `/bookmakers/${bookmakerId}/sign`);
  const [request] = await book.api("GET", "/bookmakers/requests");
  await book.api("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
  await book.api("POST", "/balances/add", {
    userId: request.user.internalId,
    balance: { amount: 300, currency: "COIN" },
  });
  await fresh.api("POST", `/bookmakers/${bookmakerId}/sign`); // a request waiting for him
  // Set up through the API, behind the pages' backs: they read their data during the start-up
  // wait, so they start again to show it (as a phone reopening the app would).
  await Promise.all([book.page.reload(), punter.page.reload()]);

  const b = book.page;
  await open(b, "/mainpage", `Book${id}`);
  await dialog(b, b.getByRole("button", { name: /^Bookmaker's Guide/ }), "/mainpage Bookmaker's Guide");
  await open(b, "/bookmakerevents", "List of Events");
  await b.getByRole("article").first().waitFor({ timeout: 10_000 });
  await audit(b, "/bookmakerevents with an event");
  await open(b, "/playermanagement", "My coins");
  await open(b, "/marketpage");
  await open(b, "/eventhistorypage");
  await open(b, "/figures");
  await open(b, "/createeventpage", "New Event");
  await open(b, `/eventmanagementpage/${eventId}`);

  // The punter: his bookmakers, search, terms, the events and the bet dialog, his history.
  const p = punter.page;
  await open(p, "/bookies", `Book${id}`);
  await p.getByRole("searchbox", { name: "Search bookmaker" }).fill("Book");
  await audit(p, "/bookies searching");
  await dialog(p, p.getByRole("button", { name: "Terms and Conditions" }).first(), "/bookies Terms and Conditions");
  await open(p, `/events/${bookmakerId}`, "Horse Racing / Ireland");
  await dialog(p, p.getByRole("button", { name: /^Horse Racing \/ Ireland/ }).first(), "/events bet dialog");
  await open(p, `/history/${bookmakerId}`);
}

/** A list that failed offers Retry beside the spec's message, and Retry loads it. */
async function retryAfterFailure() {
  const page = await phone(browser, { timezoneId: "UTC" });
  let refuse = true;
  await page.route(
    (u) => u.href.startsWith(`${API_URL}/bookmakers`) && u.pathname === "/bookmakers",
    (r) => (refuse ? r.fulfill({ status: 503, json: {} }) : r.continue()),
  );
  await page.goto(`${url}/bookies?devUser=rt${rand()}`);
  const failed = page.getByRole("alert").filter({ hasText: "Failed to load bookmakers" });
  await failed.waitFor({ timeout: 15_000 });
  refuse = false;
  await failed.getByRole("button", { name: "Retry", exact: true }).click();
  await page.getByText("Find your bookmaker by name and ask to join.").waitFor({ timeout: 10_000 });
  assert((await failed.count()) === 0, "the failure stayed after Retry");
}

async function main() {
  ({ dev: url, browser } = await prepare(["dev"]));
  await check("a failed list offers Retry beside 'Failed to load bookmakers', and Retry loads it", retryAfterFailure);
  for (const theme of Object.keys(THEMES))
    await check(`every screen and dialog in Telegram's ${theme} theme, as a bookmaker and a punter`, () =>
      visitAll(theme),
    );
}

run(main, { limitMs: 6 * 60_000 });
