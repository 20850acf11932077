// `npm run bench:phone`: the start-up and the first screens on a mid-range phone (docs/decisions/screens.md, "The mini-app's screens").
// The production build, served gzipped from a local server, in Chromium with the phone profile
// (CPU ×4, 150 ms round trip, 1.6 Mbit/s down and up) and a cold cache on every run, against the
// local API (scripts/bench/local-api.mjs: workerd, real D1 and rooms; dev mode only for init data).
// Telegram's real telegram-web-app.js (the copy in @twa-dev/sdk, as web/e2e/telegram.mjs serves
// it) is served in place of the CDN file, after the profile's latency and transfer time; the
// launch parameters are in the URL's hash as Telegram puts them.
// Prints the medians of BENCH_RUNS runs (5): Start visible (from navigation), Start → home,
// /bookies cold (from navigation to the list shown), and the bytes each transferred.
// BENCH_LANGUAGE=ru: the punter's Telegram speaks that language (its catalogue is loaded).
// recordMarks() and the waits run in the page:
/* global window, document, requestAnimationFrame, MutationObserver, addEventListener */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launchBrowser, PHONE, repo } from "../../web/e2e/harness.mjs";
import { client, startApi } from "./local-api.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LANGUAGE = process.env.BENCH_LANGUAGE;
const PROFILE = { cpu: 4, latencyMs: 150, bitsPerSecond: 1.6e6 };
const TELEGRAM_SCRIPT = path.join(repo, "node_modules/@twa-dev/sdk/src/telegram-web-apps.js");
const TELEGRAM_URL = "https://telegram.org/js/telegram-web-app.js*";
// Telegram's default light theme, as web/e2e/telegram.mjs passes it.
const LIGHT = {
  bg_color: "#ffffff",
  text_color: "#000000",
  hint_color: "#999999",
  button_color: "#2481cc",
  button_text_color: "#ffffff",
  secondary_bg_color: "#f1f1f1",
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function freePort() {
  return new Promise((resolve) => {
    const server = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `vite build` of the app as deployed, calling the API at `apiUrl`. */
function build(apiUrl, outDir) {
  // The bot's name given, as a deployment may: the API's answer would need Telegram (getMe), and
  // this machine has no internet.
  const env = { ...process.env, VITE_API_URL: apiUrl, VITE_BOT_USERNAME: "BookieBenchBot" };
  delete env.VITE_DEV_MODE;
  const child = spawn(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--config", "web/vite.config.ts", "--outDir", outDir, "--emptyOutDir"],
    { cwd: repo, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  return new Promise((resolve, reject) =>
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code})`)))),
  );
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

/** Serves the build gzipped, as Cloudflare Pages serves it compressed; any other path gets index.html. */
async function serve(dir) {
  const files = new Map();
  const walk = (sub) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else files.set(`/${rel}`, gzipSync(readFileSync(path.join(dir, rel))));
    }
  };
  walk("");
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://x").pathname;
    const name = files.has(url) ? url : "/index.html";
    res.writeHead(200, {
      "Content-Type": TYPES[path.extname(name)] ?? "application/octet-stream",
      "Content-Encoding": "gzip",
      // Hashed assets are immutable; index.html is not (Pages' defaults).
      "Cache-Control": name.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
    });
    res.end(files.get(name));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** Telegram's launch parameters in the hash, for the user the init data names. */
const launchHash = (initData) =>
  new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "weba",
    tgWebAppThemeParams: JSON.stringify(LIGHT),
  }).toString();

/**
 * In the page, from its first moment: when each mark first shows (the animation frame that paints
 * it, on the page's clock, which starts at navigation) and when the first tap came down.
 */
function recordMarks() {
  const marks = (window.__marks = {});
  const found = {
    // The splash's one button (Start, in whatever language the page speaks).
    start: () => document.querySelector(".splash button")?.textContent.trim(),
    home: () => document.querySelector(".home-header h1"),
    bookies: () => document.querySelector("article[data-bookmaker-id]"),
  };
  const look = () => {
    for (const [name, test] of Object.entries(found)) {
      if (name in marks || !test()) continue;
      marks[name] = null;
      requestAnimationFrame(() => (marks[name] = performance.now()));
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true });
  addEventListener("pointerdown", (e) => (marks.tap ??= e.timeStamp), true);
}

/** Telegram's script, gzipped as its CDN sends it: what it costs to arrive on the profile. */
const telegramScript = readFileSync(TELEGRAM_SCRIPT);
const telegramBytes = gzipSync(telegramScript).length;
const telegramDelayMs = PROFILE.latencyMs + (telegramBytes * 8 * 1000) / PROFILE.bitsPerSecond;

/**
 * A phone with a cold cache (a fresh browser context) and the profile, at `url`. Answers the page
 * and the bytes transferred so far. Telegram's script is intercepted alone (CDP's Fetch with its
 * URL as the only pattern): Playwright's route() would intercept every request and answer the
 * API's CORS preflights itself, off the throttled network.
 */
async function openPhone(browser, url) {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(recordMarks);
  const cdp = await context.newCDPSession(page);
  let bytes = telegramBytes;
  const urls = new Map();
  cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, `${e.request.method} ${e.request.url}`));
  cdp.on("Network.loadingFinished", (e) => {
    // Telegram's script is counted as its CDN would send it (above), not as fulfilled here.
    if (urls.get(e.requestId)?.startsWith("GET https://telegram.org/")) return;
    bytes += e.encodedDataLength;
    // BENCH_VERBOSE=1: each answer and its size.
    if (process.env.BENCH_VERBOSE) process.stdout.write(`  ${e.encodedDataLength} B ${urls.get(e.requestId)}\n`);
  });
  cdp.on("Fetch.requestPaused", async ({ requestId }) => {
    await new Promise((resolve) => setTimeout(resolve, telegramDelayMs));
    await cdp
      .send("Fetch.fulfillRequest", {
        requestId,
        responseCode: 200,
        responseHeaders: [{ name: "Content-Type", value: "application/javascript" }],
        body: telegramScript.toString("base64"),
      })
      .catch(() => {});
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.bitsPerSecond / 8,
    uploadThroughput: PROFILE.bitsPerSecond / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpu });
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern: TELEGRAM_URL }] });
  await page.goto(url, { waitUntil: "commit" });
  return { page, bytes: () => bytes, close: () => context.close() };
}

/** Waits for a mark's painted time. */
async function mark(page, name, timeout = 30_000) {
  await page.waitForFunction((n) => typeof window.__marks?.[n] === "number", name, { timeout, polling: 50 });
  return page.evaluate(() => window.__marks);
}

async function main() {
  const apiPort = await freePort();
  const outDir = mkdtempSync(path.join(tmpdir(), "bookie-phone-"));
  process.stdout.write("building the app and starting the API…\n");
  const [api] = await Promise.all([startApi(apiPort), build(`http://127.0.0.1:${apiPort}`, outDir)]);
  const web = await serve(outDir);
  const browser = await launchBrowser();
  try {
    // A punter approved at one book, so /bookies has a list to show.
    const setUp = client(api.base, { quiet: true });
    const book = await setUp.bookmaker();
    const punter = await setUp.punter(book, 100);
    const query = new URLSearchParams({ username: punter.username, ...(LANGUAGE ? { language: LANGUAGE } : {}) });
    const initData = async () => (await setUp.call("GET", `/dev/init-data?${query}`)).initData;

    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const start = await openPhone(browser, `${web.url}/#${launchHash(await initData())}`);
      const splash = await mark(start.page, "start");
      const startBytes = start.bytes();
      await start.page.locator(".splash button").click();
      const home = await mark(start.page, "home");
      await start.page.waitForLoadState("networkidle").catch(() => {});
      const homeBytes = start.bytes();
      await start.close();

      const cold = await openPhone(browser, `${web.url}/bookies#${launchHash(await initData())}`);
      const bookies = await mark(cold.page, "bookies");
      const bookiesBytes = cold.bytes();
      await cold.close();

      const run = {
        startMs: splash.start,
        homeMs: home.home - home.tap,
        bookiesMs: bookies.bookies,
        startBytes,
        homeBytes,
        bookiesBytes,
      };
      runs.push(run);
      process.stdout.write(
        `run ${i + 1}: Start ${Math.round(run.startMs)} ms, Start → home ${Math.round(run.homeMs)} ms, ` +
          `/bookies cold ${Math.round(run.bookiesMs)} ms\n`,
      );
    }

    const of = (field) => median(runs.map((r) => r[field]));
    const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
    const line = (name, value, target) =>
      `${name.padEnd(34)} ${value.padStart(9)}${target ? `   target ${target}` : ""}\n`;
    process.stdout.write(
      `\nmedians of ${RUNS} runs (CPU ×${PROFILE.cpu}, ${PROFILE.latencyMs} ms, ${PROFILE.bitsPerSecond / 1e6} Mbit/s):\n` +
        line("Start visible (from navigation)", `${Math.round(of("startMs"))} ms`, "≤ 1700 ms") +
        line("Start → home", `${Math.round(of("homeMs"))} ms`, "≤ 400 ms") +
        line("/bookies cold (to the list shown)", `${Math.round(of("bookiesMs"))} ms`, "≤ 2300 ms") +
        line("bytes to Start", kb(of("startBytes"))) +
        line("bytes to home with its data", kb(of("homeBytes"))) +
        line("bytes to /bookies with its list", kb(of("bookiesBytes"))),
    );
  } finally {
    await browser.close();
    web.close();
    await api.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  },
);
