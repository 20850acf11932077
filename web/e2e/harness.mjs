// The plumbing shared by the browser checks: the local API, Vite builds and previews, Chromium on
// a phone-size screen, child processes that never outlive the script, and the report (a line per
// check, then "N passed, N failed"; the exit code is 1 on any failure).
//
// A script runs alone (`node web/e2e/smoke.mjs`) or under `node web/e2e/run.mjs`, which starts the
// API, builds and serves the dev-mode and production bundles once and hands their addresses over
// in BOOKIE_E2E_DEV_URL and BOOKIE_E2E_PROD_URL.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatter } from "@lingui/format-po";
import { chromium } from "playwright-core";
import { tempInMemory } from "../../scripts/memory-tmp.mjs";

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * The local API's port: 8787, scripts/dev.mjs's, unless BOOKIE_E2E_API_PORT names another (0: any
 * free port). On another port the harness starts an API of its own on a database of its own, so
 * two runs on one machine (another engineer's, another worktree's) never share an API or its data.
 */
export const API_PORT =
  process.env.BOOKIE_E2E_API_PORT === "0" ? await freePort() : Number(process.env.BOOKIE_E2E_API_PORT || 8787);
export const API_URL = `http://127.0.0.1:${API_PORT}`;
export const PHONE = { width: 390, height: 844 };
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Telegram's SDK cannot load offline: its host fails at once. Not a route(): routing a context
  // intercepts all of its requests, and Playwright then answers CORS preflights itself, so the
  // API's own CORS answers would go untested (and intercepted requests fail now and then).
  "--host-resolver-rules=MAP telegram.org ~NOTFOUND",
];
const VITE = "node_modules/vite/bin/vite.js";
/** Set by run.mjs: the API is its to start and stop, so scripts use it without a note. */
const SHARED_API = process.env.BOOKIE_E2E_SHARED_API === "1";

// The API's D1 and rooms, the builds and the browsers' profiles in memory where the machine allows.
tempInMemory();
const work = mkdtempSync(path.join(tmpdir(), "bookie-e2e-"));
const started = []; // child processes, each the leader of its own process group
const cleanups = []; // what else to stop at the end (the checks' own API)
const browsers = [];
const pages = []; // every phone, screenshotted when a check fails
const tally = { passed: 0, failed: 0 };
let failures = 0;
let stopping = false; // once the run is ending, checks still under way are not reported

export const log = (line) => process.stdout.write(`${line}\n`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const rand = () => Math.random().toString(36).slice(2, 8);

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Adds to the report without a line of its own (run.mjs adds its scripts' counts). */
export function count(passed, failed) {
  tally.passed += passed;
  tally.failed += failed;
}

async function report(ok, name, err, seconds = 0) {
  if (stopping) return;
  count(ok ? 1 : 0, ok ? 0 : 1);
  // A check's time when it is long enough to matter to the run's.
  if (ok) return log(`ok   ${name}${seconds >= 3 ? ` (${seconds.toFixed(1)} s)` : ""}`);
  const lines = String(err?.message ?? err)
    .split("\n")
    .slice(0, 30);
  // What each open phone showed when it failed, to see why.
  failures++;
  for (const [i, page] of pages.filter((p) => !p.isClosed()).entries()) {
    const file = path.join(
      tmpdir(),
      `bookie-failure-${path.basename(process.argv[1], ".mjs")}-${failures}-${i + 1}.png`,
    );
    if (
      await page.screenshot({ path: file, timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      lines.push(`(${page.url()} is in ${file})`);
  }
  log(`FAIL ${name}\n     ${lines.join("\n     ")}`);
}

async function attempt(name, fn) {
  const started = Date.now();
  try {
    await fn();
    await report(true, name, undefined, (Date.now() - started) / 1000);
    return true;
  } catch (err) {
    await report(false, name, err);
    return false;
  }
}

class Stopped extends Error {}

/** BOOKIE_E2E_ONLY=<regular expression>: only the checks whose name matches run (steps always do). */
const ONLY = process.env.BOOKIE_E2E_ONLY ? new RegExp(process.env.BOOKIE_E2E_ONLY, "i") : null;

let closingChecksPhones = false;
/**
 * From now on each check's phones (opened while it runs) are closed once it is reported (a
 * failure's screenshots taken first): a script of many independent checks, each with users of
 * its own, otherwise keeps every phone open and polling to its end (flows.mjs had 28).
 */
export function closeEachChecksPhones() {
  closingChecksPhones = true;
}

/** An independent check: a failure is reported and the script goes on. */
export async function check(name, fn) {
  if (ONLY && !ONLY.test(name)) return;
  const before = pages.length;
  await attempt(name, fn);
  if (!closingChecksPhones) return;
  const opened = pages.splice(before);
  await Promise.all(audits); // every screen they showed is audited before they go
  await Promise.all(
    opened.map((page) =>
      page
        .context()
        .close()
        .catch(() => {}),
    ),
  );
}

/** A step of a journey: steps depend on each other, so the first failure ends the journey. */
export async function step(name, fn) {
  if (!(await attempt(name, fn))) throw new Stopped("journey stopped");
}

// ---- child processes ------------------------------------------------------------------

/** Starts a long-running child in its own process group, so stopping it stops its children too. */
export function startChild(name, args, env = process.env, stdio) {
  const logFile = path.join(work, `${name}.log`);
  const out = openSync(logFile, "a");
  const child = spawn(process.execPath, args, { cwd: repo, env, detached: true, stdio: stdio ?? ["ignore", out, out] });
  Object.assign(child, { logFile, label: name });
  started.push(child);
  return child;
}

const running = (child) => child.exitCode === null && child.signalCode === null;

function stopChildren(signal) {
  for (const child of started) {
    if (!running(child)) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

export function tail(file, lines = 15) {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export async function waitForHttp(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && !running(child))
      throw new Error(`${child.label} exited early (code ${child.exitCode}); log:\n${tail(child.logFile)}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${child ? `; log:\n${tail(child.logFile)}` : ""}`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// ---- the API and the web app ------------------------------------------------------------

/**
 * The local dev API on API_PORT: one already answering is used; else on 8787 it starts as
 * `scripts/dev.mjs api` does, and on another port it is this run's own (apiOfTheChecks()).
 */
export async function startApi() {
  // run.mjs's API is up before any script starts: a slow answer under the checks' load (over a
  // second at times) is no reason to start a second one on its port, which failed a script so.
  if (SHARED_API) return waitForHttp(`${API_URL}/health`, 30_000);
  try {
    if ((await fetch(`${API_URL}/health`, { signal: AbortSignal.timeout(1000) })).ok) {
      if (!SHARED_API) log(`note the API already answers on ${API_URL}; using it`);
      return;
    }
  } catch {
    // not running: start it
  }
  if (API_PORT !== 8787) return apiOfTheChecks();
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
  const child = startChild("api", ["scripts/dev.mjs", "api"], env);
  await waitForHttp(`${API_URL}/health`, 120_000, child);
}

/** Every request the API of the checks answered: { route, method, status, ms }, from its request log. */
export const apiRequests = [];
/** The errors and warnings the API of the checks logged (BOOKIE_E2E_KEEP=1 keeps it). */
export const API_LOG = path.join(work, "api.log");
export const apiProblems = { count: 0 };

/** The bot's username the fake Bot API answers getMe with: GET /config's, and every t.me link's. */
export const E2E_BOT = "BookieE2EBot";

/**
 * The dev bot's Bot API as the checks' API sees it (its messages stay in the dev outbox): getMe
 * names E2E_BOT, savePreparedInlineMessage keeps a shared card (POST /share) and answers its id
 * (`e2e-<n>-<result id>`); any other method is unreachable, as Telegram is from this machine.
 */
async function fakeBotApi() {
  let prepared = 0;
  const server = createHttpServer((req, res) => {
    const method = req.url.split("/").pop();
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const answer = (result) => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ ok: true, result }));
      };
      if (method === "getMe") return answer({ id: 1, is_bot: true, first_name: "Bookie", username: E2E_BOT });
      if (method === "savePreparedInlineMessage") {
        const { result } = JSON.parse(body);
        return answer({ id: `e2e-${++prepared}-${result.id}`, expiration_date: Math.floor(Date.now() / 1000) + 3600 });
      }
      req.socket.destroy();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  cleanups.push(async () => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${server.address().port}`;
}

/**
 * The checks' own API: the worker run by Miniflare in one workerd (no wrangler dev reload proxy, a
 * second workerd on two cores), dev mode on, D1 and rooms in this run's work directory, the dev
 * bot's Bot API faked (fakeBotApi). Its rate
 * limits are wrangler.toml's, but sign-in's: that one counts per client address, and every
 * browser here signs in from 127.0.0.1, so all the checks together would share one address's
 * limit (100 a window) as no real pub does; it is raised out of reach, as the benchmarks raise it.
 */
async function apiOfTheChecks() {
  const [{ startApi: startLocalApi }, { experimental_readRawConfig }] = await Promise.all([
    import("../../scripts/bench/local-api.mjs"),
    import("wrangler"),
  ]);
  const { rawConfig } = experimental_readRawConfig({ config: path.join(repo, "wrangler.toml") });
  const ratelimits = Object.fromEntries(
    rawConfig.ratelimits.map(({ name, namespace_id, simple }) => [
      name,
      { namespace_id, simple: name === "SIGN_IN_LIMIT" ? { ...simple, limit: 1_000_000_000 } : simple },
    ]),
  );
  const api = await startLocalApi(API_PORT, {
    entry: "worker/index.ts",
    telegramApiUrl: await fakeBotApi(),
    durableObjects: { EVENT_ROOM: { className: "EventRoom", useSQLite: true } },
    ratelimits,
    onRequest: ({ method, route, status, ms }) => apiRequests.push({ method, route, status, ms }),
    // Its errors and warnings go to its log, as wrangler dev's would; run.mjs counts them.
    onProblem: (message) => {
      apiProblems.count++;
      appendFileSync(API_LOG, `${message}\n`);
    },
  });
  cleanups.push(api.stop);
}

/** Builds the mini-app into the work directory: `dev` in dev mode, `prod` as deployed. */
export async function build(kind) {
  const outDir = path.join(work, kind);
  const env = { ...process.env, VITE_API_URL: API_URL };
  if (kind === "dev") env.VITE_DEV_MODE = "true";
  else delete env.VITE_DEV_MODE;
  const child = spawn(
    process.execPath,
    [VITE, "build", "--config", "web/vite.config.ts", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    {
      cwd: repo,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
  const code = await new Promise((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`vite build (${kind}) failed:\n${output}`);
  return outDir;
}

/** Serves a build with `vite preview` on a free port; answers its address. */
export async function serve(kind, outDir) {
  const port = await freePort();
  const child = startChild(`preview-${kind}`, [
    VITE,
    "preview",
    "--config",
    "web/vite.config.ts",
    "--outDir",
    outDir,
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--strictPort",
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, 30_000, child);
  return url;
}

const ENV_URL = { dev: "BOOKIE_E2E_DEV_URL", prod: "BOOKIE_E2E_PROD_URL" };

/** The address of a served build: the one run.mjs shares, else built and served here. */
export async function webApp(kind) {
  const shared = process.env[ENV_URL[kind]];
  if (shared) return shared;
  return serve(kind, await build(kind));
}

/**
 * Everything a script needs, started side by side: the API, the served builds named in `kinds`
 * ("dev", "prod") and, unless `browser: false`, Chromium. Answers { dev, prod, browser }.
 */
export async function prepare(kinds, { browser = true } = {}) {
  const missing = kinds.filter((k) => !process.env[ENV_URL[k]]);
  if (missing.length)
    log(
      `building and serving ${missing.map((k) => (k === "dev" ? "the dev-mode build" : "the production build")).join(" and ")}…`,
    );
  const [launched, , ...urls] = await Promise.all([browser ? launchBrowser() : null, startApi(), ...kinds.map(webApp)]);
  return { ...Object.fromEntries(kinds.map((k, i) => [k, urls[i]])), browser: launched };
}

// ---- the browser ------------------------------------------------------------------------

export async function launchBrowser() {
  if (!spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  browsers.push(browser);
  return browser;
}

/**
 * A phone in its own browser context (its own sessionStorage, so its own Telegram user).
 * Telegram's SDK cannot load offline (CHROMIUM_ARGS), as outside Telegram it may be missing. The
 * dev Telegram stand-in asks window.confirm before paying an invoice: the phone says yes.
 */
export async function phone(browser, { audited = true, ...options } = {}) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...options,
  });
  return watched(await context.newPage(), { audited });
}

/**
 * Another tab of `page`'s browser context, watched as a phone is: the same person in a second
 * window (sessionStorage is a tab's own, so it signs in again from its ?devUser= address).
 */
export async function anotherTab(page) {
  return watched(await page.context().newPage());
}

/**
 * Errors, dialogs, requests under way and the accessibility audit on a page, as every phone has
 * them; `audited: false` leaves its screens to the caller's own audit() calls.
 */
function watched(page, { audited = true } = {}) {
  pages.push(page);
  page.errors = [];
  page.on("pageerror", (err) => page.errors.push(err.message));
  // An answer the browser refused for its CORS headers fails the app's fetch like a lost
  // network, which the screens ride out (SWR retries later); only the console says so.
  page.on("console", (msg) => {
    if (msg.type() === "error" && msg.text().includes("CORS policy")) page.errors.push(msg.text());
  });
  page.on("dialog", (dialog) => void dialog.accept());
  // Requests under way and when the last began or ended, for networkQuiet.
  page.network = { underWay: 0, lastAt: Date.now() };
  const begun = () => {
    page.network.underWay++;
    page.network.lastAt = Date.now();
  };
  const ended = () => {
    page.network.underWay--;
    page.network.lastAt = Date.now();
  };
  page.on("request", begun);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  if (audited) auditEveryScreen(page);
  return page;
}

/**
 * Waits until `page` (a phone) has had no request under way for `quietMs`: a screen's answers
 * are in and drawn. A fixed sleep waited as long on every screen, the quick ones too; a screen
 * that polls is quiet between its polls. Gives up after `timeoutMs` without failing: what the
 * caller checks next says whether the screen is right.
 */
export async function networkQuiet(page, quietMs = 200, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (page.network.underWay <= 0 && Date.now() - page.network.lastAt >= quietMs) return;
    await sleep(25);
  }
}

/**
 * Opens `route` inside the app as a tap would (history and popstate, no reload) and waits for
 * its screen to settle: drawn, nothing loading, its first answers in.
 */
export async function openRoute(page, route) {
  await page.evaluate((r) => {
    history.pushState(null, "", r);
    dispatchEvent(new PopStateEvent("popstate"));
  }, route);
  await page.waitForFunction(
    () => document.querySelector("#root main") && !document.querySelector('[aria-busy="true"]'),
    null,
    { timeout: 10_000 },
  );
  await networkQuiet(page);
}

/** A language's catalogue as {English: translation}: a check finds a button by its name in the language. */
export async function catalogue(language) {
  const file = path.join(repo, `web/src/locales/${language}.po`);
  const parsed = await formatter().parse(readFileSync(file, "utf8"), {
    locale: language,
    sourceLocale: "en",
    filename: file,
  });
  return new Map(Object.values(parsed).map((m) => [m.message, m.translation]));
}

// ---- accessibility --------------------------------------------------------------------

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/** Apple's and Android's smallest comfortable tap target, the spec's phone being a phone. */
export const TAP_TARGET_PX = 44;
/**
 * Dev mode's stand-ins, not in the deployed app: the Bot messages tab (a developer's tool at the
 * screen's edge) and the mock of Telegram's own Back button (Telegram draws the real one).
 */
const DEV_TOOLS = ".bot-drawer-toggle, .dev-telegram-back";
const findings = new Map(); // what was found → the screens it was found on
const audits = []; // every audit begun, awaited before the report
let screensAudited = 0;

/**
 * Each screen a phone opens (a frame's path, the app's own frame inside Telegram's host page
 * too) is audited once it has settled: axe-core's serious and critical violations (a control
 * without an accessible name among them) and tap targets under 44 px. Reported once at the end
 * of the script, so every script checks every screen it visits.
 */
function auditEveryScreen(page) {
  const seen = new WeakMap(); // frame → the paths it has shown
  // A queue per frame: Telegram's host page, which never shows the app's screen, waits out its
  // 5 s alone instead of holding up the app's frame until its check has closed the phone.
  const queues = new WeakMap(); // frame → its audits, one after another
  page.on("framenavigated", (frame) => {
    if (!frame.url().startsWith("http")) return;
    const paths = seen.get(frame) ?? new Set();
    seen.set(frame, paths);
    const { pathname } = new URL(frame.url());
    if (paths.has(pathname)) return;
    paths.add(pathname);
    const queue = (queues.get(frame) ?? Promise.resolve()).then(() => auditScreen(frame)).catch(() => {}); // a page closed mid-audit is not a finding
    queues.set(frame, queue);
    audits.push(queue);
  });
}

/**
 * Audits what `page` shows now (a dialog, a sheet) as auditEveryScreen audits a screen, under
 * `label`; reported with the screens at the end of the script.
 */
export function audit(page, label) {
  const done = auditScreen(page.mainFrame(), label).catch(() => {});
  audits.push(done);
  return done;
}

async function auditScreen(frame, label) {
  // The app's screens only (not Telegram's host page), once drawn: no screen still loading.
  const settled = await frame
    .waitForFunction(
      () => document.querySelector("#root main") && !document.querySelector('[aria-busy="true"]'),
      null,
      { timeout: 5_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!settled) return;
  await sleep(300); // the screen's first answers from the API
  // Transitions finished: a button enabled a moment ago is still fading in from its disabled
  // half opacity, whose contrast axe-core would report (it did, once, on /subscription).
  await frame
    .waitForFunction(
      () => document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 2_000 },
    )
    .catch(() => {});
  if (!(await frame.evaluate(() => Boolean(window.axe)))) await frame.addScriptTag({ path: AXE });
  const found = await frame.evaluate(
    async ([minPx, exempt]) => {
      // Contrast too inside Telegram: the app makes the client's theme colours readable (telegram/theme.ts).
      const options = { resultTypes: ["violations"] };
      const seriousOf = (results) =>
        results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      let violations = seriousOf(await window.axe.run(document, options));
      // A button fading in as it turns enabled is caught half-way (once on /subscription, once on
      // /createprofile as the payment was confirmed): what still stands after three more looks
      // over two seconds is the screen's.
      for (let look = 0; look < 3 && violations.length > 0; look++) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        violations = seriousOf(await window.axe.run(document, options));
      }
      const serious = violations.flatMap((v) =>
        v.nodes.map(
          (n) =>
            `${v.id} (${v.impact}): ${n.target.join(" ")}: ${[...n.any, ...n.all, ...n.none][0]?.message ?? v.help}`,
        ),
      );
      const CONTROLS =
        "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=switch], [role=checkbox], [role=tab]";
      const visible = (el) =>
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getClientRects().length > 0;
      const small = [];
      for (const el of document.querySelectorAll(CONTROLS)) {
        if (el.closest(`[inert], [aria-hidden=true], ${exempt}`) || el.disabled) continue;
        // A field is tapped through its label too: the larger of the two is the target.
        const parts = [el, ...(el.labels ?? [])].filter(visible).map((p) => p.getBoundingClientRect());
        if (parts.length === 0) continue;
        const width = Math.max(...parts.map((r) => r.width));
        const height = Math.max(...parts.map((r) => r.height));
        if (width >= minPx && height >= minPx) continue;
        const name = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || "")
          .trim()
          .slice(0, 30);
        small.push(
          `tap target ${Math.round(width)}×${Math.round(height)} px: <${el.tagName.toLowerCase()}${el.className ? ` class="${el.className}"` : ""}> "${name}"`,
        );
      }
      return [...serious, ...small];
    },
    [TAP_TARGET_PX, DEV_TOOLS],
  );
  screensAudited++;
  const where = label ?? new URL(frame.url()).pathname;
  for (const finding of found) findings.set(finding, [...(findings.get(finding) ?? []), where]);
}

async function reportAccessibility() {
  if (audits.length === 0) return;
  await Promise.race([Promise.all(audits), sleep(20_000)]);
  const name = `accessibility of the ${screensAudited} screens visited: no serious or critical axe-core violation, tap targets at least ${TAP_TARGET_PX} px`;
  // Every finding, not report()'s first lines: one run should show all there is to fix.
  const ok = findings.size === 0 && screensAudited > 0;
  count(ok ? 1 : 0, ok ? 0 : 1);
  if (ok) return log(`ok   ${name}`);
  log(`FAIL ${name}${screensAudited === 0 ? " (no screen could be audited)" : ""}`);
  for (const [finding, paths] of findings) log(`     ${finding} (on ${[...new Set(paths)].join(", ")})`);
}

/** Taps `target` until the page is at a URL matching `url`: taps while a screen loads may do nothing. */
export async function tapUntil(page, target, url, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!url.test(page.url()) && Date.now() < deadline) {
    await target.click({ timeout: 2_000 }).catch(() => {});
    await page.waitForURL(url, { timeout: 500 }).catch(() => {});
  }
  assert(url.test(page.url()), `still at ${page.url()}`);
}

/** The API as a signed-in page's user, with the token the app keeps in sessionStorage. */
export async function apiAs(page) {
  await page.waitForFunction(() => Boolean(sessionStorage.getItem("jwt")), null, { timeout: 10_000 });
  const token = await page.evaluate(() => sessionStorage.getItem("jwt"));
  return async (method, route, body) => {
    const res = await fetch(`${API_URL}${route}`, {
      method,
      headers: {
        Authorization: `JWT ${token}`,
        Accept: "application/json",
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
}

/**
 * Set-up through the screens: `devUser` subscribes with dev pay and creates his profile `name`
 * (no terms); answers his API and his book's id. bookmaker.mjs and journey.mjs check these
 * screens themselves.
 */
export async function becomeBookmaker(page, url, devUser, name) {
  await page.goto(`${url}/subscription?devUser=${devUser}`);
  const subscribe = page.getByRole("button", { name: /^Subscribe \d+$/ });
  await subscribe.waitFor({ timeout: 15_000 });
  await subscribe.click();
  await page
    .getByRole("dialog", { name: "Do you want to become a bookmaker?" })
    .getByRole("button", { name: "Yes", exact: true })
    .click();
  await page.waitForURL(/\/createprofile$/, { timeout: 15_000 });
  await page.getByLabel("Profile Name").fill(name);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await page.waitForURL(/\/mainpage$/, { timeout: 10_000 });
  const api = await apiAs(page);
  const bookmakerId = (await api("GET", "/bookmakers/authorizeMe")).bookmakerDto?.bookmakerId;
  assert(bookmakerId, "no bookmaker profile after Create");
  return { api, bookmakerId };
}

/** Buys a catalogue item by type (BOOKMAKER, …) and pays its invoice as dev mode does. */
export async function buy(api, type) {
  const item = (await api("GET", "/subscriptions")).find((i) => i.subscriptionType === type);
  assert(item, `no ${type} in the catalogue`);
  const { invoiceLink } = await api("POST", "/subscriptions/purchase", { subscriptionId: item.subscriptionId });
  const res = await fetch(new URL(invoiceLink, API_URL), { method: "POST" });
  assert(res.ok, `paying ${type} answered ${res.status}`);
}

/**
 * A bookmaker's phone, set up through the API: `devUser` signed in at /home, his BOOKMAKER
 * subscription bought with dev pay and his profile `name` registered; answers the page, its API
 * and the book's id. `options` are the phone's (phone()).
 */
export async function bookmakerPhone(browser, url, devUser, name, options = { timezoneId: "UTC" }) {
  const page = await phone(browser, options);
  await page.goto(`${url}/home?devUser=${devUser}`);
  const api = await apiAs(page);
  await buy(api, "BOOKMAKER");
  const { bookmakerId } = await api("PUT", "/bookmakers/register", { name });
  return { page, api, bookmakerId };
}

/**
 * A punter's phone, set up through the API: `devUser` signed in at /bookies, his join request to
 * the book approved by its bookmaker's `bookieApi` and `coins` given him; answers the page, its
 * API and his user id. `options` are the phone's (phone()).
 */
export async function punterPhone(browser, url, devUser, book, options = { timezoneId: "UTC" }) {
  const page = await phone(browser, options);
  await page.goto(`${url}/bookies?devUser=${devUser}`);
  const api = await apiAs(page);
  await api("POST", `/bookmakers/${book.bookmakerId}/sign`);
  const request = (await book.api("GET", "/bookmakers/requests")).find((r) => r.user.username === devUser);
  assert(request, `no join request from ${devUser}`);
  await book.api("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
  const userId = request.user.internalId;
  await book.api("POST", "/balances/add", { userId, balance: { amount: book.coins, currency: "COIN" } });
  return { page, api, userId };
}

/**
 * Publishes a three-runner race (Red Rum 2, Shergar 3, Arkle 5) `startIn` ms ahead through the
 * bookmaker's `api` (apiAs); answers its event id. themes.mjs and languages.mjs set up with it.
 */
export async function publishRace(
  api,
  bookmakerId,
  {
    description = `Race ${rand()}`,
    startIn = 3 * 3_600_000,
    botEqualizer = false,
    runners = ["Red Rum", "Shergar", "Arkle"],
  } = {},
) {
  const start = Date.now() + startIn;
  const { eventId } = await api("POST", "/drafts", {
    title: "Horse Racing / Ireland",
    description,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3_600_000).toISOString(),
    bookmakerId,
    maxTotalPayout: 1000,
    items: runners.map((title, i) => ({ title, coefficient: [2, 3, 5][i] ?? 8 })),
    returnPrice: botEqualizer ? 0.95 : 0.5,
    botEqualizer,
  });
  await api("POST", "/events", { draftId: eventId });
  return eventId;
}

const two = (n) => String(n).padStart(2, "0");

/**
 * On the New Event form (open on `page`): a race in Ireland described so, starting at `start`
 * (a Date, to the minute, UTC), with these runners ({title, odds} as typed; the form starts with
 * two rows). racing.mjs and sp.mjs fill it so.
 */
export async function fillRaceForm(page, { description, start, runners }) {
  await page.getByLabel("Country", { exact: true }).selectOption("Ireland", { timeout: 10_000 });
  await page.getByLabel("Description", { exact: true }).fill(description);
  await page
    .getByLabel("Date", { exact: true })
    .pressSequentially(`${two(start.getUTCDate())}${two(start.getUTCMonth() + 1)}${two(start.getUTCFullYear() % 100)}`);
  await page
    .getByLabel("Time", { exact: true })
    .pressSequentially(`${two(start.getUTCHours())}${two(start.getUTCMinutes())}`);
  for (let i = 2; i < runners.length; i++)
    await page.getByRole("button", { name: "Add member to list", exact: true }).click();
  for (const [i, r] of runners.entries()) {
    await page.getByLabel(`Outcome ${i + 1}`, { exact: true }).fill(r.title);
    // Odds are typed; Enter takes them to their rung of the ladder.
    await page.getByLabel(`Odds of outcome ${i + 1}`, { exact: true }).fill(r.odds);
    await page.getByLabel(`Odds of outcome ${i + 1}`, { exact: true }).press("Enter");
  }
}

/** Save and Start on the New Event form, confirmed: the event is live; answers it as the bookmaker's `api` reads it. */
export async function startFromForm(page, api, description) {
  await page.getByRole("button", { name: "Save and Start", exact: true }).click();
  const published = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/events",
    { timeout: 10_000 },
  );
  await page
    .getByRole("dialog", { name: "Are you sure you want to start the event?" })
    .getByRole("button", { name: "Start", exact: true })
    .click();
  assert((await published).ok(), `POST /events answered ${(await published).status()}`);
  await page.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
  return (await api("GET", "/events?view=open")).find((e) => e.description === description);
}

/** None of the pages raised an uncaught error. */
export function assertNoPageErrors(...pages) {
  const errors = pages.flatMap((p) => p.errors);
  assert(errors.length === 0, errors.join("\n"));
}

/** No horizontal scroll on a 390 px phone. */
export async function fitsThePhone(page, where) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= PHONE.width, `${where} scrolls sideways: ${wide}px wide`);
}

// ---- the run --------------------------------------------------------------------------

/**
 * Runs `main` under an overall time limit, then stops everything this script started, prints
 * "N passed, N failed" and exits (1 on any failure, or when nothing passed).
 */
export function run(main, { limitMs = 5 * 60_000 } = {}) {
  let finishing = false;
  const limit = setTimeout(() => finish(new Error(`overall time limit of ${limitMs / 1000} s reached`)), limitMs);

  async function finish(error) {
    if (finishing) return;
    finishing = true;
    clearTimeout(limit);
    if (error && !(error instanceof Stopped)) {
      count(0, 1);
      log(`FAIL ${error.message ?? error}`);
    }
    await reportAccessibility();
    stopping = true;
    await Promise.all(browsers.map((b) => b.close().catch(() => {})));
    await Promise.all(cleanups.map((stop) => stop()));
    stopChildren("SIGTERM");
    const deadline = Date.now() + 5000;
    while (started.some(running) && Date.now() < deadline) await sleep(100);
    stopChildren("SIGKILL");
    // BOOKIE_E2E_KEEP=1 keeps the work directory (the API's log, its database) for a look.
    if (process.env.BOOKIE_E2E_KEEP) log(`kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
    log(`${tally.passed} passed, ${tally.failed} failed`);
    process.exit(tally.failed === 0 && tally.passed > 0 ? 0 : 1);
  }

  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => finish(new Error(`stopped by ${sig}`)));
  // Last resort if the script dies some other way: no server may outlive it.
  process.on("exit", () => stopChildren("SIGKILL"));
  main().then(() => finish(), finish);
}

/** The question Draft asks before it suspends a live event that may have bets (docs/decisions/screens.md, "The mini-app's screens"). */
export const SUSPEND_QUESTION = "Punters cannot bet while you edit it";

/**
 * After a tap on Draft: answers the suspend question with Draft where it is asked, then waits
 * for the Draft screen at `url`. Returns whether it was asked.
 */
export async function throughDraftQuestion(page, url, timeoutMs = 10_000) {
  const ask = page.getByRole("dialog", { name: SUSPEND_QUESTION });
  const opened = page.waitForURL(url, { timeout: timeoutMs });
  const asked = await Promise.race([
    ask.waitFor({ timeout: timeoutMs }).then(() => true),
    opened.then(() => false),
  ]).catch(() => false);
  if (asked) await ask.getByRole("button", { name: "Draft", exact: true }).click();
  await opened;
  return asked;
}
