// `npm run bench:audit`: a book with 100,000 audit rows over 120 days (its changes, coin moves and
// the equalizer's price moves, as the app writes them), then `GET /audit` for a week timed through
// the local API in workerd: the whole book, one event, one punter. The rows are written straight
// into D1 (through the API they would take many minutes).
import { client, lastWeekQuery, startApi, timeCalls } from "./local-api.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const EVENTS = 400;
const PUNTERS = 1000;
const DAYS = 120;
const RUNS = 20;
const DAY = 86_400_000;

const api = await startApi();
const c = client(api.base);
const db = api.db;

const col = (i) => `json_extract(value, '$[${i}]')`;
const iso = (ms) => new Date(ms).toISOString();

// A fixed seed, so every run times the same history.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (n) => Math.floor(random() * n);

try {
  const book = await c.bookmaker(1);
  const ownerId = book.owner.userId;
  const now = Date.now();
  const t0 = performance.now();
  // Seven rows in ten are the equalizer's price moves; the rest the bookmaker's changes and coin moves.
  const ACTIONS = [
    "PRICE",
    "PRICE",
    "PRICE",
    "PRICE",
    "PRICE",
    "PRICE",
    "PRICE",
    "ODDS",
    "COINS_ADDED",
    "COINS_WITHDRAWN",
  ];
  const rows = Array.from({ length: ROWS }, () => {
    const action = ACTIONS[pick(ACTIONS.length)];
    const at = iso(now - DAYS * DAY + pick(DAYS * DAY));
    const coins = action.startsWith("COINS");
    const event = coins ? null : 1 + pick(EVENTS);
    return [
      action === "PRICE" ? null : ownerId,
      action,
      event,
      event === null ? null : event * 10 + pick(2),
      coins ? 1 + pick(PUNTERS) : null,
      action === "PRICE" ? JSON.stringify({ num: 1 + pick(10), den: 1 }) : JSON.stringify({ amount: 1 + pick(100) }),
      at,
    ];
  });
  rows.sort((a, b) => (a[6] < b[6] ? -1 : 1));
  for (let i = 0; i < rows.length; i += 2000)
    await db
      .prepare(
        `INSERT INTO audit (bookmaker_id, actor_id, action, event_id, item_id, user_id, after, at)
         SELECT ${book.bookmakerId}, ${col(0)}, ${col(1)}, ${col(2)}, ${col(3)}, ${col(4)}, ${col(5)}, ${col(6)} FROM json_each(?1)`,
      )
      .bind(JSON.stringify(rows.slice(i, i + 2000)))
      .run();
  const count = (
    await db.prepare(`SELECT COUNT(*) AS n FROM audit WHERE bookmaker_id = ?1`).bind(book.bookmakerId).first()
  ).n;
  console.log(`seeded ${count} audit rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Last week, Monday to Sunday in UTC: a full week inside the history.
  const week = lastWeekQuery(now);

  async function time(label, route) {
    const { answer, p50, max } = await timeCalls(() => c.call("GET", route, { token: book.owner.token }), RUNS);
    console.log(`${label}: ${answer.length} rows, p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms (${RUNS} calls)`);
    return answer;
  }

  const all = await time("GET /audit (a week)", `/audit?${week}`);
  // The busiest event and punter of the week's newest rows.
  const busiest = (key) => {
    const counts = new Map();
    for (const r of all) if (r[key] !== null) counts.set(r[key], (counts.get(r[key]) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0][0];
  };
  await time("GET /audit (a week, one event)", `/audit?${week}&eventId=${busiest("eventId")}`);
  await time("GET /audit (a week, one punter)", `/audit?${week}&userId=${busiest("userId")}`);
  const newestFirst = all.every((r, i) => i === 0 || all[i - 1].at >= r.at);
  console.log(`newest first: ${newestFirst ? "yes" : "NO"}`);
} finally {
  await api.stop();
}
