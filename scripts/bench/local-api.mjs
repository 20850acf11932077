// Starts the API for benchmarks: the worker bundled by wrangler, run by Miniflare in workerd
// with real D1 and Durable Objects (SQLite on disk, in a throwaway folder), dev mode on. It
// leaves out wrangler dev's reload proxy, a second workerd that would eat a third of this
// machine's two cores and measure the dev tooling rather than the API.
// The benchmarks' entry is scripts/bench/metered-worker.ts: the real worker with its D1 and rooms
// metered (`meter()` reads and resets the counts) and a bare Durable Object beside it; the
// browser checks start worker/index.ts itself here (web/e2e/harness.mjs).
// The rate limits are the real binding with limits out of reach, so the benchmarks measure
// the app (its calls to the limiter included), not the limiter's refusals.
// Also a small client that signs users in and sets a book up through the API.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { DEV_VARS } from "../dev-vars.mjs";

/** The bot's queues as wrangler.toml sets them up (one consumer, batches of 25, 5 tries). */
const NOTIFICATION_QUEUES = {
  queueProducers: { NOTIFICATIONS: "bookie-notifications" },
  queueConsumers: {
    "bookie-notifications": {
      maxBatchSize: 25,
      maxBatchTimeout: 1,
      maxRetries: 4,
      deadLetterQueue: "bookie-notifications-dead",
    },
    "bookie-notifications-dead": { maxBatchSize: 25, maxBatchTimeout: 1 },
  },
};

/** Every limiter of wrangler.toml out of reach: benchmarks measure the app (its calls to the limiter included), not its refusals. */
const UNLIMITED = Object.fromEntries(
  ["SIGN_IN_LIMIT", "WRITE_LIMIT", "BET_LIMIT", "TICKET_LIMIT"].map((name, i) => [
    name,
    { namespace_id: String(1301 + i), simple: { limit: 1_000_000_000, period: 10 } },
  ]),
);

/**
 * Starts the API on `port` (BENCH_PORT=0 takes any free port, so two benchmarks on one machine
 * never collide). Options:
 * - `bot`: { apiUrl, token } sends the bot's messages to a fake Bot API there, with that token
 *   (not the dev one, whose messages stay in the dev outbox);
 * - `telegramApiUrl`: a fake Bot API for the dev bot's other calls (getMe, savePreparedInlineMessage),
 *   its messages still in the dev outbox;
 * - `entry`: the worker to bundle, scripts/bench/metered-worker.ts unless named (the browser
 *   checks run worker/index.ts itself), with `durableObjects` its rooms;
 * - `ratelimits`: the limiters' config, every one out of reach unless given;
 * - `onRequest`: called with each line of the API's request log, parsed (worker/lib/request-log.ts);
 *   without it those lines are dropped;
 * - `onProblem`: called with each error or warning the worker logs; without it they are printed.
 */
export async function startApi(
  port = Number(process.env.BENCH_PORT ?? 8799),
  {
    bot,
    telegramApiUrl,
    entry = "scripts/bench/metered-worker.ts",
    durableObjects = {
      EVENT_ROOM: { className: "EventRoom", useSQLite: true },
      BARE_ROOM: { className: "BareRoom", useSQLite: true },
    },
    ratelimits = UNLIMITED,
    onRequest,
    onProblem = (message) => process.stderr.write(`${message}\n`),
  } = {},
) {
  const work = mkdtempSync(path.join(tmpdir(), "bookie-bench-"));
  const built = spawnSync(
    process.execPath,
    ["scripts/wrangler.mjs", "deploy", entry, "--dry-run", "--outdir", path.join(work, "bundle")],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      encoding: "utf8",
    },
  );
  if (built.status !== 0) throw new Error(`bundling failed:\n${built.stdout}\n${built.stderr}`);
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      // BENCH_INSPECTOR=9229 opens workerd's inspector there, to take a CPU profile of a run.
      ...(process.env.BENCH_INSPECTOR ? { inspectorPort: Number(process.env.BENCH_INSPECTOR) } : {}),
      defaultPersistRoot: path.join(work, "state"),
      handleStructuredLogs: ({ level, message }) => {
        if (level === "error" || level === "warn") return onProblem(message);
        if (onRequest && message.startsWith('{"requestId"')) onRequest(JSON.parse(message));
      },
      workers: [
        {
          name: "bookie-api",
          modules: true,
          scriptPath: path.join(work, "bundle", `${path.basename(entry, ".ts")}.js`),
          modulesRoot: path.join(work, "bundle"),
          compatibilityDate: "2026-10-20",
          d1Databases: { DB: "bench" },
          durableObjects,
          ratelimits,
          ...NOTIFICATION_QUEUES,
          bindings: {
            ...(bot ? { ...DEV_VARS, BOT_TOKEN: bot.token, TELEGRAM_API_URL: bot.apiUrl } : DEV_VARS),
            ...(telegramApiUrl ? { TELEGRAM_API_URL: telegramApiUrl } : {}),
            // BENCH_METER=off: no counting of D1 statements and room calls (scripts/bench/metered-worker.ts).
            ...(process.env.BENCH_METER ? { BENCH_METER: process.env.BENCH_METER } : {}),
          },
        },
      ],
    }),
  );
  const url = await mf.ready;
  const db = await mf.getD1Database("DB");
  for (const migration of await readD1Migrations("migrations")) {
    await db.batch(migration.queries.map((q) => db.prepare(q)));
  }
  const stop = async () => {
    await mf.dispose().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  /** D1 queries, rows read and written, and room calls since the last call (which resets them). */
  const meter = async () => (await fetch(`${url.origin}/__bench/meter`, { method: "POST" })).json();
  // `db` lets a benchmark seed history that would take the API minutes to build; `mf` is the
  // Miniflare that runs workerd (the soak kills workerd under it, and it starts workerd again on
  // the same port and folder; its D1 is then read through a new `mf.getD1Database`).
  return { base: url.origin, db, stop, meter, mf };
}

/** `quiet`: the calls enqueue no bot messages (scripts/bench/metered-worker.ts), so set-up leaves the queue empty. */
export function client(base, { quiet = false } = {}) {
  async function call(method, route, { token, body } = {}) {
    const res = await fetch(base + route, {
      method,
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `JWT ${token}` } : {}),
        ...(quiet ? { "X-Bench-Quiet": "1" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  let seq = 0;
  const runTag = Date.now() % 1_000_000;
  async function signIn(prefix) {
    const username = `${prefix}_${runTag}_${seq++}`;
    const { initData } = await call("GET", `/dev/init-data?username=${username}`);
    const { token, userId } = await call("POST", "/auth/telegram", { body: { initData } });
    return { token, userId, username };
  }

  /** Buys a catalogue item the way the app does in dev mode: invoice, then the dev pay route. */
  async function buy(user, type) {
    const catalogue = await call("GET", "/subscriptions", { token: user.token });
    const item = catalogue.find((s) => s.subscriptionType === type);
    const { invoiceId } = await call("POST", "/subscriptions/purchase", {
      token: user.token,
      body: { subscriptionId: item.subscriptionId },
    });
    await call("POST", `/dev/pay/${invoiceId}`);
  }

  /** A subscribed bookmaker with coins (10,000 granted, plus `extraPackages` of 50,000). */
  async function bookmaker(extraPackages = 0) {
    const owner = await signIn("benchbook");
    await buy(owner, "BOOKMAKER");
    const { bookmakerId } = await call("PUT", "/bookmakers/register", {
      token: owner.token,
      body: { name: `Bench${String(runTag).padStart(6, "0")}${seq++}`.slice(0, 16) },
    });
    for (let i = 0; i < extraPackages; i++) await buy(owner, "ADD_BALANCE_50000");
    return { owner, bookmakerId };
  }

  async function punter(book, coins) {
    const p = await signIn("benchpunter");
    await call("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: p.token });
    const requests = await call("GET", "/bookmakers/requests", { token: book.owner.token });
    const request = requests.find((r) => r.user.internalId === p.userId);
    await call("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`, { token: book.owner.token });
    if (coins)
      await call("POST", "/balances/add", {
        token: book.owner.token,
        body: { userId: p.userId, balance: { amount: coins } },
      });
    return p;
  }

  async function event(book, { outcomes, maxTotalPayout, odds = 2, eachWay }) {
    const items = Array.from({ length: outcomes }, (_, i) => ({ title: `Runner ${i + 1}`, coefficient: odds }));
    const start = Date.now() + 3600_000;
    const { eventId } = await call("POST", "/drafts", {
      token: book.owner.token,
      body: {
        title: "Horse Racing / United Kingdom",
        description: "Benchmark race",
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3600_000).toISOString(),
        bookmakerId: book.bookmakerId,
        maxTotalPayout,
        items,
        ...(eachWay === undefined ? {} : { eachWay }),
      },
    });
    await call("POST", "/events", { token: book.owner.token, body: { draftId: eventId } });
    return call("GET", `/events/${eventId}`, { token: book.owner.token });
  }

  return { call, signIn, buy, bookmaker, punter, event };
}

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** Runs `fn` over `items`, `n` at a time. */
export async function pool(items, n, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/**
 * Each punter bets 1 coin on each outcome `itemsOf(event, punter)` names (each-way: 1 a part),
 * 50 punters at a time, through the API (`quiet`: no bot messages); answers how many bets were taken.
 */
export async function placeBets(base, book, event, punters, itemsOf, { quiet = false, eachWay = false } = {}) {
  let placed = 0;
  await pool(punters, 50, async (p) => {
    for (const item of itemsOf(event, p)) {
      const res = await fetch(`${base}/bets`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `JWT ${p.token}`,
          ...(quiet ? { "X-Bench-Quiet": "1" } : {}),
        },
        body: JSON.stringify({
          bookmakerId: book.bookmakerId,
          eventId: event.id,
          eventItemId: item.id,
          amount: 1,
          coefficient: item.currCoefficient,
          ...(eachWay ? { eachWay } : {}),
        }),
      });
      await res.arrayBuffer();
      if (res.status === 201) placed++;
    }
  });
  return placed;
}

/** Last week, Monday to Sunday in UTC, as the query `from=…&to=…&tz=UTC`: a full week inside a seeded history. */
export function lastWeekQuery(now) {
  const today = new Date(now);
  const monday = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7) - 7),
  );
  const day = (d) => d.toISOString().slice(0, 10);
  return `from=${day(monday)}&to=${day(new Date(monday.getTime() + 6 * 86_400_000))}&tz=UTC`;
}

/** `call()` `runs` times after 3 warm-up calls; answers the last answer and the p50 and max in ms. */
export async function timeCalls(call, runs) {
  const samples = [];
  let answer;
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    answer = await call();
    if (i >= 3) samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { answer, p50: percentile(samples, 50), max: samples[samples.length - 1] };
}
