// The production build run the way Telegram Web runs it: a host page holds the app in an iframe,
// Telegram's real telegram-web-app.js (the copy in the dev dependency @twa-dev/sdk, served in
// place of the CDN file) talks to the host through postMessage, and the launch parameters are in
// the URL's hash as Telegram puts them, with init data signed by the local API's bot token. The
// host records every event the app posts and sends Telegram's events back. Invoices: the local
// API runs in dev mode, so its invoice links are the dev pay route; the check hands the app a
// t.me link instead (what createInvoiceLink answers) and pays through the dev route when it
// plays Telegram's webhook. `npm run test:e2e` runs it (web/e2e/run.mjs), or alone.
import { createHmac, randomInt } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import { DEV_VARS } from "../../scripts/dev-vars.mjs";
import { expectNoUnknownEndTime, recordEndTimes, refuseFirstSignIn } from "./shared-checks.mjs";
import {
  API_URL,
  E2E_BOT,
  assert,
  assertNoPageErrors,
  check,
  phone,
  prepare,
  rand,
  repo,
  run,
  sleep,
} from "./harness.mjs";

const TELEGRAM_SCRIPT = path.join(repo, "node_modules/@twa-dev/sdk/src/telegram-web-apps.js");
const OOPS_TEXT = "You are using too old Telegram client to run this application";
const LIGHT = {
  bg_color: "#ffffff",
  text_color: "#000000",
  hint_color: "#999999",
  button_color: "#2481cc",
  button_text_color: "#ffffff",
  secondary_bg_color: "#f1f1f1",
};
const DARK = { ...LIGHT, bg_color: "#17212b", text_color: "#f5f5f5", secondary_bg_color: "#232e3c" };

// The host page: Telegram Web's part of the conversation, recorded for the checks.
const HOST_HTML = `<!doctype html><html><body style="margin:0">
<iframe id="app" style="width:390px;height:800px;border:0"></iframe>
<script>
  window.events = [];
  window.sent = [];
  addEventListener("message", (e) => {
    try { window.events.push({ ...JSON.parse(e.data), at: performance.now() }); } catch {}
  });
  window.launch = (url) => { window.events.length = 0; document.getElementById("app").src = url; };
  window.send = (eventType, eventData) => {
    window.sent.push({ eventType, at: performance.now() });
    document.getElementById("app").contentWindow.postMessage(JSON.stringify({ eventType, eventData }), "*");
  };
</script></body></html>`;

let prod;
let browser;
/**
 * The host page's addresses. Telegram Web is another site than the app; Chromium's fresh
 * profile (as a private window) blocks third-party site data, so there the app's iframe is
 * denied its storage, as the users were. The other checks use a host on the app's own
 * site (127.0.0.1, another port), where storage is allowed, to look at one thing at a time.
 */
const hosts = {};

/** Serves the host page from a real local server: Chromium refuses a loopback iframe in a page of unknown address. */
async function serveHost() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end(HOST_HTML);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address();
  Object.assign(hosts, { sameSite: `http://127.0.0.1:${port}/k/`, otherSite: `http://localhost:${port}/k/` });
}

// ---- Telegram's side ------------------------------------------------------------------

/** Init data as Telegram signs it (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app). */
function signInitData(user, extra = {}) {
  const fields = {
    query_id: `AAH${rand()}${rand()}`,
    user: JSON.stringify(user),
    auth_date: String(Math.floor(Date.now() / 1000)),
    ...extra,
  };
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  const secret = createHmac("sha256", "WebAppData").update(DEV_VARS.BOT_TOKEN).digest();
  const hash = createHmac("sha256", secret).update(check).digest("hex");
  return new URLSearchParams({ ...fields, hash }).toString();
}

const newUser = (tag) => {
  const username = `${tag}${rand()}`;
  return { id: randomInt(1e9, 9e9), first_name: username, username, language_code: "en", allows_write_to_pm: true };
};

/** The URL Telegram opens: launch parameters in the hash. */
function launchUrl(route, user, { version = "8.0", startParam } = {}) {
  const initData = signInitData(user, startParam ? { start_param: startParam } : {});
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: version,
    tgWebAppPlatform: "weba",
    tgWebAppThemeParams: JSON.stringify(LIGHT),
    ...(startParam ? { tgWebAppStartParam: startParam } : {}),
  });
  return `${prod}${route}#${hash}`;
}

/** A phone showing Telegram Web's host page, the real Telegram script served to the app. */
async function telegramWeb({ otherSite = false } = {}) {
  const page = await phone(browser);
  const context = page.context();
  // telegram.org does not resolve (CHROMIUM_ARGS); routed here, the script is served before any lookup.
  await context.route("https://telegram.org/js/telegram-web-app.js*", (r) =>
    r.fulfill({ path: TELEGRAM_SCRIPT, contentType: "application/javascript" }),
  );
  page.invoices = [];
  await context.route(`${API_URL}/subscriptions/purchase`, async (r) => {
    if (r.request().method() !== "POST") return r.continue();
    const res = await r.fetch();
    const body = await res.json();
    page.invoices.push(body.invoiceId);
    await r.fulfill({ response: res, json: { ...body, invoiceLink: `https://t.me/$${body.invoiceId}` } });
  });
  await page.goto(otherSite ? hosts.otherSite : hosts.sameSite);
  const app = page.frameLocator("#app");
  const frame = () => page.frames().find((f) => f.parentFrame() === page.mainFrame());
  return {
    page,
    app,
    frame,
    launch: (url) => page.evaluate((u) => window.launch(u), url),
    send: (type, data) => page.evaluate(([t, d]) => window.send(t, d), [type, data]),
    events: () => page.evaluate(() => window.events),
    /** The first event of `type` the app posted (matching `where`), waited for; `at` is when, on the host's clock. */
    async posted(type, where = () => true, timeout = 10_000) {
      const deadline = Date.now() + timeout;
      while (Date.now() < deadline) {
        const found = (await page.evaluate(() => window.events)).find(
          (e) => e.eventType === type && where(e.eventData ?? {}),
        );
        if (found) return Object.assign(found.eventData ?? {}, { at: found.at });
        await sleep(100);
      }
      throw new Error(
        `the app never posted ${type}; it posted: ${(await page.evaluate(() => window.events)).map((e) => e.eventType).join(", ")}`,
      );
    },
  };
}

const button = (app, name) => app.getByRole("button", { name, exact: true });
const pathOf = (tg) => new URL(tg.frame().url()).pathname;

async function waitForPath(tg, wanted, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (pathOf(tg) !== wanted && Date.now() < deadline) await sleep(100);
  assert(pathOf(tg) === wanted, `the app is at ${pathOf(tg)}, not ${wanted}`);
}

// ---- the API, as set-up ----------------------------------------------------------------

async function api(method, route, { token, body } = {}) {
  const res = await fetch(`${API_URL}${route}`, {
    method,
    headers: {
      Accept: "application/json",
      ...(token ? { Authorization: `JWT ${token}` } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** Pays an invoice as Telegram's successful_payment would (the dev route). */
const pay = (invoiceId) => api("POST", `/dev/pay/${invoiceId}`);

/** A subscribed bookmaker with a profile, signed in with init data as Telegram would send it. */
async function bookmaker() {
  const user = newUser("tgbk");
  const { token } = await api("POST", "/auth/telegram", { body: { initData: signInitData(user) } });
  const item = (await api("GET", "/subscriptions", { token })).find((i) => i.subscriptionType === "BOOKMAKER");
  const { invoiceId } = await api("POST", "/subscriptions/purchase", {
    token,
    body: { subscriptionId: item.subscriptionId },
  });
  await pay(invoiceId);
  const { bookmakerId } = await api("PUT", "/bookmakers/register", {
    token,
    body: { name: `Tg${user.username}`.slice(0, 16) },
  });
  return { user, token, bookmakerId };
}

/** A two-runner race three hours ahead, drafted by `book`; answers its id. */
/** Publishes a race from the bookmaker's other device (the API), the phone in Telegram untouched. */
async function publishElsewhere(book, description) {
  const eventId = await draftRace(book, description);
  await api("POST", "/events", { token: book.token, body: { draftId: eventId } });
}

/** Taps Events on the main page: its list must show `description` within 2 s. */
async function eventsShows(tg, description) {
  await button(tg.app, "Events").click();
  await waitForPath(tg, "/bookmakerevents");
  const shown = await tg.app
    .getByText(description, { exact: true })
    .waitFor({ timeout: 2_000 })
    .then(
      () => true,
      () => false,
    );
  assert(shown, `Events did not show '${description}' within 2 s: ${await tg.app.getByRole("main").textContent()}`);
}

/** A user of Telegram who joined `book` and was approved and given `coins`, signed in: { user, token }. */
async function punterOf(book, coins = 100) {
  const user = newUser("tgpunter");
  const { token } = await api("POST", "/auth/telegram", { body: { initData: signInitData(user) } });
  await api("POST", `/bookmakers/${book.bookmakerId}/sign`, { token });
  const requests = await api("GET", "/bookmakers/requests", { token: book.token });
  const request = requests.find((r) => r.user.username === user.username);
  await api("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`, { token: book.token });
  const balance = { amount: coins, currency: "COIN" };
  await api("POST", "/balances/add", { token: book.token, body: { userId: request.user.internalId, balance } });
  return { user, token };
}

/** POST /share's answer to the app in `tg` (its status and card) once `tap` has asked for it. */
async function shareAnswer(tg, tap) {
  const answered = tg.page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/share",
    { timeout: 10_000 },
  );
  await tap();
  const response = await answered;
  const card = await response.json();
  // 502: an API whose Bot API is not faked (npm run dev's); the checks' own fakes it (harness.mjs).
  assert(response.status() === 200, `POST /share answered ${response.status()} ${JSON.stringify(card)}`);
  return card;
}

async function draftRace(book, description) {
  const start = new Date(Date.now() + 3 * 3_600_000);
  const { eventId } = await api("POST", "/drafts", {
    token: book.token,
    body: {
      title: "Horse Racing / Ireland",
      description,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      bookmakerId: book.bookmakerId,
      maxTotalPayout: 1000,
      items: [
        { title: "Red Rum", coefficient: 2 },
        { title: "Arkle", coefficient: 3 },
      ],
      returnPrice: 0.5,
      botEqualizer: false,
    },
  });
  return eventId;
}

// ---- the checks ------------------------------------------------------------------------

async function main() {
  [{ prod, browser }] = await Promise.all([prepare(["prod"]), serveHost()]);

  await check(
    "start-up inside Telegram Web: the splash, ready, expand, vertical swipes kept for scrolling",
    async () => {
      const tg = await telegramWeb();
      await tg.launch(launchUrl("/", newUser("tgstart")));
      await button(tg.app, "Start").waitFor({ timeout: 15_000 });
      await tg.posted("iframe_ready");
      await tg.posted("web_app_ready");
      await tg.posted("web_app_expand");
      await tg.posted("web_app_setup_swipe_behavior", (d) => d.allow_vertical_swipe === false);
      assertNoPageErrors(tg.page);
      await tg.page.context().close();
    },
  );

  await check("a client older than 7.0 (tgWebAppVersion=6.9) gets the Oops screen", async () => {
    const tg = await telegramWeb();
    await tg.launch(launchUrl("/home", newUser("tgold"), { version: "6.9" }));
    await tg.app.getByRole("heading", { name: "Oops", exact: true }).waitFor({ timeout: 15_000 });
    assert((await tg.app.getByText(OOPS_TEXT, { exact: true }).count()) === 1, "the Oops text is missing");
    await tg.page.context().close();
  });

  await check("theme_changed recolours the app; back and main buttons go through Telegram", async () => {
    const book = await bookmaker();
    const eventId = await draftRace(book, `Tg race ${rand()}`);
    const tg = await telegramWeb();
    await tg.launch(launchUrl("/home", book.user));
    await tg.app.getByRole("heading", { name: "Bookie", level: 1 }).waitFor({ timeout: 15_000 });

    await tg.send("theme_changed", { theme_params: DARK });
    const background = () => tg.frame().evaluate(() => getComputedStyle(document.body).backgroundColor);
    const deadline = Date.now() + 5_000;
    while ((await background()) !== "rgb(23, 33, 43)" && Date.now() < deadline) await sleep(100);
    assert((await background()) === "rgb(23, 33, 43)", `the background stayed ${await background()}`);

    await button(tg.app, "Punters").click();
    await waitForPath(tg, "/bookies");
    await tg.posted("web_app_setup_back_button", (d) => d.is_visible === true);
    await tg.send("back_button_pressed");
    await waitForPath(tg, "/home");

    await tg.launch(launchUrl(`/eventmanagementpage/${eventId}`, book.user));
    await tg.app.getByRole("region", { name: "Member list" }).waitFor({ timeout: 15_000 });
    await tg.posted("web_app_setup_main_button", (d) => d.is_visible === true && d.text === "Save");
    await tg.send("main_button_pressed");
    await waitForPath(tg, "/bookmakerevents");
    assertNoPageErrors(tg.page);
    await tg.page.context().close();
  });

  await check("after a reload on the main page, Market's Back and Events' Back lead back to it", async () => {
    const book = await bookmaker();
    const tg = await telegramWeb();
    await tg.launch(launchUrl("/home", book.user));
    await button(tg.app, "Bookie").click({ timeout: 15_000 });
    await waitForPath(tg, "/mainpage");
    // Telegram's ⋮ → Reload Page: the app's frame loads its address again.
    await tg.frame().evaluate(() => location.reload());
    await tg.app.getByRole("button", { name: "Market", exact: true }).waitFor({ timeout: 15_000 });
    await waitForPath(tg, "/mainpage");
    for (const [name, path] of [
      ["Market", "/marketpage"],
      ["Events", "/bookmakerevents"],
    ]) {
      await tg.app.getByRole("button", { name, exact: true }).click();
      await waitForPath(tg, path);
      await tg.posted("web_app_setup_back_button", (d) => d.is_visible === true);
      await tg.send("back_button_pressed");
      await waitForPath(tg, "/mainpage");
    }
    assertNoPageErrors(tg.page);
    await tg.page.context().close();
  });

  await check("a refused sign-in (429) says so with Retry, and Retry signs him in", async () => {
    const tg = await telegramWeb();
    const refused = await refuseFirstSignIn(tg.page.context(), API_URL, 1);
    await tg.launch(launchUrl("/home", newUser("tg429")));
    const alert = tg.app.getByRole("alert").filter({ hasText: "We could not sign you in." });
    await alert.waitFor({ timeout: 15_000 });
    await alert.getByRole("button", { name: "Retry", exact: true }).click({ timeout: 5_000 });
    await alert.waitFor({ state: "detached", timeout: 5_000 });
    // Signed in: Bookie leads on, to becoming a bookmaker.
    await button(tg.app, "Bookie").click({ timeout: 5_000 });
    await waitForPath(tg, "/subscription");
    assert(refused() === 1, `sign-in was refused ${refused()} times`);
    await tg.page.context().close();
  });

  await check(
    "Events opened from the main page shows an event published elsewhere a moment before, within 2 s",
    async () => {
      const book = await bookmaker();
      const tg = await telegramWeb();
      await tg.launch(launchUrl("/mainpage", book.user));
      // His first steps read his open events: the list the Events screen would show at once.
      await tg.app.getByRole("region", { name: "First steps" }).waitFor({ timeout: 15_000 });
      await sleep(1_200);
      const description = `Tg elsewhere ${rand()}`;
      await publishElsewhere(book, description);
      await eventsShows(tg, description);
      await tg.page.context().close();
    },
  );

  await check(
    "after Telegram's Reload Page on the main page, Events shows an event published elsewhere while the start-up read his events, within 2 s",
    async () => {
      const book = await bookmaker();
      const tg = await telegramWeb();
      await tg.launch(launchUrl("/mainpage", book.user));
      await tg.app.getByRole("region", { name: "First steps" }).waitFor({ timeout: 15_000 });
      // The reloaded app's first read of his open events (his first steps') is answered by the
      // API at once but reaches the phone 2.5 s later, as over a phone's network during the
      // start-up's burst of downloads; the event is published from his other device meanwhile.
      let reloaded = false;
      let asked;
      const readByApi = new Promise((resolve) => (asked = resolve));
      await tg.page.context().route(
        (url) => url.pathname === "/events" && url.search === "?view=open",
        async (route) => {
          if (!reloaded || route.request().method() !== "GET") return route.continue();
          reloaded = false;
          const response = await route.fetch();
          asked();
          await sleep(2_500);
          await route.fulfill({ response });
        },
      );
      reloaded = true;
      // Telegram's ⋮ → Reload Page: Telegram Web asks its script in the app's frame to reload it.
      await tg.send("reload_iframe");
      await readByApi;
      const description = `Tg reloaded ${rand()}`;
      await publishElsewhere(book, description);
      // He taps Events a moment later, the start-up's answer (the list without it) still on its way.
      await button(tg.app, "Events").waitFor({ timeout: 15_000 });
      await sleep(1_000);
      await eventsShows(tg, description);
      assertNoPageErrors(tg.page);
      await tg.page.context().close();
    },
  );

  await check("a cold open of the main page never reads 'Unknown' for the End time", async () => {
    const book = await bookmaker();
    const tg = await telegramWeb();
    // Every text the End time shows, recorded in the app's frame from its first paint.
    await tg.page.context().addInitScript(recordEndTimes);
    await tg.launch(launchUrl("/mainpage", book.user));
    await tg.app.getByText(/^\d{1,2} [A-Z][a-z]+, \d{4}$/).waitFor({ timeout: 15_000 });
    await expectNoUnknownEndTime(tg.frame(), "on a cold open inside Telegram Web");
    await tg.page.context().close();
  });

  await check("an invoice cancelled in Telegram says 'Payment failed. Please try again.'", async () => {
    const book = await bookmaker();
    const tg = await telegramWeb();
    await tg.launch(launchUrl("/marketpage", book.user));
    const coins = tg.app.getByRole("region", { name: "Coins" }).getByRole("button").first();
    await coins.click({ timeout: 15_000 });
    await button(tg.app, "Purchase").click();
    const { slug } = await tg.posted("web_app_open_invoice");
    await tg.send("invoice_closed", { slug, status: "cancelled" });
    await tg.app.getByText("Payment failed. Please try again.", { exact: true }).waitFor({ timeout: 5_000 });
    await tg.page.context().close();
  });

  await check("a purchase paid in Telegram closes the messenger 150 ms later", async () => {
    const book = await bookmaker();
    const tg = await telegramWeb();
    await tg.launch(launchUrl("/marketpage", book.user));
    await tg.app.getByRole("region", { name: "Coins" }).getByRole("button").first().click({ timeout: 15_000 });
    await button(tg.app, "Purchase").click();
    const { slug } = await tg.posted("web_app_open_invoice");
    await pay(tg.page.invoices.at(-1));
    await tg.send("invoice_closed", { slug, status: "paid" });
    const paidAt = await tg.page.evaluate(() => window.sent.at(-1).at);
    const { at } = await tg.posted("web_app_close", () => true, 5_000);
    assert(
      at - paidAt >= 150 && at - paidAt < 3_000,
      `the messenger closed ${Math.round(at - paidAt)} ms after the payment`,
    );
    await tg.page.context().close();
  });

  await check(
    "paid before the bot knows: the app closes, opened again it shows 'Confirming your payment…' until the coins arrive",
    async () => {
      const book = await bookmaker();
      const before = (await api("GET", "/balances", { token: book.token })).balance.amount;
      const tg = await telegramWeb();
      await tg.launch(launchUrl("/marketpage", book.user));
      await tg.app.getByRole("region", { name: "Coins" }).getByRole("button").first().click({ timeout: 15_000 });
      await button(tg.app, "Purchase").click();
      const { slug } = await tg.posted("web_app_open_invoice");
      // Telegram tells the app first; the webhook's successful_payment comes later.
      await tg.send("invoice_closed", { slug, status: "paid" });
      await tg.posted("web_app_close", () => true, 5_000);

      await tg.launch(launchUrl("/marketpage", book.user));
      await tg.app.getByText("Confirming your payment…", { exact: true }).waitFor({ timeout: 15_000 });
      assert(
        await tg.app.getByRole("region", { name: "Coins" }).getByRole("button").first().isDisabled(),
        "a coin package is offered while the payment is confirmed",
      );
      await pay(tg.page.invoices.at(-1));
      await tg.app
        .getByText("Confirming your payment…", { exact: true })
        .waitFor({ state: "detached", timeout: 10_000 });
      const after = (await api("GET", "/balances", { token: book.token })).balance.amount;
      assert(after > before, `the pool went from ${before} to ${after}`);
      await tg.page.context().close();
    },
  );

  await check(
    "becoming a bookmaker, paid before the bot knows: Create profile says 'Confirming your payment…' and holds Create until the subscription arrives",
    async () => {
      const user = newUser("tgnb");
      const tg = await telegramWeb();
      await tg.launch(launchUrl("/subscription", user));
      await tg.app.getByRole("button", { name: /^Subscribe \d+$/ }).click({ timeout: 15_000 });
      await button(tg.app, "Yes").click();
      const { slug } = await tg.posted("web_app_open_invoice");
      // Telegram tells the app first; the webhook's successful_payment comes later.
      await tg.send("invoice_closed", { slug, status: "paid" });
      await waitForPath(tg, "/createprofile");
      const confirming = tg.app.getByText("Confirming your payment…", { exact: true });
      await confirming.waitFor({ timeout: 10_000 });
      const create = button(tg.app, "Create");
      assert(await create.isDisabled(), "Create is offered before the subscription arrived");
      await tg.app.getByLabel("Profile Name").fill(`Nb${user.username}`.slice(0, 16));

      await pay(tg.page.invoices.at(-1));
      await confirming.waitFor({ state: "detached", timeout: 10_000 });
      await create.click();
      await waitForPath(tg, "/mainpage");
      assertNoPageErrors(tg.page);
      await tg.page.context().close();
    },
  );

  await check(
    "a deep link opens the bookmaker; tapped again in the same Telegram Web tab it opens him again",
    async () => {
      const book = await bookmaker();
      const punter = newUser("tgpn");
      const tg = await telegramWeb();
      await tg.launch(launchUrl("/", punter, { startParam: `bk_${book.bookmakerId}` }));
      await button(tg.app, "Join").waitFor({ timeout: 15_000 });
      assert(pathOf(tg) === "/bookies", `the link opened ${pathOf(tg)}`);
      await tg.send("back_button_pressed");
      await waitForPath(tg, "/home");

      await tg.launch(launchUrl("/", punter, { startParam: `bk_${book.bookmakerId}` }));
      await button(tg.app, "Join").waitFor({ timeout: 15_000 });
      assert(pathOf(tg) === "/bookies", `the second tap opened ${pathOf(tg)}`);
      await tg.page.context().close();
    },
  );

  await check(
    "Share on a bet's receipt hands the bot's prepared card to shareMessage (web_app_send_prepared_message)",
    async () => {
      const book = await bookmaker();
      const eventId = await draftRace(book, `Tg share ${rand()}`);
      await api("POST", "/events", { token: book.token, body: { draftId: eventId } });
      const punter = await punterOf(book);
      const tg = await telegramWeb();
      await tg.launch(launchUrl(`/events/${book.bookmakerId}`, punter.user));
      await tg.app.getByRole("button", { name: /^Horse Racing \/ Ireland/ }).click({ timeout: 15_000 });
      const dialog = tg.app.getByRole("dialog", { name: "Horse Racing / Ireland" });
      await dialog.getByRole("button", { name: /^Bet on Red Rum:/ }).click();
      await dialog.getByRole("option", { name: /^1\/4 Max/ }).click();
      await button(dialog, "Bet").click();
      const receipt = tg.app.getByRole("dialog", { name: "Your bet is successful" });
      const card = await shareAnswer(tg, () => button(receipt, "Share the bet").click({ timeout: 10_000 }));
      assert(
        card.buttons[0]?.url === `https://t.me/${E2E_BOT}?startapp=ev_${eventId}`,
        `the card's button opens ${card.buttons[0]?.url}`,
      );
      await tg.posted("web_app_send_prepared_message", (d) => d.id === card.preparedMessageId);
      assertNoPageErrors(tg.page);
      await tg.page.context().close();
    },
  );

  await check("Share in an older client (7.10) opens t.me/share/url with the card's text and link", async () => {
    const book = await bookmaker();
    const eventId = await draftRace(book, `Tg share old ${rand()}`);
    const event = await api("POST", "/events", { token: book.token, body: { draftId: eventId } }).then(() =>
      api("GET", `/events/${eventId}`, { token: book.token }),
    );
    const punter = await punterOf(book);
    const [runner] = event.items;
    await api("POST", "/bets", {
      token: punter.token,
      body: {
        requestId: (await api("GET", `/player/events/${book.bookmakerId}`, { token: punter.token }))[0].requestId,
        bookmakerId: book.bookmakerId,
        eventId,
        eventItemId: runner.id,
        amount: 10,
        coefficient: runner.currCoefficient,
      },
    });
    const tg = await telegramWeb();
    await tg.launch(launchUrl(`/history/${book.bookmakerId}`, punter.user, { version: "7.10" }));
    const share = button(tg.app, `Share the bet on ${runner.title}`);
    const card = await shareAnswer(tg, () => share.click({ timeout: 15_000 }));
    const shareUrl = `/share/url?url=${encodeURIComponent(card.buttons[0].url)}&text=${encodeURIComponent(card.text)}`;
    await tg.posted("web_app_open_tg_link", (d) => d.path_full === shareUrl);
    const sent = (await tg.events()).filter((e) => e.eventType === "web_app_send_prepared_message");
    assert(sent.length === 0, "a 7.10 client was handed shareMessage");
    await tg.page.context().close();
  });

  await check(
    "a shared event's link (startapp=ev_<id>) opens the event for the book's punter, the book's join screen for anyone else",
    async () => {
      const book = await bookmaker();
      const description = `Tg linked ${rand()}`;
      const eventId = await draftRace(book, description);
      await api("POST", "/events", { token: book.token, body: { draftId: eventId } });
      const punter = await punterOf(book);
      const tg = await telegramWeb();
      await tg.launch(launchUrl("/", punter.user, { startParam: `ev_${eventId}` }));
      const dialog = tg.app.getByRole("dialog", { name: "Horse Racing / Ireland" });
      await dialog.getByText(description, { exact: true }).waitFor({ timeout: 15_000 });
      await waitForPath(tg, `/events/${book.bookmakerId}`);

      await tg.launch(launchUrl("/", newUser("tgstranger"), { startParam: `ev_${eventId}` }));
      await button(tg.app, "Join").waitFor({ timeout: 15_000 });
      assert(pathOf(tg) === "/bookies", `the link opened ${pathOf(tg)} for a stranger`);
      assertNoPageErrors(tg.page);
      await tg.page.context().close();
    },
  );

  await check("a buzz on an approval; closing confirmation while the profile form has unsaved changes", async () => {
    const book = await bookmaker();
    const punter = newUser("tgjoin");
    const { token } = await api("POST", "/auth/telegram", { body: { initData: signInitData(punter) } });
    await api("POST", `/bookmakers/${book.bookmakerId}/sign`, { token });
    const tg = await telegramWeb();
    await tg.launch(launchUrl("/playermanagement", book.user));
    await tg.app.getByText(`@${punter.username}`, { exact: true }).click({ timeout: 15_000 });
    await button(tg.app.getByRole("dialog"), "Approve").click();
    await tg.posted(
      "web_app_trigger_haptic_feedback",
      (d) => d.type === "notification" && d.notification_type === "success",
    );

    await tg.launch(launchUrl("/createprofile", book.user));
    const name = tg.app.getByLabel("Profile Name");
    const deadline = Date.now() + 15_000;
    while (!(await name.inputValue().catch(() => "")) && Date.now() < deadline) await sleep(100); // the saved profile fills the form first
    await name.fill("UnsavedBook1");
    await tg.posted("web_app_setup_closing_behavior", (d) => d.need_confirmation === true);
    await tg.page.context().close();
  });

  await check(
    "where the browser denies the iframe its storage (Telegram Web in a private window), the app starts, signs in and works",
    async () => {
      const tg = await telegramWeb({ otherSite: true });
      await tg.launch(launchUrl("/", newUser("tgnostore")));
      await button(tg.app, "Start").click({ timeout: 15_000 });
      await waitForPath(tg, "/home");
      await button(tg.app, "Bookie").waitFor({ timeout: 5_000 });
      const thrown = await tg.frame().evaluate(() => {
        try {
          return String(window.sessionStorage);
        } catch (err) {
          return err.name;
        }
      });
      assert(thrown === "SecurityError", `storage was not denied (${thrown})`);
      // Bookie asks the API with the session kept in memory: it leads on, to /subscription.
      const deadline = Date.now() + 10_000;
      while (pathOf(tg) === "/home" && Date.now() < deadline) {
        await button(tg.app, "Bookie")
          .click({ timeout: 2_000 })
          .catch(() => {});
        await sleep(300);
      }
      assert(pathOf(tg) === "/subscription", `Bookie led to ${pathOf(tg)}`);
      assertNoPageErrors(tg.page);
      await tg.page.context().close();
    },
  );
}

run(main, { limitMs: 6 * 60_000 });
