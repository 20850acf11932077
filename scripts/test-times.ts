import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

// A vitest reporter beside the default one: after the run, the ten slowest test files with
// their time (set-up, import and tests), so a CI log shows where the test loop's seconds go
// (docs/PERFORMANCE.md keeps the list).

const SHOWN = 10;

export default class TestTimes implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      return {
        file: path.relative(process.cwd(), m.moduleId),
        ms: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
        tests: [...m.children.allTests()].length,
      };
    });
    rows.sort((a, b) => b.ms - a.ms);
    const total = rows.reduce((sum, r) => sum + r.ms, 0);
    const lines = rows
      .slice(0, SHOWN)
      .map((r) => `${(r.ms / 1000).toFixed(1).padStart(7)} s  ${String(r.tests).padStart(3)} tests  ${r.file}`);
    process.stdout.write(
      `\nthe ${Math.min(SHOWN, rows.length)} slowest of ${rows.length} test files (${(total / 1000).toFixed(0)} s in all files together):\n${lines.join("\n")}\n`,
    );
  }
}
