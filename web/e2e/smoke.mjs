// Browser smoke check: builds the mini-app twice (dev mode and production), runs the local API,
// serves each build with `vite preview` and drives it in Chromium on a phone-size screen.
// `npm run test:e2e`. Needs Debian's Chromium (apt-get install chromium) and no internet.
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
const OOPS_TEXT = "You are using too old Telegram client to run this application";
const TOTAL_LIMIT_MS = 5 * 60_000;
const SHOTS = { splash: "/tmp/bookie-splash.png", home: "/tmp/bookie-home.png", oops: "/tmp/bookie-oops.png" };

const work = mkdtempSync(path.join(tmpdir(), "bookie-e2e-"));
const started = []; // child processes, each the leader of its own process group
let browser = null;
const results = [];

function log(line) {
  process.stdout.write(`${line}\n`);
}

async function check(name, fn) {
  try {
    await fn();
    results.push(true);
    log(`ok   ${name}`);
  } catch (err) {
    results.push(false);
    log(`FAIL ${name}\n     ${String(err?.message ?? err).split("\n").slice(0, 6).join("\n     ")}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Starts a long-running child in its own process group, so stopping it stops its children too. */
function startChild(name, args, env) {
  const logFile = path.join(work, `${name}.log`);
  const out = openSync(logFile, "a");
  const child = spawn(process.execPath, args, { cwd: repo, env, detached: true, stdio: ["ignore", out, out] });
  child.logFile = logFile;
  child.label = name;
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

async function cleanup() {
  if (browser) await browser.close().catch(() => {});
  browser = null;
  stopChildren("SIGTERM");
  const deadline = Date.now() + 5000;
  while (started.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) await sleep(100);
  stopChildren("SIGKILL");
  rmSync(work, { recursive: true, force: true });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForHttp(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${child.label} exited early (code ${child.exitCode}); log:\n${tail(child.logFile)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${child ? `; log:\n${tail(child.logFile)}` : ""}`);
}

function tail(file, lines = 15) {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
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

function build(name, extraEnv) {
  const outDir = path.join(work, name);
  const env = { ...process.env, VITE_API_URL: API_URL, ...extraEnv };
  if (!extraEnv.VITE_DEV_MODE) delete env.VITE_DEV_MODE;
  const res = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--config", "web/vite.config.ts", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: repo,
    env,
    encoding: "utf8",
    timeout: 120_000,
  });
  if (res.status !== 0) throw new Error(`vite build (${name}) failed:\n${res.stdout}${res.stderr}`);
  return outDir;
}

async function serve(name, outDir) {
  const port = await freePort();
  const child = startChild(`preview-${name}`, ["node_modules/vite/bin/vite.js", "preview", "--config", "web/vite.config.ts", "--outDir", outDir, "--host", "127.0.0.1", "--port", String(port), "--strictPort"], process.env);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, 30_000, child);
  return url;
}

async function startApi() {
  try {
    const res = await fetch(`${API_URL}/health`, { signal: AbortSignal.timeout(1000) });
    if (res.ok) {
      log(`note the API already answers on ${API_URL}; using it`);
      return;
    }
  } catch {
    // not running: start it
  }
  const child = startChild("api", ["scripts/dev.mjs", "api"], { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" });
  await waitForHttp(`${API_URL}/health`, 120_000, child);
}

/** A phone-size page; Telegram's SDK cannot load offline, as outside Telegram it may be missing. */
async function phonePage() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.route("https://telegram.org/**", (route) => route.abort());
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (err) => page.errors.push(err.message));
  return page;
}

async function main() {
  if (!spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }

  log("building the dev-mode and production builds…");
  const devDir = build("dev", { VITE_DEV_MODE: "true" });
  const prodDir = build("prod", {});
  log("starting the API and the previews…");
  await startApi();
  const devUrl = await serve("dev", devDir);
  const prodUrl = await serve("prod", prodDir);

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });

  const dev = await phonePage();
  await check("dev build at /?devUser=alice shows the splash, not Oops", async () => {
    await dev.goto(`${devUrl}/?devUser=alice`);
    await dev.getByRole("button", { name: "Start", exact: true }).waitFor({ timeout: 15_000 });
    assert((await dev.getByText("Oops", { exact: true }).count()) === 0, "the Oops screen is showing");
    await dev.screenshot({ path: SHOTS.splash });
  });

  await check("dev build signs alice in through the API (token in sessionStorage jwt)", async () => {
    await dev.waitForFunction(() => Boolean(sessionStorage.getItem("jwt")), null, { timeout: 10_000 });
  });

  await check("Start opens /home with its heading and footer", async () => {
    await dev.getByRole("button", { name: "Start", exact: true }).click();
    await dev.waitForURL(/\/home$/, { timeout: 5_000 });
    await dev.getByRole("heading", { level: 1, name: "Bookie", exact: true }).waitFor({ timeout: 5_000 });
    for (const name of ["Punters", "Bookie", "Poker"]) await dev.getByRole("button", { name, exact: true }).waitFor({ timeout: 2_000 });
    await dev.screenshot({ path: SHOTS.home });
  });

  await check("dev build raised no page errors", async () => {
    assert(dev.errors.length === 0, dev.errors.join("\n"));
  });

  await check("Bookie takes a user without a bookmaker profile to /subscription", async () => {
    const page = await phonePage();
    await page.goto(`${devUrl}/home?devUser=smoke_${Date.now().toString(36)}`);
    const bookie = page.getByRole("button", { name: "Bookie", exact: true });
    await bookie.waitFor({ timeout: 15_000 });
    // Taps while the profile loads do nothing, so tap until it leads somewhere.
    const deadline = Date.now() + 10_000;
    while (!page.url().endsWith("/subscription") && Date.now() < deadline) {
      await bookie.click({ timeout: 2_000 }).catch(() => {});
      await sleep(250);
    }
    assert(page.url().endsWith("/subscription"), `still at ${page.url()}`);
    await page.context().close();
  });

  await check("production build outside Telegram shows the Oops screen", async () => {
    const page = await phonePage();
    await page.goto(`${prodUrl}/`);
    await page.getByRole("heading", { name: "Oops", exact: true }).waitFor({ timeout: 10_000 });
    assert((await page.getByText(OOPS_TEXT, { exact: true }).count()) === 1, "the Oops text is missing or changed");
    assert((await page.getByRole("button").count()) === 0, "something besides Oops is showing");
    await page.screenshot({ path: SHOTS.oops });
  });

  log(`screenshots: ${Object.values(SHOTS).join(", ")}`);
}

const limit = setTimeout(() => {
  log(`FAIL overall time limit of ${TOTAL_LIMIT_MS / 1000} s reached`);
  results.push(false);
  finish();
}, TOTAL_LIMIT_MS);

let finishing = false;
async function finish(error) {
  if (finishing) return;
  finishing = true;
  clearTimeout(limit);
  if (error) {
    results.push(false);
    log(`FAIL ${error.message ?? error}`);
  }
  await cleanup();
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => finish(new Error(`stopped by ${sig}`)));
// Last resort if the script dies some other way: no server may outlive it.
process.on("exit", () => stopChildren("SIGKILL"));

main().then(() => finish(), finish);
