// Runs the project's wrangler. Its launcher refuses Node 20 although the CLI itself runs
// there, so we start the CLI directly; metrics stay off because the machines have no internet.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("wrangler/package.json")), "wrangler-dist/cli.js");

const child = spawn(process.execPath, ["--no-warnings", cli, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { WRANGLER_SEND_METRICS: "false", ...process.env },
});
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  process.exit(code ?? 1);
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
