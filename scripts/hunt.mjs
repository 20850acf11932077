// `npm run test:hunt`: the long random hunt of the property tests, apart from `npm test` (which
// runs them from the commit's seed, the same on every machine). A new seed each time, printed at
// the start (vitest.config.ts) and by fast-check with the path of any failure, so
// `PROPERTY_SEED=<seed> PROPERTY_PATH=<path> npx vitest run <file>` replays it; a failure found
// is kept in its test's examples. PROPERTY_RUNS (2000) sets the length; file names narrow it.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The worker's test files that use fast-check. */
function propertyFiles(dir = "worker") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return propertyFiles(path);
    return entry.name.endsWith(".test.ts") && readFileSync(path, "utf8").includes('from "fast-check"') ? [path] : [];
  });
}

const files = process.argv.slice(2);
const result = spawnSync("npx", ["vitest", "run", "--project", "worker", ...(files.length ? files : propertyFiles())], {
  stdio: "inherit",
  env: { ...process.env, PROPERTY_HUNT: "1" },
});
process.exit(result.status ?? 1);
