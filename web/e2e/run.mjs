// `npm run test:e2e`: starts the local API (or uses one on 8787, or on BOOKIE_E2E_API_PORT), builds
// and serves the dev-mode and production bundles once, then runs every browser check against
// them, side by side. Each script's report is printed whole and in order; the last line adds
// them up.
import { API_PORT, count, log, prepare, run, startChild } from "./harness.mjs";

const SCRIPTS = [
  "smoke.mjs",
  "journey.mjs",
  "bookmaker.mjs",
  "flows.mjs",
  "figures.mjs",
  "liability.mjs",
  "changes.mjs",
  "racing.mjs",
  "limits.mjs",
  "multiples.mjs",
  "telegram.mjs",
  "themes.mjs",
  "taps.mjs",
  "day.mjs",
];
const SUMMARY = /^(\d+) passed, (\d+) failed$/m;

async function main() {
  const urls = await prepare(["dev", "prod"], { browser: false });
  const env = {
    ...process.env,
    BOOKIE_E2E_API_PORT: String(API_PORT),
    BOOKIE_E2E_DEV_URL: urls.dev,
    BOOKIE_E2E_PROD_URL: urls.prod,
    BOOKIE_E2E_SHARED_API: "1",
  };

  // Output of the script being shown goes straight out; the others' waits for their turn.
  const shown = { index: 0 };
  const runs = SCRIPTS.map((script) => ({ script, output: "", done: false }));
  const flush = () => {
    while (shown.index < runs.length) {
      const r = runs[shown.index];
      process.stdout.write(r.output);
      r.output = "";
      if (!r.done) return;
      shown.index++;
      if (shown.index < runs.length) log(`\n${runs[shown.index].script}`);
    }
  };
  log(`\n${runs[0].script}`);

  await Promise.all(
    runs.map(
      (r, i) =>
        new Promise((resolve) => {
          const child = startChild(r.script.replace(".mjs", ""), [`web/e2e/${r.script}`], env, [
            "ignore",
            "pipe",
            "pipe",
          ]);
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
            r.done = true;
            flush();
            resolve();
          });
        }),
    ),
  );
  log("\nall scripts:");
}

run(main, { limitMs: 8 * 60_000 });
