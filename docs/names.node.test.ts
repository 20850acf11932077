import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// One name per thing (docs/NAMES.md, "Glossary"): inside the code an event's possible result is
// an outcome, never an item, and what it pays is odds, never a coefficient. The wire's names
// are the spec's and stay (`items`, `eventItemId`, `coefficient`…), and so do the tables'
// columns. Older code still says item and coefficient in many places: names-baseline.json
// counts them per file, and this test fails when a file says them more often than it did, so
// new code uses the one name and the count only goes down. After renaming, lower the counts:
// `UPDATE_NAMES_BASELINE=1 npx vitest run --project web docs/names.node.test.ts`.

const ROOT = join(import.meta.dirname, "..");
const BASELINE_FILE = join(import.meta.dirname, "names-baseline.json");

/** Names kept because the API, the schema or the platform gives them. */
const KEPT = new Set([
  // The API's fields and paths, and the spec's screens.
  "items",
  "itemId",
  "itemIds",
  "eventItemId",
  "coefficient",
  "currCoefficient",
  "fractalCoefficient",
  "currFractalCoefficient",
  "coefficients",
  "updateCoefficients",
  // D1's tables and columns.
  "event_items",
  "item_id",
  // Web Storage, and the market's catalogue (an item for sale, not an outcome).
  "getItem",
  "setItem",
  "removeItem",
  "CatalogueItem",
  "catalogueItem",
  "toCatalogueItem",
]);
const SYNONYM = /\b\w*(?:[iI]tem|[cC]oefficient)\w*\b/g;

const sources = () =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "worker", "web/src", "common"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$|\.d\.ts$/.test(file) && !file.includes("/test/"));

/** How often each file says item or coefficient where outcome or odds is meant. */
function counts(): Record<string, number> {
  const found: Record<string, number> = {};
  for (const file of sources()) {
    let text: string;
    try {
      text = readFileSync(join(ROOT, file), "utf8");
    } catch {
      continue; // deleted, not yet committed
    }
    const n = [...text.matchAll(SYNONYM)].filter(([word]) => !KEPT.has(word) && !/^item_/.test(word)).length;
    if (n > 0) found[file] = n;
  }
  return found;
}

/** Names retired for the room's one verb per operation (docs/NAMES.md, "Glossary"): none may come back. */
const RETIRED =
  /\b(setCoefficients|updateDraftItems|withdrawRunner|canUnsettle|canSettle|canReplaceItems|CoefficientsBody|UpdateDraftItemsBody|NonRunnerBody)\b/g;

describe("one name per thing", () => {
  it("no code uses a room operation's retired names", () => {
    const found = sources().flatMap((file) => {
      try {
        return [...readFileSync(join(ROOT, file), "utf8").matchAll(RETIRED)].map(([name]) => `${file}: ${name}`);
      } catch {
        return [];
      }
    });
    expect(found).toEqual([]);
  });

  it("no file says item or coefficient for an outcome or odds more often than it did", () => {
    const now = counts();
    const baseline: Record<string, number> = JSON.parse(readFileSync(BASELINE_FILE, "utf8"));
    if (process.env.UPDATE_NAMES_BASELINE) {
      // Only ever down: a file's count is the smaller of then and now.
      const lowered = Object.fromEntries(
        Object.entries(now)
          .map(([file, n]): [string, number] => [file, Math.min(n, baseline[file] ?? 0)])
          .filter(([, n]) => n > 0)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      writeFileSync(BASELINE_FILE, `${JSON.stringify(lowered, null, 2)}\n`);
      return;
    }
    const over = Object.entries(now)
      .filter(([file, n]) => n > (baseline[file] ?? 0))
      .map(([file, n]) => `${file}: ${n} (was ${baseline[file] ?? 0}); say outcome and odds (docs/NAMES.md)`);
    expect(over).toEqual([]);
  });
});
