// `npm run bench:bets`: one event, punters betting at once (1, 10, 50 concurrent), through
// the local API in workerd. Prints accepted bets/s, p50 and p99 latency and errors per row and
// level, then the D1 queries, rows read and written and room calls per accepted bet. Each punter
// bets 1 coin on each outcome in turn (one bet per punter per outcome), each row on an event of
// its own. The rows:
// - `api`: win bets as the app places them (the rate limiter called as deployed);
// - `ew`: the same bets each-way (1 coin a part), standard terms: it should cost about one bet;
// - `cash`: each bet of the `api` row cashed out (POST /bets/{id}/cashout at its value, the
//   book's cash out on): a cash-out goes through the event's room as an admin change does, and
//   should cost about one bet;
// - `nolim`: the same with every rate limiter bypassed (a bench-only header the deployed worker
//   does not know): the app's own cost;
// - `key`: `nolim` with an Idempotency-Key on every bet, as the mini-app sends them: the key's
//   row, written DONE with its answer in the bet's own batch (worker/idempotency/), is part of the cost;
// - `room`: the bet handed straight to the event's room (bench-only route): the room and its D1
//   writes without the HTTP layer (routing, auth, validation, the answer);
// - `bare`: a bare Durable Object (its own SQLite, no auth, no D1): the ceiling of this stack here;
// - `bare+log`: the same, logging one line per call as the API's request log does;
// - `limit`: the bets' rate limiter called alone, as often.
import { client, percentile, startApi } from "./local-api.mjs";

const LEVELS = (process.env.BENCH_LEVELS ?? "1,10,50").split(",").map(Number);
// BENCH_ROWS=nolim,bare runs only those rows (to profile one of them with scripts/bench/profile.mjs).
const ROWS = new Set((process.env.BENCH_ROWS ?? "api,cash,ew,nolim,key,room,bare,bare+log,limit").split(","));
const OUTCOMES = 100;
// BENCH_ROUNDS (1): the rows run again on fresh events, interleaved, and their medians are compared.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

/**
 * Every punter bets on every outcome in turn (or sends each of `items(punter)`), all punters at
 * once; answers rate and latencies, counting the answers of status `ok` as accepted.
 */
async function drive(punters, items, send, ok = 201) {
  const latencies = [];
  const errors = {};
  let accepted = 0;
  const started = performance.now();
  await Promise.all(
    punters.map(async (p) => {
      for (const item of typeof items === "function" ? items(p) : items) {
        const t0 = performance.now();
        const res = await send(p, item);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status === ok) accepted++;
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
  `${label.padEnd(8)} ${String(level).padStart(11)}  ${String(r.accepted).padStart(8)}  ${r.rate.toFixed(0).padStart(6)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p99.toFixed(1).padStart(6)}  ${r.errors}`;

const api = await startApi();
const c = client(api.base);
const post = (route, token, body, headers = {}) =>
  fetch(`${api.base}${route}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `JWT ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
try {
  // Enough coins for every punter of every level: 6 coins an outcome a round (win, each-way, nolim, key, room).
  const coins = LEVELS.reduce((a, n) => a + n, 0) * 6 * OUTCOMES * ROUNDS;
  const book = await c.bookmaker(Math.max(1, Math.ceil(coins / 50_000)));
  await c.call("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
    token: book.owner.token,
    body: { enabled: true, margin: 0.05 },
  });
  const costs = [];
  console.log(`stack    concurrency  accepted  bets/s   p50 ms  p99 ms  errors${ROUNDS > 1 ? "  (round)" : ""}`);
  for (const level of LEVELS) {
    const punters = [];
    for (let i = 0; i < level; i++) punters.push(await c.punter(book, 6 * OUTCOMES * ROUNDS));
    const results = {};
    const record = (label, round, r) => {
      (results[label] ??= []).push(r);
      console.log(`${row(label, level, r)}${ROUNDS > 1 ? `  (${round + 1})` : ""}`);
    };
    // Each round bets on events of its own, so every row of every round takes fresh outcomes.
    for (let round = 0; round < ROUNDS; round++) {
      const event = await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 100_000 });
      const race = ROWS.has("ew")
        ? await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 100_000, eachWay: "standard" })
        : null;
      const unlimited = ROWS.has("nolim") ? await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 100_000 }) : null;
      const keyed = ROWS.has("key") ? await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 100_000 }) : null;
      const room = ROWS.has("room") ? await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 100_000 }) : null;
      const bet = (p, item) => ({
        requestId: 0,
        bookmakerId: book.bookmakerId,
        eventId: event.id,
        eventItemId: item.id,
        amount: 1,
        coefficient: item.currCoefficient,
      });

      /** A row whose D1 statements, rows and room calls are counted too. */
      const metered = async (label, items, call, ok) => {
        await api.meter();
        const result = await drive(punters, items, call, ok);
        const used = await api.meter();
        record(label, round, result);
        costs.push({ label, level, bets: result.accepted, ...used });
      };
      // The `api` row keeps each punter's bet ids for the `cash` row.
      const struck = new Map(punters.map((p) => [p, []]));
      if (ROWS.has("api"))
        await metered("api", event.items, async (p, item) => {
          const res = await post("/bets", p.token, bet(p, item));
          if (res.status === 201) struck.get(p).push((await res.clone().json()).betId);
          return res;
        });
      // 1 coin at 2.0, the price unmoved (no equalizer): worth 1 × 2 ÷ 2 × 0.95.
      if (ROWS.has("cash"))
        await metered(
          "cash",
          (p) => struck.get(p),
          (p, betId) => post(`/bets/${betId}/cashout`, p.token, { value: 0.95 }),
          200,
        );
      if (race)
        record(
          "ew",
          round,
          await drive(punters, race.items, (p, item) =>
            post("/bets", p.token, { ...bet(p, item), eventId: race.id, eachWay: true }),
          ),
        );
      if (unlimited)
        await metered("nolim", unlimited.items, (p, item) =>
          post("/bets", p.token, { ...bet(p, item), eventId: unlimited.id }, { "X-Bench-No-Limit": "1" }),
        );
      if (keyed)
        await metered("key", keyed.items, (p, item) =>
          post(
            "/bets",
            p.token,
            { ...bet(p, item), eventId: keyed.id },
            { "X-Bench-No-Limit": "1", "Idempotency-Key": `k${keyed.id}-${p.userId}-${item.id}` },
          ),
        );
      if (room)
        record(
          "room",
          round,
          await drive(punters, room.items, (p, item) =>
            post("/__bench/room/bets", null, { ...bet(p, item), eventId: room.id, userId: p.userId }),
          ),
        );
      // The bare room twice, on rooms of their own: as it is, and logging one line per call as
      // the API's request log does (in Miniflare workerd writes each line to a pipe that the
      // process running it parses: a cost of the harness that every API call pays).
      for (const [label, eventId, query] of [
        ["bare", event.id, ""],
        ["bare+log", -event.id, "?log"],
      ]) {
        if (!ROWS.has(label)) continue;
        for (const p of punters)
          await post("/__bench/bare/fund", null, { eventId, userId: p.userId, amount: OUTCOMES }).then((r) =>
            r.arrayBuffer(),
          );
        record(
          label,
          round,
          await drive(punters, event.items, (p, item) =>
            post(`/__bench/bare/bets${query}`, null, { ...bet(p, item), eventId, userId: p.userId }),
          ),
        );
      }
      // The rate limiter alone, called as each bet calls it: in Miniflare the binding is a
      // SQLite-backed Durable Object behind two local fetches, one uncombined write per call (at
      // Cloudflare a counter in the machine's memory), so on this harness it is a large share of a bet.
      if (ROWS.has("limit"))
        record(
          "limit",
          round,
          await drive(punters, event.items, (p) => post("/__bench/limit", null, { key: String(p.userId) })),
        );
    }
    const median = (label, key) => {
      const xs = (results[label] ?? []).map((r) => r[key]).sort((a, b) => a - b);
      return xs.length ? xs[Math.floor((xs.length - 1) / 2)] : NaN;
    };
    if (ROUNDS > 1) {
      console.log(`medians of ${ROUNDS} rounds          bets/s   p99 ms`);
      for (const label of Object.keys(results))
        console.log(
          `${label.padEnd(8)} ${String(level).padStart(11)}            ${median(label, "rate").toFixed(0).padStart(6)}  ${median(label, "p99").toFixed(1).padStart(7)}`,
        );
    }
    const share = (a, b) => (median(a, "rate") / median(b, "rate")).toFixed(2);
    console.log(
      `${"".padEnd(8)} ${String(level).padStart(11)}  api / bare: ${share("api", "bare")}, nolim / bare: ${share("nolim", "bare")}, nolim / bare+log: ${share("nolim", "bare+log")}, key / bare: ${share("key", "bare")}, ew / api: ${share("ew", "api")}, cash / api: ${share("cash", "api")}`,
    );
  }
  // Summed over the rounds: per accepted bet of each metered row and level.
  const summed = new Map();
  for (const k of costs) {
    const key = `${k.label} ${k.level}`;
    const t = summed.get(key) ?? {
      label: k.label,
      level: k.level,
      bets: 0,
      queries: 0,
      rowsRead: 0,
      rowsWritten: 0,
      roomCalls: 0,
    };
    for (const f of ["bets", "queries", "rowsRead", "rowsWritten", "roomCalls"]) t[f] += k[f];
    summed.set(key, t);
  }
  console.log("\nper accepted bet           D1 queries  rows read  rows written  room calls");
  for (const k of summed.values()) {
    const per = (n) => (n / k.bets).toFixed(2).padStart(10);
    console.log(
      `${k.label.padEnd(8)} ${String(k.level).padStart(3)} concurrent    ${per(k.queries)}  ${per(k.rowsRead).slice(1)}  ${per(k.rowsWritten).padStart(12)}  ${per(k.roomCalls)}`,
    );
  }
} finally {
  await api.stop();
}
