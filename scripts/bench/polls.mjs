// `npm run bench:polls`: the lists the mini-app polls every few seconds, each driven by 50
// clients at once through the local API in workerd, beside GET /health on the same harness:
// answered 200 (no ETag sent: something changed) and 304 (the ETag of the last answer sent back,
// as the app polls: accepting versions a second old; and, for the punter's events, accepting
// none). The book is the issue's: 6 events of 10 runners, first with no bets, then with 5,000
// on one of them (500 punters backing all 10 runners, placed through the API; the 50 clients
// are 50 of them). Prints answers/s, the share of /health's rate driven just before and after,
// p99 latency, and the D1 queries, rows read and written and room calls per answer.
// BENCH_POLLS sets the polls per client (20); BENCH_PUNTERS the punters who bet (500);
// BENCH_LISTS=/player,/bets polls only the lists whose route starts with one of those.
import { client, percentile, placeBets, startApi } from "./local-api.mjs";

const CLIENTS = 50;
const PER_CLIENT = Number(process.env.BENCH_POLLS ?? 20);
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

try {
  const book = await c.bookmaker(1);
  const punters = [];
  for (let i = 0; i < PUNTERS; i++) punters.push(await c.punter(book, RUNNERS));
  const events = [];
  for (let i = 0; i < EVENTS; i++) events.push(await c.event(book, { outcomes: RUNNERS, maxTotalPayout: 1_000_000 }));
  const event = events[0];
  const id = book.bookmakerId;
  const owner = () => book.owner.token;
  const punter = (i) => punters[i].token;
  const ALL_LISTS = [
    [`/player/events/${id}`, punter],
    ["/events", owner],
    [`/bets/${id}/`, punter],
    ["/balances", owner],
    [`/balances/${id}`, punter],
    ["/bookmakers", punter],
    [`/subscriptions/active/${id}`, punter],
  ];
  const only = process.env.BENCH_LISTS?.split(",");
  const LISTS = ALL_LISTS.filter(([route]) => !only || only.some((start) => route.startsWith(start)));

  // /health is driven right before and right after each list, and the list's rate is given
  // as a share of their mean: the machine's pace drifts during a run, and a share against a
  // /health taken minutes earlier says more about the drift than about the list.
  const health = () => poll("/health", () => undefined, 200).then(([rate]) => rate);
  const table = async (bets) => {
    console.log(`\n${bets} bets on the book; ${CLIENTS} clients × ${PER_CLIENT} polls each`);
    console.log(
      "list                               status  answers/s  of /health  p99 ms  D1 queries  rows read  rows written  room calls  unexpected",
    );
    for (const [route, tokenOf] of LISTS) {
      // The punter's events list answers a poll that accepts no age from a read, one that
      // accepts a second from what the isolate read within it: unchanged with no read, changed
      // with a read of his own stakes.
      const player = route.startsWith("/player/");
      const kinds = [
        [200],
        ...(player ? [[200, { changed: true }]] : []),
        [304],
        ...(player ? [[304, { acceptAge: false }]] : []),
      ];
      for (const [status, how = {}] of kinds) {
        const before = await health();
        const [rate, p99, queries, read, written, rooms, unexpected] = await poll(route, tokenOf, status, how);
        const after = await health();
        const share = `${((100 * rate) / ((before + after) / 2)).toFixed(0)} %`;
        const kind = how.changed ? " (changed)" : how.acceptAge === false ? " (no age)" : "";
        const name = `${route.replace(String(id), "{id}")}${kind}`;
        console.log(
          `${name.padEnd(34)} ${String(status).padStart(6)}  ${rate.toFixed(0).padStart(9)}  ${share.padStart(10)}  ${p99.toFixed(1).padStart(6)}  ${queries.padStart(10)}  ${read.padStart(9)}  ${written.padStart(12)}  ${rooms.padStart(10)}  ${String(unexpected).padStart(10)}`,
        );
      }
    }
  };

  // A round of every call first, unmeasured: the first table would otherwise pay for a cold isolate.
  await health();
  for (const [route, tokenOf] of LISTS) await poll(route, tokenOf, 200);
  await table(0);
  const placed = await placeBets(api.base, book, event, punters, (e) => e.items);
  await table(placed);
} finally {
  await api.stop();
}
