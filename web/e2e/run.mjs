// `npm run test:e2e`: starts the checks' own API (on BOOKIE_E2E_API_PORT if set, else a free
// port: never a dev server that happens to be running), builds and serves the dev-mode and
// production bundles once, then runs the browser checks against them a few at a time: each
// script drives its own Chromium. A script waits on the app more than it computes (one alone used
// 34 s of CPU in 74 s), so one more than the cores keeps them busy (on two cores the checks took
// 525 s three at a time, 685 s two at a time); fourteen at once timed out waiting for their own
// crowd, not for the app. BOOKIE_E2E_JOBS sets how many run at once. Each script's report is
// printed whole and in order, with its time; then the API's response times under the checks'
// load; the last line adds them up.
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.env.BOOKIE_E2E_API_PORT ??= "0";
const { API_LOG, API_PORT, apiProblems, apiRequests, count, log, prepare, run, startChild } =
  await import("./harness.mjs");
const { percentile } = await import("../../scripts/bench/local-api.mjs");

// Longest first, so the pool ends with short ones and no long script starts last. The times
// each took in a full run on a 2-core machine (29 Nov 2026), in seconds. The languages walk (11
// walks of some 34 s, 378 s alone) runs in three shards, each a script of its own.
const SCRIPTS = [
  "flows.mjs", // 214
  "languages.mjs en,ar,es,fr", // ~150 (English and Arabic audited by axe-core)
  "languages.mjs ar-dark,ru-light,pt-BR", // ~120 (both themes audited)
  "languages.mjs ru,tr,id,pseudo", // ~120
  "telegram.mjs", // 76
  "multiples.mjs", // 65
  "cashout.mjs", // 62
  "themes.mjs", // 61
  "day.mjs", // 59
  "layout.mjs", // 49 (every screen in Arabic and Russian; screenshots in web/e2e/screens/)
  "racing.mjs", // 49
  "counter.mjs", // 39
  "sp.mjs", // 26
  "price-requests.mjs", // 23 (alone, 29 Nov 2026)
  "liability.mjs", // 23
  "journey.mjs", // 21
  "changes.mjs", // 20
  "figures.mjs", // 19
  "bookmaker.mjs", // 19
  "limits.mjs", // 18
  "taps.mjs", // 17
  "staff.mjs", // 13
  "smoke.mjs", // 11
];
/**
 * What each script is the first to break on, by the paths it drives (folders and file names):
 * the scripts a change touches start first (`firstToRun`), so its failure shows in the first
 * minutes; the others follow longest first. The rest of the scripts reach these paths too.
 */
const DRIVES = {
  "cashout.mjs": ["cashout"],
  "counter.mjs": ["counter", "staff"],
  "price-requests.mjs": ["price-requests", "PriceRequest", "AskPrice", "BotMessagesDrawer"],
  "staff.mjs": ["staff"],
  "sp.mjs": ["sp.", "/sp/", "racing"],
  "racing.mjs": ["racing", "event-editing", "each-way", "rule-4"],
  "multiples.mjs": ["multiples", "slip"],
  "limits.mjs": ["limits"],
  "liability.mjs": ["liability"],
  "figures.mjs": ["figures"],
  "changes.mjs": ["changes", "audit"],
  "languages.mjs": ["locales", "i18n", ".po"],
  "themes.mjs": [".css", "theme"],
  "layout.mjs": [".css", "ui/Switch", "web/index.html"],
  "telegram.mjs": ["web/src/telegram", "web/src/start", "web/src/api/cache", "web/src/api/early", "sharing"],
  "taps.mjs": ["betting", "event-lists"],
  "day.mjs": ["book/", "punters", "event-editing"],
  "bookmaker.mjs": ["profile", "market", "payments", "subscriptions"],
  "journey.mjs": ["bookies", "memberships", "home"],
};

/** The paths changed by the last commit and not yet committed (none outside a clone). */
function changedPaths() {
  const lines = (args) => {
    try {
      return execFileSync("git", args, { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
        .split("\n")
        .filter(Boolean);
    } catch {
      return [];
    }
  };
  return [
    ...lines(["diff", "--name-only", "HEAD~1", "HEAD"]),
    ...lines(["status", "--porcelain"]).map((line) => line.slice(3)),
  ];
}

/** The scripts a change drives first, in their usual order; then the others. */
function firstToRun(runs) {
  const changed = changedPaths();
  const driven = (r) => (DRIVES[r.file] ?? []).some((part) => changed.some((p) => p.includes(part)));
  return [...runs.filter(driven), ...runs.filter((r) => !driven(r))];
}

/** BOOKIE_E2E_SCRIPTS=flows,day runs those only. */
const CHOSEN = process.env.BOOKIE_E2E_SCRIPTS?.split(",").map((name) => `${name.trim().replace(/\.mjs$/, "")}.mjs`);
const JOBS = Number(process.env.BOOKIE_E2E_JOBS) || availableParallelism() + 1;
const SUMMARY = /^(\d+) passed, (\d+) failed$/m;

async function main() {
  const started = Date.now();
  const urls = await prepare(["dev", "prod"], { browser: false });
  const env = {
    ...process.env,
    BOOKIE_E2E_API_PORT: String(API_PORT),
    BOOKIE_E2E_DEV_URL: urls.dev,
    BOOKIE_E2E_PROD_URL: urls.prod,
    BOOKIE_E2E_SHARED_API: "1",
  };

  // The report of the first script not yet shown goes straight out; the others' wait for their turn.
  const shown = { index: 0 };
  const runs = firstToRun(
    SCRIPTS.map((entry, i) => {
      const [script, ...args] = entry.split(" ");
      // A shard's name says which: "languages.mjs en,ar,es,fr".
      return {
        script: entry,
        file: script,
        args,
        label: `${script.replace(".mjs", "")}-${i}`,
        output: "",
        done: false,
      };
    }).filter((r) => !CHOSEN || CHOSEN.includes(r.file)),
  );
  log(`API and builds ready in ${seconds(Date.now() - started)}; ${runs.length} scripts, ${JOBS} at a time`);
  log(`in this order: ${runs.map((r) => r.script).join(", ")}`);
  const flush = () => {
    while (shown.index < runs.length) {
      const r = runs[shown.index];
      process.stdout.write(r.output);
      r.output = "";
      if (!r.done) return;
      shown.index++;
    }
  };

  const one = (r, i) =>
    new Promise((resolve) => {
      const began = Date.now();
      r.output += `\n${r.script}\n`;
      const child = startChild(r.label, [`web/e2e/${r.file}`, ...r.args], env, ["ignore", "pipe", "pipe"]);
      let all = "";
      const take = (data) => {
        all += data;
        r.output += data;
        if (i === shown.index) flush();
      };
      child.stdout.on("data", take);
      child.stderr.on("data", take);
      child.on("close", (code) => {
        const [, passed = 0, failed = 0] = all.match(SUMMARY) ?? [];
        count(Number(passed), Number(failed));
        if (code !== 0 && Number(failed) === 0) {
          count(0, 1);
          r.output += `FAIL ${r.script} exited with code ${code}\n`;
        }
        r.output += `(${r.script} took ${seconds(Date.now() - began)})\n`;
        r.done = true;
        flush();
        resolve();
      });
    });

  let next = 0;
  await Promise.all(
    Array.from({ length: JOBS }, async () => {
      while (next < runs.length) {
        const i = next++;
        await one(runs[i], i);
      }
    }),
  );
  log(`\nbrowser checks took ${seconds(Date.now() - started)}`);
  reportApiTimes();
  log("\nall scripts:");
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The API's own time per answer (its request log) while the checks ran: overall and the slowest routes. */
function reportApiTimes() {
  if (apiRequests.length === 0) return;
  const msOf = (rows) => rows.map((r) => r.ms).sort((a, b) => a - b);
  const all = msOf(apiRequests);
  log(
    `\nthe API under the checks' load: ${all.length} answers, p50 ${percentile(all, 50)} ms, p99 ${percentile(all, 99)} ms, max ${all[all.length - 1]} ms`,
  );
  const byRoute = new Map();
  for (const r of apiRequests) {
    const key = `${r.method} ${r.route}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), r]);
  }
  const rows = [...byRoute].map(([route, rs]) => ({ route, ms: msOf(rs) }));
  rows.sort((a, b) => percentile(b.ms, 99) - percentile(a.ms, 99));
  for (const { route, ms } of rows.slice(0, 5))
    log(`  ${route}: ${ms.length} answers, p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms`);
  if (apiProblems.count)
    log(`  it logged ${apiProblems.count} errors and warnings (${API_LOG}, kept with BOOKIE_E2E_KEEP=1)`);
  const errors = apiRequests.filter((r) => r.status >= 500);
  if (errors.length)
    log(`  ${errors.length} answers were 5xx: ${errors.map((r) => `${r.status} ${r.method} ${r.route}`).join(", ")}`);
}

run(main, { limitMs: 25 * 60_000 });
