import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The benchmarks run the worker wrapped (scripts/bench/metered-worker.ts): counters, a bare room,
// and a header that bypasses the rate limiters. None of it may reach the deployed worker.

describe("the bench-only worker", () => {
  it("is not what wrangler.toml deploys, and the deployed worker never reads its bypass header", () => {
    expect(readFileSync("wrangler.toml", "utf8")).toMatch(/^main = "worker\/index\.ts"$/m);
    const readers = execSync("git grep -l -i 'x-bench-no-limit' -- worker common", { encoding: "utf8" }).trim();
    expect(readers.split("\n")).toEqual(["worker/config/bench-only.node.test.ts"]);
    const bench = execSync("git grep -l 'metered-worker' -- worker common", { encoding: "utf8" }).trim();
    expect(bench.split("\n")).toEqual(["worker/config/bench-only.node.test.ts"]);
  });
});
