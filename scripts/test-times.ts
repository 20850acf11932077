import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

// A vitest reporter beside the default one: after the run, the ten slowest test files with
// their time (set-up, import and tests), so a CI log shows where the test loop's seconds go
// (docs/PERFORMANCE.md keeps the list), and the run's wall time against its target
// (`budgetSeconds`: test:quick's minute, npm test's four), said, not failed on: a timed
// assertion would make the loop red by chance on a busy machine.

const SHOWN = Number(process.env.TEST_TIMES_SHOWN) || 10;

export default class TestTimes implements Reporter {
  private readonly started = Date.now();

  constructor(private readonly options: { name?: string; budgetSeconds?: number } = {}) {}

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
    const { name = "the run", budgetSeconds } = this.options;
    if (budgetSeconds === undefined) return;
    const seconds = (Date.now() - this.started) / 1000;
    process.stdout.write(
      `${name} took ${seconds.toFixed(0)} s (its target: ${budgetSeconds} s)` +
        (seconds > budgetSeconds ? ": OVER (see the slowest files above)\n" : "\n"),
    );
  }
}
