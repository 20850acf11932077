// `node scripts/bench/profile.mjs [seconds]`: a CPU profile of the API in workerd while a benchmark
// runs with BENCH_INSPECTOR=9229 (e.g. `BENCH_INSPECTOR=9229 BENCH_LEVELS=50 npm run bench:bets`).
// Attaches to every isolate workerd's inspector lists, samples for `seconds` (default 8), then
// prints each isolate's share of the samples and its functions by self time, so a cost can be
// named before it is cut. PROFILE_PORT (9229), PROFILE_TOP (25), PROFILE_DELAY_S (0: wait first).
// PROFILE_BUNDLE=path/to/metered-worker.js (the bundle wrangler built, e.g. with
// `node scripts/wrangler.mjs deploy scripts/bench/metered-worker.ts --dry-run --outdir /tmp/b`)
// also sums self time by source module, from the bundle's `// path` comments.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

// Node 22 has WebSocket; Node 20 behind a flag: run again with it.
if (typeof WebSocket === "undefined") {
  const again = spawnSync(process.execPath, ["--experimental-websocket", ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  process.exit(again.status ?? 1);
}

const port = Number(process.env.PROFILE_PORT ?? 9229);
const seconds = Number(process.argv[2] ?? 8);
const top = Number(process.env.PROFILE_TOP ?? 25);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function targets() {
  for (let i = 0; i < 600; i++) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
      if (list.length) return list;
    } catch {
      // not listening yet: workerd is still starting
    }
    await sleep(100);
  }
  throw new Error(`no inspector on ${port}`);
}

function session(url) {
  const ws = new WebSocket(url);
  let id = 0;
  const pending = new Map();
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
  });
  const opened = new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", reject, { once: true });
  });
  return {
    opened,
    send: (method, params = {}) =>
      new Promise((resolve) => {
        const n = ++id;
        pending.set(n, resolve);
        ws.send(JSON.stringify({ id: n, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** The source module of each line of the bundle, from esbuild's `// path` comments. */
function modulesOf(bundle) {
  const lines = readFileSync(bundle, "utf8").split("\n");
  const owner = [];
  let current = "(bundle)";
  for (const line of lines) {
    const m = /^\/\/ ((?:node_modules|worker|common|scripts)\/\S+)$/.exec(line);
    if (m) current = m[1].replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*$/, "$1");
    owner.push(current);
  }
  return owner;
}
const moduleOfLine = process.env.PROFILE_BUNDLE ? modulesOf(process.env.PROFILE_BUNDLE) : null;

/** Self time per function (name and where), from a profile's nodes and samples. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
  const totals = new Map();
  const byModule = new Map();
  let all = 0;
  for (const [nodeId, n] of counts) {
    const frame = byId.get(nodeId).callFrame;
    const key = name(frame);
    const module = moduleOfLine && /metered-worker\.js$/.test(frame.url) ? moduleOfLine[frame.lineNumber] : key;
    if (moduleOfLine) byModule.set(module, (byModule.get(module) ?? 0) + n);
    totals.set(key, (totals.get(key) ?? 0) + n);
    all += n;
  }
  // Inclusive time: each sample counts once for every function on its stack.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map();
  for (const [nodeId, n] of counts) {
    const seen = new Set();
    for (let id = nodeId; id !== undefined; id = parent.get(id)) {
      const key = name(byId.get(id).callFrame);
      if (!seen.has(key)) {
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + n);
      }
    }
  }
  return {
    all,
    rows: [...totals].sort((a, b) => b[1] - a[1]),
    modules: [...byModule].sort((a, b) => b[1] - a[1]),
    inclusive: [...inclusive].filter(([k]) => k !== "(root)").sort((a, b) => b[1] - a[1]),
  };
}

function name(f) {
  const where = f.url ? `${f.url.split("/").pop()}:${f.lineNumber + 1}` : "";
  return `${f.functionName || "(anonymous)"} ${where}`.trim();
}

await sleep(Number(process.env.PROFILE_DELAY_S ?? 0) * 1000);
const list = await targets();
const sessions = [];
for (const t of list) {
  const s = session(t.webSocketDebuggerUrl);
  await s.opened;
  await s.send("Profiler.enable");
  await s.send("Profiler.setSamplingInterval", { interval: 200 });
  await s.send("Profiler.start");
  sessions.push({ title: t.title || t.url || t.id, s });
}
await sleep(seconds * 1000);
const results = [];
for (const { title, s } of sessions) {
  const { result } = await s.send("Profiler.stop");
  s.close();
  if (result?.profile) results.push({ title, ...selfTimes(result.profile) });
}
for (const r of results) {
  const busy = r.rows.filter(([k]) => k !== "(idle)" && !k.startsWith("(program)")).reduce((a, [, n]) => a + n, 0);
  console.log(`\n== ${r.title}: ${r.all} samples, ${((100 * busy) / r.all).toFixed(1)} % not idle`);
  console.log("self time:");
  for (const [k, n] of r.rows.slice(0, top)) console.log(`${((100 * n) / r.all).toFixed(1).padStart(6)} %  ${k}`);
  if (r.modules.length) {
    console.log("self time by module (or function, outside the bundle):");
    for (const [k, n] of r.modules.slice(0, top)) console.log(`${((100 * n) / r.all).toFixed(1).padStart(6)} %  ${k}`);
  }
  console.log("with what it calls:");
  for (const [k, n] of r.inclusive.slice(0, top)) console.log(`${((100 * n) / r.all).toFixed(1).padStart(6)} %  ${k}`);
}
