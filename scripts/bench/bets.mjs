// `npm run bench:bets`: one event, punters betting at once (1, 10, 50 concurrent), through
// the local API in workerd. Prints accepted bets/s, p50 and p99 latency and errors per level,
// the D1 queries, rows read and written and room calls per accepted bet, then the same bets
// on a bare Durable Object (its own SQLite, no auth, no D1: the ceiling of this stack here)
// and the API's rate as a share of it, and the rate limiter's binding called alone as often. Each punter bets 1 coin on each outcome in turn (one
// bet per punter per outcome). The `ew` row: the same punters bet each-way (1 coin a part) on a
// second event alike, with standard terms; an each-way bet should cost about one bet, not two.
// The `nolim` row: the same bets on a third event with every rate limiter bypassed (a bench-only
// header the deployed worker does not know), beside `limit`, the limiter called alone.
import { client, percentile, startApi } from "./local-api.mjs";

const LEVELS = (process.env.BENCH_LEVELS ?? "1,10,50").split(",").map(Number);
const OUTCOMES = 100;

/** Every punter bets on every outcome in turn, all punters at once; answers rate and latencies. */
async function drive(punters, items, send) {
  const latencies = [];
  const errors = {};
  let accepted = 0;
  const started = performance.now();
  await Promise.all(
    punters.map(async (p) => {
      for (const item of items) {
        const t0 = performance.now();
        const res = await send(p, item);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status === 201) accepted++;
        else errors[res.status] = (errors[res.status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    accepted,
    rate: accepted / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: Object.keys(errors).length ? JSON.stringify(errors) : "none",
  };
}

const row = (label, level, r) =>
  `${label.padEnd(5)} ${String(level).padStart(11)}  ${String(r.accepted).padStart(8)}  ${r.rate.toFixed(0).padStart(6)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p99.toFixed(1).padStart(6)}  ${r.errors}`;

const api = await startApi();
const c = client(api.base);
const post = (route, token, body, headers = {}) =>
  fetch(`${api.base}${route}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `JWT ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
try {
  const book = await c.bookmaker(1);
  const costs = [];
  console.log("stack concurrency  accepted  bets/s   p50 ms  p99 ms  errors");
  for (const level of LEVELS) {
    const punters = [];
    for (let i = 0; i < level; i++) punters.push(await c.punter(book, 4 * OUTCOMES));
    const event = await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 100_000 });
    const race = await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 100_000, eachWay: "standard" });
    const unlimited = await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 100_000 });
    const bet = (p, item) => ({
      requestId: 0,
      bookmakerId: book.bookmakerId,
      eventId: event.id,
      eventItemId: item.id,
      amount: 1,
      coefficient: item.currCoefficient,
    });

    await api.meter();
    const app = await drive(punters, event.items, (p, item) => post("/bets", p.token, bet(p, item)));
    const used = await api.meter();
    console.log(row("api", level, app));
    costs.push({ level, bets: app.accepted, ...used });
    const ew = await drive(punters, race.items, (p, item) =>
      post("/bets", p.token, { ...bet(p, item), eventId: race.id, eachWay: true }),
    );
    console.log(row("ew", level, ew));
    const nolim = await drive(punters, unlimited.items, (p, item) =>
      post("/bets", p.token, { ...bet(p, item), eventId: unlimited.id }, { "X-Bench-No-Limit": "1" }),
    );
    console.log(row("nolim", level, nolim));

    for (const p of punters)
      await post("/__bench/bare/fund", null, { eventId: event.id, userId: p.userId, amount: OUTCOMES }).then((r) =>
        r.arrayBuffer(),
      );
    const bare = await drive(punters, event.items, (p, item) =>
      post("/__bench/bare/bets", null, { ...bet(p, item), userId: p.userId }),
    );
    console.log(row("bare", level, bare));
    // The rate limiter alone, called as each bet calls it: in Miniflare the binding is a
    // SQLite-backed Durable Object behind two local fetches, one uncombined write per call (at
    // Cloudflare a counter in the machine's memory), so on this harness it is a large share of a bet.
    const limiter = await drive(punters, event.items, (p) => post("/__bench/limit", null, { key: String(p.userId) }));
    console.log(row("limit", level, limiter));
    console.log(
      `${"".padEnd(5)} ${String(level).padStart(11)}  api / bare: ${(app.rate / bare.rate).toFixed(2)}, nolim / bare: ${(nolim.rate / bare.rate).toFixed(2)}, ew / api: ${(ew.rate / app.rate).toFixed(2)}`,
    );
  }
  console.log("\nper accepted bet      D1 queries  rows read  rows written  room calls");
  for (const k of costs) {
    const per = (n) => (n / k.bets).toFixed(2).padStart(10);
    console.log(
      `${String(k.level).padStart(3)} concurrent     ${per(k.queries)}  ${per(k.rowsRead).slice(1)}  ${per(k.rowsWritten).padStart(12)}  ${per(k.roomCalls)}`,
    );
  }
} finally {
  await api.stop();
}
