// `npm run dev`: migrate the local D1, then run the API (8787) and the web app (5173).
// `npm run dev:api`: the same without the web app.
// Dev mode and its throwaway secrets (scripts/dev-vars.mjs) exist only here, never in wrangler.toml.
import { spawn, spawnSync } from "node:child_process";
import { varArgs } from "./dev-vars.mjs";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const apiOnly = process.argv[2] === "api";

const migrated = spawnSync(process.execPath, ["scripts/wrangler.mjs", "d1", "migrations", "apply", "DB", "--local"], {
  stdio: "inherit",
  env: { ...env, CI: "true" }, // CI=true: apply without the interactive confirmation
});
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

const children = [
  spawn(process.execPath, ["scripts/wrangler.mjs", "dev", "--port", "8787", "--ip", "127.0.0.1", ...varArgs()], {
    stdio: "inherit",
    env,
  }),
];
if (!apiOnly) {
  children.push(
    spawn(
      process.execPath,
      ["node_modules/vite/bin/vite.js", "--config", "web/vite.config.ts", "--port", "5173", "--strictPort"],
      {
        stdio: "inherit",
        env: { ...env, VITE_API_URL: env.VITE_API_URL ?? "http://localhost:8787", VITE_DEV_MODE: "true" },
      },
    ),
  );
}

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill("SIGTERM");
  process.exitCode = code;
};
for (const c of children) c.on("exit", (code) => stop(code ?? 0));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => stop(0));
