// `npm run bench:polls`: the lists the mini-app polls every few seconds, each driven by 50
// clients at once through the local API in workerd, beside GET /health on the same harness:
// answered 200 (no ETag sent; for the punter's events also an ETag the list no longer has, as
// the app polls after a change) and 304 (the ETag of the last answer sent back, as the app
// polls: accepting versions a second old; for the punter's events also accepting none).
// Two books as the issue has them, 6 events of 10 runners and 500 punters each: a quiet one with
// no bets, and a busy one with 5,000 bets on one event (each punter backing all 10 runners,
// placed through the API); the 50 clients are punters of each. Each list is polled on both
// books one after the other (which goes first alternates), between runs of /health, in a few
// rounds, so the two books are compared at the same pace of the machine, which drifts by more
// than 10 % over a run. Prints, per list and book,
// the median over the rounds of answers/s, of the share of /health's rate driven just before
// and after, and of p99 latency; the busy book's rate against the quiet one's; and the D1
// queries, rows read and written and room calls per answer.
// BENCH_POLLS sets the polls per client (20); BENCH_ROUNDS the rounds (5); BENCH_PUNTERS the
// punters who bet (500); BENCH_LISTS=/player,/bets polls only the lists whose route starts
// with one of those.
import { client, percentile, placeBets, startApi } from "./local-api.mjs";

const CLIENTS = 50;
const PER_CLIENT = Number(process.env.BENCH_POLLS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PUNTERS = Math.max(CLIENTS, Number(process.env.BENCH_PUNTERS ?? 500));
const EVENTS = 6;
const RUNNERS = 10;

const api = await startApi();
const c = client(api.base);

// A poll as the mini-app sends it: with the last answer's ETag, accepting versions a second
// old (`Cache-Control: max-age=1`), except in the second after its own change ("no age").
const get = (route, token, etag, acceptAge = true) =>
  fetch(`${api.base}${route}`, {
    headers: {
      ...(token ? { Authorization: `JWT ${token}` } : {}),
      ...(etag ? { "If-None-Match": etag, ...(acceptAge ? { "Cache-Control": "max-age=1" } : {}) } : {}),
    },
  });

// A list that changed since the client's last answer, as the app polls it: an ETag the list
// no longer has (any other value does), accepting a second.
const OLD_ETAG = '"an-old-version"';

/**
 * CLIENTS clients poll `route` PER_CLIENT times each; `tokenOf(i)` is client i's session. A
 * 304 is asked with the ETag of each client's last answer; a 200 with none, or, `changed`, with
 * an old one.
 */
async function poll(route, tokenOf, expected, { acceptAge = true, changed = false } = {}) {
  const etags = Array.from({ length: CLIENTS }, () => (changed ? OLD_ETAG : undefined));
  if (expected === 304) {
    for (let i = 0; i < CLIENTS; i++) {
      const res = await get(route, tokenOf(i));
      await res.arrayBuffer();
      etags[i] = res.headers.get("ETag");
    }
  }
  await api.meter();
  const latencies = [];
  const unexpected = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      for (let n = 0; n < PER_CLIENT; n++) {
        const t0 = performance.now();
        const res = await get(route, tokenOf(i), etags[i], acceptAge);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== expected) unexpected[res.status] = (unexpected[res.status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = await api.meter();
  latencies.sort((a, b) => a - b);
  const answers = latencies.length;
  const per = (n) => (n / answers).toFixed(2);
  const surprises = Object.keys(unexpected).length ? JSON.stringify(unexpected) : "0";
  return [
    answers / seconds,
    percentile(latencies, 99),
    per(used.queries),
    per(used.rowsRead),
    per(used.rowsWritten),
    per(used.roomCalls),
    surprises,
  ];
}

/** A book of EVENTS events of RUNNERS runners, and `punters` approved punters. */
async function newBook(punters) {
  const book = await c.bookmaker(1);
  const members = [];
  for (let i = 0; i < punters; i++) members.push(await c.punter(book, RUNNERS));
  const events = [];
  for (let i = 0; i < EVENTS; i++) events.push(await c.event(book, { outcomes: RUNNERS, maxTotalPayout: 1_000_000 }));
  return { book, punters: members, events };
}

/** The polled lists of a book, each with whose session polls it. */
function listsOf({ book, punters }) {
  const id = book.bookmakerId;
  const owner = () => book.owner.token;
  const punter = (i) => punters[i].token;
  const all = [
    [`/player/events/${id}`, punter],
    ["/events", owner],
    [`/bets/${id}/`, punter],
    ["/balances", owner],
    [`/balances/${id}`, punter],
    ["/bookmakers", punter],
    [`/subscriptions/active/${id}`, punter],
  ];
  const only = process.env.BENCH_LISTS?.split(",");
  return all
    .filter(([route]) => !only || only.some((start) => route.startsWith(start)))
    .map(([route, tokenOf]) => ({ route, tokenOf, name: route.replace(String(id), "{id}") }));
}

// The punter's events list answers a poll that accepts no age from a read, one that accepts a
// second from what the isolate read within it: unchanged with no read, changed with a read of
// his own stakes.
const kindsOf = (name) => {
  const player = name.startsWith("/player/");
  return [
    { status: 200, label: "" },
    ...(player ? [{ status: 200, label: " (changed)", how: { changed: true } }] : []),
    { status: 304, label: "" },
    ...(player ? [{ status: 304, label: " (no age)", how: { acceptAge: false } }] : []),
  ];
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const quiet = await newBook(PUNTERS);
  const busy = await newBook(PUNTERS);
  const placed = await placeBets(api.base, busy.book, busy.events[0], busy.punters, (e) => e.items);
  const books = [
    { bets: 0, lists: listsOf(quiet) },
    { bets: placed, lists: listsOf(busy) },
  ];
  const health = () => poll("/health", () => undefined, 200).then(([rate]) => rate);

  // A round of every call first, unmeasured: the first round would otherwise pay for a cold isolate.
  await health();
  for (const { lists } of books) for (const { route, tokenOf } of lists) await poll(route, tokenOf, 200);

  // rows[list + kind][book] = each round's [rate, share, p99, …D1 figures]
  const rows = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    for (let l = 0; l < books[0].lists.length; l++) {
      for (const kind of kindsOf(books[0].lists[l].name)) {
        // /health right before and after each list: its rate is given as a share of their mean.
        let before = await health();
        for (const b of round % 2 ? [1, 0] : [0, 1]) {
          const { route, tokenOf, name } = books[b].lists[l];
          const figures = await poll(route, tokenOf, kind.status, kind.how);
          const after = await health();
          const share = (100 * figures[0]) / ((before + after) / 2);
          before = after;
          const key = `${name}${kind.label}\t${kind.status}`;
          if (!rows.has(key)) rows.set(key, [[], []]);
          rows.get(key)[b].push([figures[0], share, ...figures.slice(1)]);
        }
      }
    }
  }

  console.log(`\n${CLIENTS} clients × ${PER_CLIENT} polls each, median of ${ROUNDS} rounds`);
  console.log(
    "list                               status   bets  answers/s  of /health  vs 0 bets  p99 ms  D1 queries  rows read  rows written  room calls  unexpected",
  );
  for (const [key, byBook] of rows) {
    const [name, status] = key.split("\t");
    const quietRate = median(byBook[0].map((r) => r[0]));
    byBook.forEach((runs, b) => {
      const rate = median(runs.map((r) => r[0]));
      const share = median(runs.map((r) => r[1]));
      const p99 = median(runs.map((r) => r[2]));
      const [, , , queries, read, written, rooms, unexpected] = runs.at(-1);
      const versus = b === 0 ? "" : `${rate >= quietRate ? "+" : ""}${((100 * rate) / quietRate - 100).toFixed(0)} %`;
      console.log(
        `${name.padEnd(34)} ${status.padStart(6)}  ${String(books[b].bets).padStart(5)}  ${rate.toFixed(0).padStart(9)}  ${`${share.toFixed(0)} %`.padStart(10)}  ${versus.padStart(9)}  ${p99.toFixed(1).padStart(6)}  ${queries.padStart(10)}  ${read.padStart(9)}  ${written.padStart(12)}  ${rooms.padStart(10)}  ${String(unexpected).padStart(10)}`,
      );
    });
  }
} finally {
  await api.stop();
}
