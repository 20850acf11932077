// `npm run size`: builds the mini-app as deployed into web/dist, then adds up the gzipped
// JavaScript that index.html loads before the first screen: its module scripts, the modules they
// preload and everything those import statically. Screens loaded with `import()` on their first
// visit are left out. Fails above the budget (`--no-build` measures the web/dist already there).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

// 81 KB since the start-up wait signs in and reads the first screen's data (docs/PERFORMANCE.md, "bench:phone").
const BUDGET_BYTES = 81_000;
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(repo, "web/dist");

if (!process.argv.includes("--no-build")) {
  const env = { ...process.env };
  delete env.VITE_DEV_MODE; // the dev-mode helpers are not in the deployed app
  const vite = path.join(repo, "node_modules/vite/bin/vite.js");
  const built = spawnSync(process.execPath, [vite, "build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
    cwd: repo,
    env,
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const html = readFileSync(path.join(dist, "index.html"), "utf8");
const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const roots = tags
  .filter(
    (tag) => (tag.startsWith("<script") && attr(tag, "type") === "module") || attr(tag, "rel") === "modulepreload",
  )
  .map((tag) => attr(tag, "src") ?? attr(tag, "href"))
  .filter((url) => url?.startsWith("/"));
const styles = tags.filter((tag) => attr(tag, "rel") === "stylesheet").map((tag) => attr(tag, "href"));

// Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` waits for a visit.
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'`]([^"'`]+\.js)["'`]/g;
const files = new Map(); // path in dist → gzipped bytes
const visit = (file) => {
  if (files.has(file)) return;
  const code = readFileSync(path.join(dist, file));
  files.set(file, gzipSync(code, { level: 9 }).length);
  for (const [, spec] of code.toString("utf8").matchAll(STATIC_IMPORT))
    visit(path.posix.join(path.posix.dirname(file), spec));
};
for (const url of roots) visit(url.slice(1));

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const total = [...files.values()].reduce((a, b) => a + b, 0);
for (const [file, bytes] of files) console.log(`${kb(bytes).padStart(9)}  ${file}`);
const css = styles.reduce(
  (sum, url) => sum + gzipSync(readFileSync(path.join(dist, url.slice(1))), { level: 9 }).length,
  0,
);
console.log(`JavaScript before the first screen: ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)}); CSS ${kb(css)}`);
if (total > BUDGET_BYTES) {
  console.error(
    `over budget by ${kb(total - BUDGET_BYTES)}: load the new code with its screen (see web/src/routes.tsx)`,
  );
  process.exit(1);
}
