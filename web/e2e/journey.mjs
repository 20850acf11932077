// Browser golden path: a bookmaker subscribes (dev pay), creates his profile and an event; a
// punter finds him by search and asks to join; the bookmaker approves and gives coins (API);
// the punter bets in the dialog and sees the bet in his history. Phone-size screenshots go to
// /tmp. `npm run test:e2e` runs it after smoke.mjs. Needs Debian's Chromium and no internet.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const API_URL = "http://127.0.0.1:8787";
const TOTAL_LIMIT_MS = 5 * 60_000;
const SHOT = (name) => `/tmp/bookie-journey-${name}.png`;

const work = mkdtempSync(path.join(tmpdir(), "bookie-journey-"));
const started = [];
let browser = null;
const results = [];
const log = (line) => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rand = () => Math.random().toString(36).slice(2, 8);

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Steps depend on each other: the first failure ends the journey. */
async function step(name, fn) {
  try {
    await fn();
    results.push(true);
    log(`ok   ${name}`);
  } catch (err) {
    results.push(false);
    log(`FAIL ${name}\n     ${String(err?.message ?? err).split("\n").slice(0, 8).join("\n     ")}`);
    throw new Error("journey stopped");
  }
}

function startChild(name, args, env) {
  const logFile = path.join(work, `${name}.log`);
  const out = openSync(logFile, "a");
  const child = spawn(process.execPath, args, { cwd: repo, env, detached: true, stdio: ["ignore", out, out] });
  Object.assign(child, { logFile, label: name });
  started.push(child);
  return child;
}

function stopChildren(signal = "SIGTERM") {
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

const tail = (file) => {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-15).join("\n");
  } catch {
    return "(no log)";
  }
};

async function waitForHttp(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${child.label} exited early; log:\n${tail(child.logFile)}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function buildDev() {
  const outDir = path.join(work, "dev");
  const res = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--config", "web/vite.config.ts", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: repo,
    env: { ...process.env, VITE_API_URL: API_URL, VITE_DEV_MODE: "true" },
    encoding: "utf8",
    timeout: 120_000,
  });
  if (res.status !== 0) throw new Error(`vite build failed:\n${res.stdout}${res.stderr}`);
  return outDir;
}

async function serve(outDir) {
  const port = await freePort();
  const child = startChild("preview", ["node_modules/vite/bin/vite.js", "preview", "--config", "web/vite.config.ts", "--outDir", outDir, "--host", "127.0.0.1", "--port", String(port), "--strictPort"], process.env);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, 30_000, child);
  return url;
}

async function startApi() {
  try {
    if ((await fetch(`${API_URL}/health`, { signal: AbortSignal.timeout(1000) })).ok) return log(`note the API already answers on ${API_URL}; using it`);
  } catch {
    // not running: start it
  }
  const child = startChild("api", ["scripts/dev.mjs", "api"], { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" });
  await waitForHttp(`${API_URL}/health`, 120_000, child);
}

/** A phone in its own browser context (its own sessionStorage, so its own Telegram user). */
async function phone() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.route("https://telegram.org/**", (route) => route.abort());
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (err) => page.errors.push(err.message));
  // The dev Telegram stand-in asks window.confirm before paying an invoice: say yes.
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
}

/** The API as a signed-in page's user, with the token the app keeps in sessionStorage. */
async function apiAs(page) {
  await page.waitForFunction(() => Boolean(sessionStorage.getItem("jwt")), null, { timeout: 10_000 });
  const token = await page.evaluate(() => sessionStorage.getItem("jwt"));
  return async (method, route, body) => {
    const res = await fetch(`${API_URL}${route}`, {
      method,
      headers: { Authorization: `JWT ${token}`, Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
}

/** No horizontal scroll on a 390 px phone. */
async function fitsThePhone(page, where) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 390, `${where} scrolls sideways: ${wide}px wide`);
}

async function main() {
  if (!spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout) throw new Error(`no Chromium at ${CHROMIUM}`);
  log("building the dev-mode build…");
  const outDir = buildDev();
  log("starting the API and the preview…");
  await startApi();
  const url = await serve(outDir);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });

  const id = rand();
  const bookieUser = `bk${id}`;
  const punterUser = `pt${id}`;
  const profileName = `Golden${id}`; // 12 characters, Latin letters and digits
  const eventTitle = "Horse Racing / Ireland";

  const bookie = await phone();
  let bookieApi;
  let bookmakerId;

  await step("the bookmaker subscribes with dev pay", async () => {
    await bookie.goto(`${url}/subscription?devUser=${bookieUser}`);
    const subscribe = bookie.getByRole("button", { name: /^Subscribe \d+$/ });
    await subscribe.waitFor({ timeout: 15_000 });
    await bookie.screenshot({ path: SHOT("subscription") });
    await fitsThePhone(bookie, "/subscription");
    await subscribe.click();
    await bookie.getByRole("dialog", { name: "Do you want to become a bookmaker?" }).getByRole("button", { name: "Yes", exact: true }).click();
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

  const punter = await phone();
  await step("the punter finds the bookmaker by search and asks to join", async () => {
    await punter.goto(`${url}/bookies?devUser=${punterUser}`);
    const search = punter.getByPlaceholder("Search bookmaker");
    await search.waitFor({ timeout: 15_000 });
    await punter.getByText("My Bookie (0)").waitFor({ timeout: 10_000 });
    await search.fill(`  ${profileName.toLowerCase().slice(0, 9)} `);
    const card = punter.getByRole("region", { name: "Search results" }).getByRole("article", { name: profileName });
    await card.getByRole("button", { name: "Join", exact: true }).click();
    await punter.getByRole("region", { name: "My bookmakers" }).getByRole("button", { name: "Waiting...", exact: true }).waitFor({ timeout: 10_000 });
    await punter.screenshot({ path: SHOT("bookies") });
    await fitsThePhone(punter, "/bookies");
  });

  await step("the bookmaker approves him and gives him 500 coins (API)", async () => {
    const requests = await bookieApi("GET", "/bookmakers/requests");
    const request = requests.find((r) => r.user.username === punterUser);
    assert(request, `no join request from ${punterUser}`);
    await bookieApi("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
    await bookieApi("POST", "/balances/add", { userId: request.user.internalId, balance: { amount: 500, currency: "COIN" } });
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

  await step("no page errors on either phone", async () => {
    assert(bookie.errors.length === 0 && punter.errors.length === 0, [...bookie.errors, ...punter.errors].join("\n"));
  });
  log(`screenshots: /tmp/bookie-journey-*.png`);
}

const limit = setTimeout(() => finish(new Error(`overall time limit of ${TOTAL_LIMIT_MS / 1000} s reached`)), TOTAL_LIMIT_MS);

let finishing = false;
async function finish(error) {
  if (finishing) return;
  finishing = true;
  clearTimeout(limit);
  if (error && error.message !== "journey stopped") {
    results.push(false);
    log(`FAIL ${error.message ?? error}`);
  }
  if (browser) await browser.close().catch(() => {});
  stopChildren("SIGTERM");
  const deadline = Date.now() + 5000;
  while (started.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) await sleep(100);
  stopChildren("SIGKILL");
  rmSync(work, { recursive: true, force: true });
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => finish(new Error(`stopped by ${sig}`)));
process.on("exit", () => stopChildren("SIGKILL"));

main().then(() => finish(), finish);
