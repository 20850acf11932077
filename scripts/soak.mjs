// `npm run soak`: mixed traffic for SOAK_MINUTES (10) against the local API in workerd
// (scripts/bench/local-api.mjs: real D1 and rooms, SQLite on disk, loopback only), with workerd
// killed (SIGKILL) every SOAK_RESTART_S (120) seconds; Miniflare starts it again on the same port
// and the same persisted folder, as `wrangler dev` does after a crash.
// 3 books, SOAK_PUNTERS (300) punters polling the lists the mini-app polls at its intervals
// (docs/rules/screens.md, "Polling": their events list adaptively, coins, subscriptions, the
// bookmaker list, some their history, each with its ETag and `Cache-Control: max-age=1`),
// betting singles, each-way bets, bets at SP and multiples across a book's open events, and
// cashing some out at the value offered (books have cash out on); the bookmakers poll their
// lists, change odds, withdraw runners, settle, undo results, add and take coins, take counter
// bets at the pitch and pay the tickets that won, and publish an event as one settles.
// Bets and coin moves carry an Idempotency-Key, as the app sends them; one whose answer a
// restart cut off is sent again with its key once the API is back, as the app does.
// After each restart (writes held while it looks) and at the end it holds every event's view,
// through the API, against D1; at the end, every 2xx write against D1 and the coins of each book.
// Prints a table per route and the checks; exits 1 unless:
// - no 5xx, and no call unanswered, outside the seconds around a restart (answered or cut off
//   from 1 s before the kill to 5 s after the API answers again);
// - every bet answered 201 is in D1 (by id, stake, each-way part) and no other bet is; each
//   punter's STAKE, ALLOCATE and WITHDRAW ledger rows add up to his 2xx bets and coin moves;
// - every balance equals its ledger, each book's coins equal its grants and purchases, no punter
//   is below zero, every WON bet's payout equals PAYOUT_SQL and its net PAYOUT rows equal it;
// - every multiple answered 201 is in D1 and no other is; one whose legs have all settled is
//   settled, with the payout its lines give from its legs' results (common/multiples.ts), and its
//   net PAYOUT or REFUND rows equal it; one with a leg open is open and has been paid nothing;
// - every cash-out answered 200 (a single or a multiple) is CASHED_OUT in D1 at the value it
//   answered, its net PAYOUT rows equal that value, and nothing else is CASHED_OUT;
// - every counter ticket answered 201 is in D1 with its bet and no other is; every payment
//   answered 200 is paid in D1 and no other ticket is; cash is conserved per book (cash taken in
//   equals the tickets' and the CASH account's holdings);
// - every event's view (GET /events/{id}) equals D1, and each outcome's totals equal the sums
//   over its bets, after each restart and at the end.
// SOAK_CONCURRENCY (24) bounds the calls in flight, so the machine's other users keep their cores.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { build } from "esbuild";
import { client, percentile, pool, startApi } from "./bench/local-api.mjs";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RESTART_S = Number(process.env.SOAK_RESTART_S ?? 120);
const PUNTERS = Number(process.env.SOAK_PUNTERS ?? 300);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 24);
const BOOKS = 3;
const BEFORE_KILL_MS = 1_000;
const AFTER_BACK_MS = 5_000;
/** Open events per book; the oldest is settled once this old, and a new one published. */
const OPEN_EVENTS = 3;
const SETTLE_AFTER_MS = 30_000;
const RUNNERS = 8;
const LADDER = [1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
/** Each punter's coins to start with, and how often (mean) he bets. */
const START_COINS = 100;
const BET_EVERY_MS = 60_000;
/** The share of a punter's bets that are multiples. */
const MULTIPLE_SHARE = 0.2;
/** The share of a punter's single bets struck at SP, and how often (mean) he looks to cash one out. */
const SP_SHARE = 0.2;
const CASH_OUT_EVERY_MS = 90_000;
const BOOK_TICK_MS = 3_000;

// What the soak holds the API to comes from the code itself: the payout formula, and the app's
// polling intervals (bundled from the TypeScript, as the worker and the app are).
const {
  PAYOUT_SQL,
  PLACE_ONLY_SQL,
  isOpenStatus,
  eventPollMs,
  POLL_MS,
  kindsFor,
  linesOf,
  returnCents,
  wonFactor,
  LOST_FACTOR,
  VOID_FACTOR,
} = await loadFromSource(`
  export { PAYOUT_SQL, PLACE_ONLY_SQL } from "./worker/ledger/settlement.ts";
  export { kindsFor, linesOf, returnCents, wonFactor, LOST_FACTOR, VOID_FACTOR } from "./common/multiples.ts";
  export { isOpenStatus } from "./worker/events/state.ts";
  export { eventPollMs } from "./web/src/features/betting/player-events.ts";
  export { POLL_MS } from "./web/src/config.ts";
`);

async function loadFromSource(contents) {
  const out = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
    define: { "import.meta.env": "{}" },
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const jitter = (ms) => ms * (0.5 + Math.random());

/** A port free now: Miniflare must start workerd again on the port it had. */
function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// ---- calls ---------------------------------------------------------------------------------

let base = "";
let inFlight = 0;
const waiting = [];
async function slot() {
  while (inFlight >= CONCURRENCY) await new Promise((r) => waiting.push(r));
  inFlight++;
}
function release() {
  inFlight--;
  waiting.shift()?.();
}

/** Per route: statuses, latencies of answered calls. */
const routes = new Map();
/** 5xx answers and calls with no answer: { route, status, body, sentAt, at } (`at`: when the answer or the error came). */
const failures = [];
/** 4xx answers by route, status, code and message: how many. */
const refusals = new Map();
const routeName = (method, route) =>
  `${method} ${route
    .split("?")[0]
    .replace(/\/counter\/tickets\/\w+/, "/counter/tickets/{code}")
    .replace(/\/\d+/g, "/{id}")}`;

/** One call; status 0 when no answer came (connection refused or cut, or 30 s passed). */
async function call(method, route, { token, body, key, etag, fresh } = {}) {
  await slot();
  const started = performance.now();
  const sentAt = Date.now();
  let answer;
  try {
    const res = await fetch(base + route, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `JWT ${token}` } : {}),
        ...(key ? { "Idempotency-Key": key } : {}),
        ...(etag ? { "If-None-Match": etag, ...(fresh ? {} : { "Cache-Control": "max-age=1" }) } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    answer = {
      status: res.status,
      body: parsed,
      text,
      etag: res.headers.get("ETag"),
      retryAfter: res.headers.has("Retry-After"),
    };
  } catch (err) {
    answer = { status: 0, text: String(err.cause?.code ?? err.cause?.message ?? err.message) };
  } finally {
    release();
  }
  const name = routeName(method, route);
  if (!routes.has(name)) routes.set(name, { statuses: new Map(), ms: [] });
  const r = routes.get(name);
  r.statuses.set(answer.status, (r.statuses.get(answer.status) ?? 0) + 1);
  if (answer.status) r.ms.push(performance.now() - started);
  if (answer.status >= 400 && answer.status < 500) {
    const why = `${name} ${answer.status} ${answer.body?.error?.code ?? ""} ${answer.body?.error?.message ?? ""}`.slice(
      0,
      140,
    );
    refusals.set(why, (refusals.get(why) ?? 0) + 1);
  }
  if (answer.status === 0 || answer.status >= 500)
    failures.push({ route: name, status: answer.status, body: answer.text.slice(0, 300), sentAt, at: Date.now() });
  return answer;
}

// ---- writes: held while the soak looks at D1, and resolved when a restart cut their answer --

let hold = null;
let writing = 0;
/** Writes whose answer was lost, to send again with their key once the API is back. */
const unanswered = [];
/** The answers of writes sent again after a restart. */
const retried = [];
/** Writes still unresolved at the end (their outcome unknown). */
const unresolved = [];

/** A write as the app sends it; `onAnswer` gets its answer, now or after a retry. */
async function write(method, route, { token, body, idempotent }, onAnswer) {
  while (hold) await hold;
  writing++;
  try {
    const key = idempotent ? randomUUID() : undefined;
    const answer = await call(method, route, { token, body, key });
    if (answer.status === 0 && key) unanswered.push({ method, route, token, body, key, onAnswer });
    else onAnswer(answer);
    return answer;
  } finally {
    writing--;
  }
}

/** Sends each unanswered write again with its key until it answers (a claim of a dead attempt goes stale in 30 s). */
async function resolveUnanswered() {
  const batch = unanswered.splice(0);
  await Promise.all(
    batch.map(async (w) => {
      const until = Date.now() + 60_000;
      for (;;) {
        const answer = await call(w.method, w.route, { token: w.token, body: w.body, key: w.key });
        const busy = answer.status === 0 || answer.status >= 500 || (answer.status === 409 && answer.retryAfter);
        if (!busy) {
          retried.push(answer.status);
          return w.onAnswer(answer);
        }
        if (Date.now() > until) return unresolved.push({ ...w, last: answer.status });
        await sleep(2_000);
      }
    }),
  );
}

/** Runs `fn` with no write in flight and none starting. */
async function withWritesHeld(fn) {
  let open;
  hold = new Promise((r) => (open = r));
  while (writing > 0) await sleep(50);
  try {
    return await fn();
  } finally {
    hold = null;
    open();
  }
}

// ---- the world -----------------------------------------------------------------------------

process.env.BENCH_METER ??= "off";
const api = await startApi(await freePort());
base = api.base;
let db = api.db;
const setup = client(base, { quiet: true });

/** Bets answered 201: betId → { userId, eventId, itemId, stakeCents, eachWay }. */
const placed = new Map();
/** Multiples answered 201: multipleId → { ownerId, userId, stakeCents }. */
const placedMultiples = new Map();
/** Cash-outs answered 200: a single's betId or a multiple's id → the value paid (cents). */
const cashedOut = new Map();
const cashedOutMultiples = new Map();
/** Counter tickets answered 201: code → { ownerId, betId, ticketUserId, stakeCents }; codes whose payment answered 200. */
const tickets = new Map();
const ticketsPaid = new Set();
/** Payments whose answer a restart cut off: the ticket is read back at the end, as the Check ticket screen would. */
const ticketsUnknown = new Set();
/** Coins moved by calls answered 2xx, per punter account: `${ownerId}:${userId}` → { add, subtract } cents. */
const moved = new Map();
const movedOf = (ownerId, userId) => {
  const k = `${ownerId}:${userId}`;
  if (!moved.has(k)) moved.set(k, { add: 0, subtract: 0 });
  return moved.get(k);
};
const events = new Map(); // eventId → { book, publishedAt, settledAt, undone }

console.log(`setting up ${BOOKS} books and ${PUNTERS} punters …`);
const books = [];
for (let b = 0; b < BOOKS; b++) {
  const book = await setup.bookmaker(2);
  await setup.buy(book.owner, "WHAT_IF");
  await setup.call("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
    token: book.owner.token,
    body: { enabled: true, margin: 0.05 },
  });
  book.punters = [];
  books.push(book);
}
await pool(
  Array.from({ length: PUNTERS }, (_, i) => books[i % BOOKS]),
  6,
  async (book) => {
    const p = await setup.punter(book, START_COINS);
    movedOf(book.owner.userId, p.userId).add += START_COINS * 100;
    book.punters.push({ ...p, book, cache: new Map() });
  },
);

async function publish(book) {
  const token = book.owner.token;
  const items = Array.from({ length: RUNNERS }, (_, i) => ({ title: `Runner ${i + 1}`, coefficient: pick(LADDER) }));
  const start = Date.now() + 3600_000;
  const body = {
    title: "Horse Racing / United Kingdom",
    description: "Soak race",
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3600_000).toISOString(),
    bookmakerId: book.bookmakerId,
    maxTotalPayout: 50_000,
    items,
  };
  const draft = await write("POST", "/drafts", { token, body }, () => {});
  if (draft.status !== 200) return;
  await publishDraft(book, draft.body.eventId);
}

const publishDraft = (book, id) =>
  write("POST", "/events", { token: book.owner.token, body: { draftId: id } }, (answer) => {
    if (answer.status === 200) events.set(id, { book, publishedAt: Date.now() });
  });

for (const book of books) for (let i = 0; i < OPEN_EVENTS; i++) await publish(book);

// ---- traffic -------------------------------------------------------------------------------

let stopped = false;
let stop;
const stopping = new Promise((r) => (stop = r));
/** A pause the end of the run cuts short. */
const pause = (ms) => Promise.race([sleep(ms), stopping]);
const loops = [];
const every = (intervalOf, fn) =>
  loops.push(
    (async () => {
      await pause(Math.random() * intervalOf());
      while (!stopped) {
        await fn();
        await pause(intervalOf());
      }
    })(),
  );

/** A poll as the app sends it: the last answer's ETag, accepting a second's age unless `fresh`. */
async function poll(who, route, fresh = false) {
  const last = who.cache.get(route);
  const answer = await call("GET", route, { token: who.token, etag: last?.etag, fresh });
  if (answer.status === 200) who.cache.set(route, { etag: answer.etag, body: answer.body });
  return who.cache.get(route)?.body;
}

for (const [i, p] of books.flatMap((b) => b.punters).entries()) {
  const id = p.book.bookmakerId;
  const eventsRoute = `/player/events/${id}`;
  every(
    () => eventPollMs(p.cache.get(eventsRoute)?.body),
    () => poll(p, eventsRoute),
  );
  every(
    () => POLL_MS,
    () => poll(p, `/balances/${id}`),
  );
  every(
    () => POLL_MS,
    () => poll(p, `/subscriptions/active/${id}`),
  );
  every(
    () => POLL_MS,
    () => poll(p, "/bookmakers"),
  );
  if (i % 3 === 0)
    every(
      () => POLL_MS,
      () => poll(p, `/bets/${id}/`),
    );
  every(
    () => jitter(BET_EVERY_MS),
    () => bet(p),
  );
  if (i % 2 === 0)
    every(
      () => jitter(CASH_OUT_EVERY_MS),
      () => cashOut(p),
    );
}

async function bet(p) {
  const id = p.book.bookmakerId;
  const list = p.cache.get(`/player/events/${id}`)?.body;
  const coins = p.cache.get(`/balances/${id}`)?.body;
  if (!Array.isArray(list) || !coins) return;
  if (Math.random() < MULTIPLE_SHARE) return multiple(p, list, coins.amount);
  const stake = 1 + Math.floor(Math.random() * 5);
  const eachWay = Math.random() < 0.35;
  const choices = list
    .filter((e) => e.status === "READY_FOR_BETS")
    .flatMap((e) => e.items.map((item) => ({ e, item })))
    .filter(({ item }) => item.status === "ACTIVE" && item.myStake === 0)
    .filter(({ item }) => (eachWay ? item.eachWayMaxStake : item.maxStake) >= stake);
  const balance = coins.amount;
  if (!choices.length || balance < stake * (eachWay ? 2 : 1)) return;
  const { e, item } = pick(choices);
  const atSp = e.sp && Math.random() < SP_SHARE;
  const body = {
    bookmakerId: id,
    eventId: e.eventId,
    eventItemId: item.id,
    amount: stake,
    ...(atSp ? { atSp } : { coefficient: item.coefficient }),
    ...(eachWay ? { eachWay } : {}),
  };
  await write("POST", "/bets", { token: p.token, body, idempotent: true }, (answer) => {
    if (answer.status !== 201) return;
    placed.set(answer.body.betId, {
      ownerId: p.book.owner.userId,
      userId: p.userId,
      eventId: e.eventId,
      itemId: item.id,
      stakeCents: stake * 100,
      eachWay,
      atSp,
    });
  });
  // Placing a bet refreshes bets, events and coins at once.
  await Promise.all([
    poll(p, `/player/events/${id}`, true),
    poll(p, `/balances/${id}`, true),
    poll(p, `/bets/${id}/`, true),
  ]);
}

/** One of his open bets or multiples cashed out at the value he is offered, as the History's button does. */
async function cashOut(p) {
  const id = p.book.bookmakerId;
  const offers = await call("GET", `/bets/${id}/cashouts`, { token: p.token });
  if (offers.status !== 200) return;
  const open = [
    ...offers.body.bets.filter((o) => o.value).map((o) => ({ path: `/bets/${o.betId}/cashout`, id: o.betId, o })),
    ...offers.body.multiples
      .filter((o) => o.value)
      .map((o) => ({ path: `/bets/multiple/${o.multipleId}/cashout`, id: o.multipleId, multiple: true, o })),
  ];
  if (!open.length) return;
  const chosen = pick(open);
  await write("POST", chosen.path, { token: p.token, body: { value: chosen.o.value }, idempotent: true }, (answer) => {
    if (answer.status !== 200) return;
    (chosen.multiple ? cashedOutMultiples : cashedOut).set(chosen.id, Math.round(answer.body.payout * 100));
  });
  await poll(p, `/balances/${id}`, true);
}

/** A double, treble or full cover across 2 or 3 of the book's open events, at the odds he was shown. */
async function multiple(p, list, balance) {
  const open = list.filter((e) => e.status === "READY_FOR_BETS" && e.items.some((i) => i.status === "ACTIVE"));
  if (open.length < 2) return;
  const events = open
    .sort(() => Math.random() - 0.5)
    .slice(0, 2 + Math.floor(Math.random() * Math.min(2, open.length - 1)));
  const legs = events.map((e) => {
    const item = pick(e.items.filter((i) => i.status === "ACTIVE"));
    return { eventId: e.eventId, eventItemId: item.id, coefficient: item.coefficient };
  });
  const kind = pick(kindsFor(legs.length));
  const amount = 1 + Math.floor(Math.random() * 2);
  const lines = linesOf(kind, legs.length).length;
  if (balance < lines * amount) return;
  const body = { bookmakerId: p.book.bookmakerId, kind, legs, amount };
  await write("POST", "/bets/multiple", { token: p.token, body, idempotent: true }, (answer) => {
    if (answer.status !== 201) return;
    placedMultiples.set(answer.body.multipleId, {
      ownerId: p.book.owner.userId,
      userId: p.userId,
      stakeCents: lines * amount * 100,
    });
  });
  await poll(p, `/balances/${p.book.bookmakerId}`, true);
}

for (const book of books) {
  book.cache = new Map();
  book.token = book.owner.token;
  every(
    () => POLL_MS,
    () => poll(book, "/events?view=open"),
  );
  every(
    () => POLL_MS,
    () => poll(book, "/balances"),
  );
  every(
    () => POLL_MS,
    () => poll(book, "/bookmakers/requests"),
  );
  every(
    () => jitter(BOOK_TICK_MS),
    () => bookTick(book),
  );
}

async function bookTick(book) {
  const token = book.owner.token;
  const list = await poll(book, "/events?view=open", true);
  if (!Array.isArray(list)) return;
  const open = list.filter((e) => e.status === "READY_FOR_BETS");
  const active = (e) => e.items.filter((i) => i.status === "ACTIVE");
  const waitingResult = list.find((e) => e.status === "WAITING_FOR_RESULT");
  // A draft a restart left unpublished is published first.
  const draft = list.find((e) => e.status === "CREATED");
  if (draft) return publishDraft(book, draft.id);
  if (open.length < OPEN_EVENTS) return publish(book);
  if (waitingResult) return settle(book, waitingResult);
  const r = Math.random();
  if (r < 0.3) {
    const e = pick(open);
    const item = pick(active(e));
    return write(
      "POST",
      `/events/${e.id}/coefficients`,
      { token, body: { items: [{ id: item.id, coefficient: pick(LADDER) }] } },
      () => {},
    );
  }
  if (r < 0.38) {
    const e = pick(open);
    if (active(e).length > 4) return write("POST", `/events/${e.id}/nr/${pick(active(e)).id}`, { token }, () => {});
    return;
  }
  if (r < 0.55) {
    const oldest = open.map((e) => ({ e, at: events.get(e.id)?.publishedAt ?? 0 })).sort((a, b) => a.at - b.at)[0];
    if (Date.now() - oldest.at > SETTLE_AFTER_MS) return settle(book, oldest.e);
    return;
  }
  if (r < 0.62) {
    const done = [...events.entries()].find(([, e]) => e.book === book && e.settledAt && !e.undone);
    if (!done) return;
    done[1].undone = true;
    return write("POST", `/events/${done[0]}/unsettle`, { token }, () => {});
  }
  // At the pitch, on the race off next (the oldest open), so tickets are paid within a short run.
  if (r < 0.8)
    return counterBet(
      book,
      open.reduce((a, b) => ((events.get(a.id)?.publishedAt ?? 0) <= (events.get(b.id)?.publishedAt ?? 0) ? a : b)),
    );
  const p = pick(book.punters);
  const adding = r < 0.85;
  const cents = (adding ? 5 + Math.floor(Math.random() * 45) : 1 + Math.floor(Math.random() * 5)) * 100;
  return write(
    "POST",
    adding ? "/balances/add" : "/balances/subtract",
    { token, body: { userId: p.userId, balance: { amount: cents / 100 } }, idempotent: true },
    (answer) => {
      if (answer.status < 200 || answer.status > 299) return;
      movedOf(book.owner.userId, p.userId)[adding ? "add" : "subtract"] += cents;
    },
  );
}

/** A cash bet taken at the pitch: a runner at its price now (or at SP), its ticket kept. */
async function counterBet(book, e) {
  const item = pick(e.items.filter((i) => i.status === "ACTIVE"));
  if (!item) return;
  const atSp = e.sp && Math.random() < SP_SHARE;
  const eachWay = Math.random() < 0.6;
  const amount = 1 + Math.floor(Math.random() * 5);
  const body = {
    bookmakerId: book.bookmakerId,
    eventId: e.id,
    eventItemId: item.id,
    amount,
    ...(atSp ? { atSp } : { coefficient: item.currCoefficient }),
    ...(eachWay ? { eachWay } : {}),
  };
  await write("POST", "/counter/bets", { token: book.owner.token, body, idempotent: true }, (answer) => {
    if (answer.status !== 201) return;
    tickets.set(answer.body.code, {
      ownerId: book.owner.userId,
      betId: answer.body.bet.betId,
      ticketUserId: answer.body.bet.userId,
      stakeCents: amount * 100 * (eachWay ? 2 : 1),
    });
  });
}

/** An event's tickets that won or were refunded, paid at the counter once it is settled. */
async function payTickets(book, eventId) {
  const due = await call("GET", `/counter/tickets?eventId=${eventId}`, { token: book.owner.token });
  if (due.status !== 200) return;
  for (const t of due.body.filter((t) => t.status === "WON" || t.status === "VOID"))
    await write("POST", `/counter/tickets/${t.code}/pay`, { token: book.owner.token }, (answer) => {
      if (answer.status === 200) ticketsPaid.add(t.code);
      if (answer.status === 0) ticketsUnknown.add(t.code);
    });
}

async function settle(book, e) {
  const runners = e.items.filter((i) => i.status === "ACTIVE").sort(() => Math.random() - 0.5);
  // Now and then a dead heat for first.
  const places = Math.random() < 0.1 ? [1, 1, 3] : [1, 2, 3];
  const placings = runners.slice(0, 3).map((i, n) => ({ itemId: i.id, place: places[n] }));
  await write("POST", `/events/${e.id}/finalize`, { token: book.owner.token, body: { placings } }, (answer) => {
    if (answer.status === 200 && events.has(e.id)) events.get(e.id).settledAt = Date.now();
  });
  if (events.get(e.id)?.settledAt) await payTickets(book, e.id);
}

// ---- restarts ------------------------------------------------------------------------------

/** Each restart: when workerd was killed and when the API answered again. */
const restarts = [];

/** workerd processes this process started (Miniflare's runtime). */
function workerdPids() {
  const out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, comm]) => pid && comm?.startsWith("workerd"))
    .map(([pid]) => Number(pid));
}

async function restart() {
  const pids = workerdPids();
  if (!pids.length) throw new Error("no workerd process to kill");
  const killAt = Date.now();
  for (const pid of pids) process.kill(pid, "SIGKILL");
  // Miniflare sees its runtime die and starts it again: same port, same persisted folder.
  for (;;) {
    await sleep(200);
    if (workerdPids().some((pid) => !pids.includes(pid))) {
      const health = await fetch(`${base}/health`).catch(() => null);
      if (health?.ok) break;
    }
  }
  const backAt = Date.now();
  restarts.push({ killAt, backAt });
  db = await api.mf.getD1Database("DB");
  console.log(
    `restart ${restarts.length}: workerd killed, answering again after ${((backAt - killAt) / 1000).toFixed(1)} s`,
  );
}

const aroundRestart = (at) => restarts.some((r) => at >= r.killAt - BEFORE_KILL_MS && at <= r.backAt + AFTER_BACK_MS);

// ---- checks --------------------------------------------------------------------------------

/** Each check: its name and what it found wrong. */
const checks = new Map();
function check(name, problems) {
  if (!checks.has(name)) checks.set(name, []);
  checks.get(name).push(...problems);
}

const rows = async (sql, ...binds) =>
  (
    await db
      .prepare(sql)
      .bind(...binds)
      .all()
  ).results;
const owners = () => books.map((b) => b.owner.userId);
const bookIds = () => books.map((b) => b.bookmakerId);
const inList = (ids) => `(${ids.map(Number).join(", ")})`;
const LIVE = `b.status IN ('ACCEPTED', 'WON', 'LOST')`;

/** Every event's view through the API against D1: statuses, odds, places, deductions, totals, what-if. */
async function checkRooms(when) {
  const items = await rows(
    `SELECT e.id AS event_id, e.status AS event_status, e.bookmaker_id, i.id, i.status, i.curr_num, i.curr_den,
       i.place, i.deduction, i.stake_cents, i.liability_cents, i.place_liability_cents,
       COALESCE((SELECT SUM(b.stake_cents) FROM bets b WHERE b.item_id = i.id AND ${LIVE}), 0) AS bets_stake,
       COALESCE((SELECT SUM(${PAYOUT_SQL}) FROM bets b WHERE b.item_id = i.id AND ${LIVE}), 0) AS bets_liability,
       COALESCE((SELECT SUM(${PLACE_ONLY_SQL}) FROM bets b WHERE b.item_id = i.id AND b.part = 'PLACE' AND ${LIVE}), 0) AS bets_place,
       COALESCE((SELECT SUM(b.stake_cents - b.payout_cents) FROM bets b WHERE b.item_id = i.id AND b.status = 'CASHED_OUT'), 0) AS cashed_kept
     FROM events e JOIN event_items i ON i.event_id = e.id WHERE e.bookmaker_id IN ${inList(bookIds())}
     ORDER BY e.id, i.position`,
  );
  const problems = [];
  const byEvent = new Map();
  for (const i of items) byEvent.set(i.event_id, [...(byEvent.get(i.event_id) ?? []), i]);
  for (const [eventId, its] of byEvent) {
    for (const i of its) {
      for (const [kept, summed] of [
        ["stake_cents", "bets_stake"],
        ["liability_cents", "bets_liability"],
        ["place_liability_cents", "bets_place"],
      ])
        if (i[kept] !== i[summed])
          problems.push(`${when}: event ${eventId} outcome ${i.id} ${kept} ${i[kept]}, its bets ${i[summed]}`);
    }
    const book = books.find((b) => b.bookmakerId === its[0].bookmaker_id);
    const answer = await call("GET", `/events/${eventId}`, { token: book.owner.token });
    if (answer.status !== 200) {
      problems.push(`${when}: GET /events/${eventId} answered ${answer.status} ${answer.text.slice(0, 200)}`);
      continue;
    }
    const view = answer.body;
    if (view.status !== its[0].event_status)
      problems.push(`${when}: event ${eventId} is ${view.status} in the API, ${its[0].event_status} in D1`);
    // A cash-out is a return: the book keeps its stake and has paid its value, whatever wins.
    const stakes = its.reduce((sum, i) => sum + i.bets_stake + i.cashed_kept, 0);
    for (const i of its) {
      const shown = view.items.find((v) => v.id === i.id);
      const wrong = [];
      if (!shown) wrong.push("missing");
      else {
        if (shown.status !== i.status) wrong.push(`status ${shown.status} vs ${i.status}`);
        if (Math.abs(shown.currCoefficient - (i.curr_num + i.curr_den) / i.curr_den) > 0.006)
          wrong.push(`odds ${shown.currCoefficient} vs ${i.curr_num}/${i.curr_den}`);
        if (shown.place !== i.place) wrong.push(`place ${shown.place} vs ${i.place}`);
        if (shown.deduction !== i.deduction) wrong.push(`deduction ${shown.deduction} vs ${i.deduction}`);
        // Settled: the book keeps every stake and pays this outcome's bets.
        if (!isOpenStatus(i.event_status) && Math.round(shown.whatIf * 100) !== stakes - i.bets_liability)
          wrong.push(`what-if ${shown.whatIf} vs ${(stakes - i.bets_liability) / 100}`);
      }
      if (wrong.length) problems.push(`${when}: event ${eventId} outcome ${i.id}: ${wrong.join(", ")}`);
    }
  }
  check("every event's view and totals equal D1", problems);
  return byEvent.size;
}

/** Every 2xx write in D1 and no other; every book's coins conserved. */
async function checkMoney() {
  const owned = inList(owners());
  const bets = await rows(
    `SELECT b.id, b.user_id, b.event_id, b.item_id, b.stake_cents, b.part, b.each_way_of, b.status, b.payout_cents,
       ${PAYOUT_SQL} AS formula, bk.owner_id
     FROM bets b JOIN bookmakers bk ON bk.id = b.bookmaker_id WHERE b.bookmaker_id IN ${inList(bookIds())}`,
  );
  const writes = [];
  const wins = new Map(bets.filter((b) => b.part === "WIN").map((b) => [b.id, b]));
  const placeOf = new Map(bets.filter((b) => b.part === "PLACE").map((b) => [b.each_way_of, b]));
  for (const [id, p] of placed) {
    const row = wins.get(id);
    if (!row) writes.push(`bet ${id} answered 201 but is not in D1`);
    else if (row.user_id !== p.userId || row.item_id !== p.itemId || row.stake_cents !== p.stakeCents)
      writes.push(`bet ${id} in D1 differs from its answer: ${JSON.stringify(row)} vs ${JSON.stringify(p)}`);
    else if (p.eachWay !== placeOf.has(id))
      writes.push(`bet ${id}: each-way ${p.eachWay}, place part in D1 ${placeOf.has(id)}`);
  }
  const ticketBets = new Map([...tickets.values()].map((t) => [t.betId, t]));
  for (const id of wins.keys())
    if (!placed.has(id) && !ticketBets.has(id)) writes.push(`bet ${id} is in D1 but no call answered 201 for it`);
  for (const [code, t] of tickets) {
    const row = wins.get(t.betId);
    if (!row || row.user_id !== t.ticketUserId)
      writes.push(`ticket ${code} answered 201, its bet ${t.betId} not in D1 as answered`);
  }
  // Cash-outs: each answered 200 is CASHED_OUT at its value, and no other bet is.
  for (const [id, cents] of cashedOut) {
    const row = wins.get(id);
    if (row?.status !== "CASHED_OUT" || row.payout_cents !== cents)
      writes.push(`cash-out of bet ${id} answered ${cents}, D1 has ${row?.status} ${row?.payout_cents}`);
  }
  for (const b of wins.values())
    if (b.status === "CASHED_OUT" && !cashedOut.has(b.id))
      writes.push(`bet ${b.id} is CASHED_OUT but no cash-out answered 200`);

  const accounts = await rows(
    `SELECT a.id, a.kind, a.pool_owner_id, a.punter_id, a.balance_cents,
       COALESCE((SELECT SUM(amount_cents) FROM ledger WHERE to_account = a.id), 0)
         - COALESCE((SELECT SUM(amount_cents) FROM ledger WHERE from_account = a.id), 0) AS ledger,
       COALESCE((SELECT SUM(amount_cents) FROM ledger WHERE from_account = a.id AND kind = 'STAKE'), 0) AS staked,
       COALESCE((SELECT SUM(amount_cents) FROM ledger WHERE to_account = a.id AND kind = 'ALLOCATE'), 0) AS added,
       COALESCE((SELECT SUM(amount_cents) FROM ledger WHERE from_account = a.id AND kind = 'WITHDRAW'), 0) AS taken
     FROM accounts a WHERE a.pool_owner_id IN ${owned}`,
  );
  const stakedBy = new Map();
  for (const p of placed.values()) {
    const k = `${p.ownerId}:${p.userId}`;
    stakedBy.set(k, (stakedBy.get(k) ?? 0) + p.stakeCents * (p.eachWay ? 2 : 1));
  }
  for (const p of placedMultiples.values()) {
    const k = `${p.ownerId}:${p.userId}`;
    stakedBy.set(k, (stakedBy.get(k) ?? 0) + p.stakeCents);
  }
  for (const t of tickets.values()) stakedBy.set(`${t.ownerId}:${t.ticketUserId}`, t.stakeCents);
  const coins = [];
  for (const a of accounts) {
    if (a.balance_cents !== a.ledger) coins.push(`account ${a.id} holds ${a.balance_cents}, its ledger ${a.ledger}`);
    if (a.kind !== "PUNTER") continue;
    if (a.balance_cents < 0)
      coins.push(`punter ${a.punter_id} of ${a.pool_owner_id} is below zero: ${a.balance_cents}`);
    const k = `${a.pool_owner_id}:${a.punter_id}`;
    const m = moved.get(k) ?? { add: 0, subtract: 0 };
    if (a.added !== m.add) writes.push(`punter ${k}: ALLOCATE rows ${a.added}, 2xx adds ${m.add}`);
    if (a.taken !== m.subtract) writes.push(`punter ${k}: WITHDRAW rows ${a.taken}, 2xx subtracts ${m.subtract}`);
    if (a.staked !== (stakedBy.get(k) ?? 0))
      writes.push(`punter ${k}: STAKE rows ${a.staked}, 201 bets ${stakedBy.get(k) ?? 0}`);
  }
  const came = await rows(
    `SELECT pool_owner_id, SUM(amount_cents) AS cents FROM ledger WHERE kind IN ('GRANT', 'PURCHASE', 'CASH_IN') AND pool_owner_id IN ${owned} GROUP BY pool_owner_id`,
  );
  for (const owner of owners()) {
    const held = accounts.filter((a) => a.pool_owner_id === owner).reduce((sum, a) => sum + a.balance_cents, 0);
    const inflow = came.find((c) => c.pool_owner_id === owner)?.cents ?? 0;
    if (held !== inflow) coins.push(`book of ${owner} holds ${held}, grants, purchases and cash taken ${inflow}`);
  }
  await checkTickets(writes);

  // Net PAYOUT and REFUND rows per bet row (a settlement undone moves them back in new rows).
  const moves = await rows(
    `SELECT l.ref, l.kind, SUM(CASE WHEN a.kind = 'PUNTER' THEN l.amount_cents ELSE -l.amount_cents END) AS net
     FROM ledger l JOIN accounts a ON a.id = l.to_account
     WHERE l.pool_owner_id IN ${owned} AND l.kind IN ('PAYOUT', 'REFUND') GROUP BY l.ref, l.kind`,
  );
  const net = new Map(moves.map((m) => [`${m.ref}:${m.kind}`, m.net]));
  for (const b of bets) {
    if (b.status === "WON" && b.payout_cents !== b.formula)
      coins.push(`bet ${b.id} (${b.part}) WON ${b.payout_cents}, the formula ${b.formula}`);
    const paid = net.get(`bet:${b.id}:PAYOUT`) ?? 0;
    const refunded = net.get(`bet:${b.id}:REFUND`) ?? 0;
    if (paid !== (b.status === "WON" || b.status === "CASHED_OUT" ? b.payout_cents : 0))
      coins.push(`bet ${b.id} ${b.status}: PAYOUT rows net ${paid}, payout ${b.payout_cents}`);
    if (refunded !== (b.status === "CANCELLED" ? b.stake_cents : 0))
      coins.push(`bet ${b.id} ${b.status}: REFUND rows net ${refunded}`);
  }
  const multiples = await checkMultiples(writes, coins, net);
  check("every 2xx write is in D1, and no other", writes);
  check("coins conserved per book, payouts by the formula", coins);
  return {
    bets: bets.length,
    won: bets.filter((b) => b.status === "WON").length,
    accounts: accounts.length,
    ...multiples,
  };
}

/** Multiples: every 201 in D1 and no other; each settled exactly when its legs are, paid by its lines. */
async function checkMultiples(writes, coins, net) {
  const stored = await rows(
    `SELECT m.id, m.user_id, m.kind, m.legs, m.lines, m.amount_cents, m.status, m.payout_cents FROM multiples m
     WHERE m.bookmaker_id IN ${inList(bookIds())} ORDER BY m.id`,
  );
  const legs = await rows(
    `SELECT l.multiple_id, l.leg_no, l.result, l.odds_num, l.odds_den, l.deduction, l.dead_heat FROM multiple_legs l
     JOIN multiples m ON m.id = l.multiple_id WHERE m.bookmaker_id IN ${inList(bookIds())} ORDER BY l.multiple_id, l.leg_no`,
  );
  const legsOf = new Map();
  for (const l of legs) legsOf.set(l.multiple_id, [...(legsOf.get(l.multiple_id) ?? []), l]);
  const byId = new Map(stored.map((m) => [m.id, m]));
  for (const [id, p] of placedMultiples) {
    const m = byId.get(id);
    if (!m) writes.push(`multiple ${id} answered 201 but is not in D1`);
    else if (m.user_id !== p.userId || m.lines * m.amount_cents !== p.stakeCents)
      writes.push(`multiple ${id} in D1 differs from its answer: ${JSON.stringify(m)} vs ${JSON.stringify(p)}`);
  }
  for (const id of byId.keys())
    if (!placedMultiples.has(id)) writes.push(`multiple ${id} is in D1 but no call answered 201 for it`);
  let settled = 0;
  for (const [id, cents] of cashedOutMultiples) {
    const m = byId.get(id);
    if (m?.status !== "CASHED_OUT" || m.payout_cents !== cents)
      writes.push(`cash-out of multiple ${id} answered ${cents}, D1 has ${m?.status} ${m?.payout_cents}`);
  }
  for (const m of stored) {
    if (m.status === "CASHED_OUT") {
      if (!cashedOutMultiples.has(m.id)) writes.push(`multiple ${m.id} is CASHED_OUT but no cash-out answered 200`);
      const paid = net.get(`multiple:${m.id}:PAYOUT`) ?? 0;
      if (paid !== m.payout_cents)
        coins.push(`multiple ${m.id} cashed out at ${m.payout_cents}: PAYOUT rows net ${paid}`);
      settled++;
      continue;
    }
    const mine = legsOf.get(m.id) ?? [];
    const open = mine.some((l) => l.result === "PENDING");
    const factors = mine.map((l) =>
      l.result === "WON"
        ? wonFactor({ num: l.odds_num, den: l.odds_den }, l.deduction, l.dead_heat)
        : l.result === "VOID"
          ? VOID_FACTOR
          : LOST_FACTOR,
    );
    const allVoid = mine.every((l) => l.result === "VOID");
    const payout = open ? 0 : returnCents(m.amount_cents, linesOf(m.kind, m.legs), factors);
    const status = open ? "ACCEPTED" : allVoid ? "CANCELLED" : payout > 0 ? "WON" : "LOST";
    if (m.status !== status || m.payout_cents !== payout)
      coins.push(`multiple ${m.id}: ${m.status} ${m.payout_cents}, its legs say ${status} ${payout}`);
    const paid = net.get(`multiple:${m.id}:PAYOUT`) ?? 0;
    const refunded = net.get(`multiple:${m.id}:REFUND`) ?? 0;
    if (
      paid !== (m.status === "WON" ? m.payout_cents : 0) ||
      refunded !== (m.status === "CANCELLED" ? m.payout_cents : 0)
    )
      coins.push(
        `multiple ${m.id} ${m.status} ${m.payout_cents}: PAYOUT rows net ${paid}, REFUND rows net ${refunded}`,
      );
    if (!open) settled++;
  }
  return { multiples: stored.length, multiplesSettled: settled };
}

/** Tickets: every 201 in D1 and no other; paid exactly those whose payment answered 200 (or, cut off, reads paid). */
async function checkTickets(writes) {
  const stored = await rows(
    `SELECT t.code, t.bet_id, t.paid_at FROM tickets t WHERE t.bookmaker_id IN ${inList(bookIds())}`,
  );
  for (const code of ticketsUnknown) {
    const book = books.find((b) => b.owner.userId === tickets.get(code)?.ownerId);
    const answer = await call("GET", `/counter/tickets/${code}`, { token: book.owner.token });
    if (answer.body?.status === "PAID") ticketsPaid.add(code);
  }
  const byCode = new Map(stored.map((t) => [t.code, t]));
  for (const [code, t] of tickets)
    if (byCode.get(code)?.bet_id !== t.betId)
      writes.push(`ticket ${code} answered 201 but is not in D1 with bet ${t.betId}`);
  for (const t of stored) {
    if (!tickets.has(t.code)) writes.push(`ticket ${t.code} is in D1 but no call answered 201 for it`);
    if ((t.paid_at !== null) !== ticketsPaid.has(t.code))
      writes.push(
        `ticket ${t.code}: paid in D1 ${t.paid_at !== null}, payment answered 200 ${ticketsPaid.has(t.code)}`,
      );
  }
}

// ---- the run -------------------------------------------------------------------------------

const startedAt = Date.now();
const endAt = startedAt + MINUTES * 60_000;
console.log(`soak: ${MINUTES} min, workerd killed every ${RESTART_S} s, ${PUNTERS} punters, ${BOOKS} books`);
let exitCode;
try {
  for (let next = startedAt + RESTART_S * 1000; next < endAt - 10_000; next += RESTART_S * 1000) {
    await sleep(next - Date.now());
    await restart();
    await resolveUnanswered();
    const seen = await withWritesHeld(() => checkRooms(`after restart ${restarts.length}`));
    console.log(`  ${seen} events held against D1`);
  }
  await sleep(Math.max(0, endAt - Date.now()));
  stopped = true;
  stop();
  await Promise.all(loops);
  await resolveUnanswered();
  await checkRooms("at the end");
  const money = await checkMoney();

  const outside = failures.filter((f) => !aroundRestart(f.at));
  check(
    `no 5xx or unanswered call outside ${BEFORE_KILL_MS / 1000} s before a kill to ${AFTER_BACK_MS / 1000} s after the API is back`,
    outside.map((f) => {
      const near = restarts.map((r) => ((f.at - r.killAt) / 1000).toFixed(1));
      return `${f.route} ${f.status || "no answer"} ${f.body} (at ${((f.at - startedAt) / 1000).toFixed(1)} s; from each kill: ${near.join(", ") || "none"} s)`;
    }),
  );
  check(
    "every write cut off by a restart was resolved by its retry",
    unresolved.map((w) => `${w.method} ${w.route} ${JSON.stringify(w.body)}: last ${w.last}`),
  );

  printTable(money);
  exitCode = [...checks.values()].every((p) => p.length === 0) ? 0 : 1;
} finally {
  stopped = true;
  await api.stop();
}
process.exit(exitCode);

function printTable(money) {
  const seconds = (Date.now() - startedAt) / 1000;
  console.log(
    `\n${MINUTES} min (${seconds.toFixed(0)} s), ${restarts.length} restarts (back after ${restarts.map((r) => ((r.backAt - r.killAt) / 1000).toFixed(1)).join(", ")} s), ` +
      `${placed.size} bets answered 201 (${[...placed.values()].filter((p) => p.eachWay).length} each-way, ` +
      `${[...placed.values()].filter((p) => p.atSp).length} at SP), ${money.bets} bet rows, ${money.won} won, ` +
      `${placedMultiples.size} multiples answered 201 (${money.multiplesSettled} settled), ` +
      `${cashedOut.size} singles and ${cashedOutMultiples.size} multiples cashed out, ` +
      `${tickets.size} counter tickets (${ticketsPaid.size} paid), ${money.accounts} accounts`,
  );
  console.log(
    "route                                  calls      2xx      304      4xx  5xx near restart  5xx other  no answer  p50 ms  p99 ms",
  );
  const sorted = [...routes.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  for (const [name, r] of sorted) {
    const count = (test) => [...r.statuses].filter(([s]) => test(s)).reduce((sum, [, n]) => sum + n, 0);
    const fives = failures.filter((f) => f.route === name && f.status >= 500);
    const near = fives.filter((f) => aroundRestart(f.at)).length;
    r.ms.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(36)} ${String(count(() => true)).padStart(7)}  ${String(count((s) => s >= 200 && s < 300)).padStart(7)}  ${String(count((s) => s === 304)).padStart(7)}  ${String(count((s) => s >= 400 && s < 500)).padStart(7)}  ${String(near).padStart(16)}  ${String(fives.length - near).padStart(9)}  ${String(count((s) => s === 0)).padStart(9)}  ${percentile(r.ms, 50).toFixed(1).padStart(6)}  ${percentile(r.ms, 99).toFixed(1).padStart(6)}`,
    );
  }
  console.log("\n4xx answers (the app's own refusals: odds moved, stake over the limit, …):");
  for (const [why, n] of [...refusals].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(7)}  ${why}`);
  console.log(
    `writes cut off by a restart and sent again with their key: ${retried.length} (${retried.map((s) => s || "none").join(", ")})`,
  );
  console.log("");
  for (const [name, problems] of checks) {
    console.log(`${problems.length ? "FAIL" : "ok  "}  ${name}`);
    for (const p of problems.slice(0, 20)) console.log(`        ${p}`);
    if (problems.length > 20) console.log(`        … ${problems.length - 20} more`);
  }
}
