// `npm run bench:settle`: times finalize through the local API in workerd.
// 1. One event holding 10,000 bets (100 punters × 100 outcomes), then one finalize; also the D1
//    queries, rows read and written and room calls per settled bet. Then the same with 10,000
//    each-way bets (20,000 rows), settled with placings (3 places at 1/5).
// 2. 2,000 punters, 5 bets each on each of two events: one finalize without the bot's messages
//    (a call marked quiet enqueues none), one with them (one per punter), and then how the queue
//    consumer drains the 2,000 messages against a fake Bot API: time, peak per second, per chat.
//    Twice (BENCH_ROUNDS), as the two cores are shared with the load client.
// 3. (With part 1.) 5,000 Yankees over 4 events, and the finalize of the last event, which pays them all.
import { createServer } from "node:http";
import { client, placeBets, pool, startApi } from "./local-api.mjs";

const PUNTERS = Number(process.env.BENCH_PUNTERS ?? 100);
const OUTCOMES = 100;
const NOTIFIED_PUNTERS = Number(process.env.BENCH_NOTIFIED_PUNTERS ?? 2000);
const NOTIFIED_OUTCOMES = 10;
const NOTIFIED_BETS_EACH = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MULTIPLE_PUNTERS = 100;
const MULTIPLES_EACH = Number(process.env.BENCH_MULTIPLES_EACH ?? 50);

/** Telegram's sendMessage, answering ok and noting when each chat was written to. */
async function fakeBotApi() {
  const sent = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const params = JSON.parse(body || "{}");
      if (req.url.endsWith("/sendMessage"))
        sent.push({ at: performance.now(), chatId: params.chat_id, text: params.text });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ ok: true, result: { message_id: sent.length, chat: { id: params.chat_id } } }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { sent, url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** Runs `fn` over `items` with at most `n` at a time. */
async function tenThousandBets(api, eachWay = false) {
  const c = client(api.base, { quiet: true });
  const book = await c.bookmaker(1);
  const punters = [];
  for (let i = 0; i < PUNTERS; i++) punters.push(await c.punter(book, 2 * OUTCOMES));
  const event = await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 1_000_000, eachWay: "standard" });
  const t0 = performance.now();
  const placed = await placeBets(api.base, book, event, punters, (e) => e.items, { quiet: true, eachWay });
  const kind = eachWay ? "each-way bets" : "bets";
  console.log(`\nplaced ${placed} ${kind} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Win bets: 10 dead-heating winners. Each-way: a winner and the 3 places (standard terms for 100 runners: 1/5).
  const body = eachWay
    ? { placings: event.items.slice(0, 3).map((i, n) => ({ itemId: i.id, place: n + 1 })) }
    : { eventId: event.id, winners: event.items.slice(0, 10).map((i) => i.id) };
  await api.meter();
  const start = performance.now();
  const settled = await c.call("POST", `/events/${event.id}/finalize`, { token: book.owner.token, body });
  const ms = performance.now() - start;
  const used = await api.meter();
  console.log(
    `finalize of ${placed} ${kind} (${eachWay ? "3 placings" : "10 winning outcomes"}): ${ms.toFixed(0)} ms, status ${settled.status}`,
  );
  const per = (n) => (n / placed).toFixed(3);
  console.log(
    `per settled bet: ${per(used.queries)} D1 queries, ${per(used.rowsRead)} rows read, ${per(used.rowsWritten)} rows written, ${per(used.roomCalls)} room calls (${used.queries} queries in all)`,
  );
  const { balance, punters: shown } = await c.call("GET", "/balances", { token: book.owner.token });
  const total = shown.reduce((s, p) => s + p.money.amount, 0) + balance.amount;
  console.log(`coins after settlement: pool ${balance.amount}, punters ${total - balance.amount}, total ${total}`);
}

/**
 * 3. A finalize that completes 5,000 Yankees (55,000 lines): 100 punters place 50 each over the
 * same 4 events; three events are settled first, then the fourth, whose finalize pays every
 * Yankee, is timed beside the 10,000 single bets' finalize of part 1.
 */
async function fiveThousandMultiples(api) {
  const c = client(api.base, { quiet: true });
  const book = await c.bookmaker(4);
  // Each Yankee at evens owes 72 coins should every leg win: lift the book's cap for the run.
  await api.db
    .prepare(`UPDATE bookmakers SET max_multiples_payout_cents = 1000000000 WHERE id = ?1`)
    .bind(book.bookmakerId)
    .run();
  const punters = [];
  for (let i = 0; i < MULTIPLE_PUNTERS; i++) punters.push(await c.punter(book, 11 * MULTIPLES_EACH));
  const events = [];
  for (let i = 0; i < 4; i++) events.push(await c.event(book, { outcomes: 10, maxTotalPayout: 1_000_000 }));
  const t0 = performance.now();
  let placed = 0;
  await pool(punters, 50, async (p) => {
    for (let k = 0; k < MULTIPLES_EACH; k++) {
      const legs = events.map((e, n) => {
        const item = e.items[(p.userId + k + n) % 10];
        return { eventId: e.id, eventItemId: item.id, coefficient: item.currCoefficient };
      });
      const res = await fetch(`${api.base}/bets/multiple`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `JWT ${p.token}`, "X-Bench-Quiet": "1" },
        body: JSON.stringify({ bookmakerId: book.bookmakerId, kind: "YANKEE", legs, amount: 1 }),
      });
      await res.arrayBuffer();
      if (res.status === 201) placed++;
    }
  });
  console.log(`
placed ${placed} Yankees in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Half the runners win each race, so most Yankees pay something.
  const winners = (e) => ({ eventId: e.id, winners: e.items.slice(0, 5).map((i) => i.id) });
  for (const e of events.slice(0, 3))
    await c.call("POST", `/events/${e.id}/finalize`, { token: book.owner.token, body: winners(e) });
  await api.meter();
  const start = performance.now();
  const last = events[3];
  const settled = await c.call("POST", `/events/${last.id}/finalize`, { token: book.owner.token, body: winners(last) });
  const ms = performance.now() - start;
  const used = await api.meter();
  const done = await api.db
    .prepare(`SELECT status, COUNT(*) AS n FROM multiples WHERE bookmaker_id = ?1 GROUP BY status ORDER BY status`)
    .bind(book.bookmakerId)
    .all();
  console.log(
    `finalize completing ${placed} Yankees: ${ms.toFixed(0)} ms, status ${settled.status}; ${used.queries} D1 queries, ` +
      `${used.rowsRead} rows read, ${used.rowsWritten} rows written; now ${done.results.map((r) => `${r.n} ${r.status}`).join(", ")}`,
  );
  const { balance, punters: shown } = await c.call("GET", "/balances", { token: book.owner.token });
  const total = shown.reduce((s, p) => s + p.money.amount, 0) + balance.amount;
  console.log(`coins after settlement: pool ${balance.amount}, punters ${total - balance.amount}, total ${total}`);
}

async function twoThousandPunters(api, bot) {
  const quiet = client(api.base, { quiet: true });
  const loud = client(api.base);
  const book = await quiet.bookmaker(1);
  const punters = [];
  const t0 = performance.now();
  await pool(Array.from({ length: NOTIFIED_PUNTERS }), 8, async () =>
    punters.push(await quiet.punter(book, 2 * ROUNDS * NOTIFIED_BETS_EACH)),
  );
  console.log(`\n${punters.length} punters set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Each punter bets on 5 of the 10 outcomes, a different 5 for neighbours.
  const itemsOf = (event, p) =>
    Array.from({ length: NOTIFIED_BETS_EACH }, (_, k) => event.items[(p.userId + k) % NOTIFIED_OUTCOMES]);
  const settled = async (c, event) => {
    const winners = event.items.slice(0, 2).map((i) => i.id);
    const start = performance.now();
    await c.call("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners },
    });
    return performance.now() - start;
  };

  // Rounds of two events alike: one settled without messages, one with; then the queue drains.
  for (let round = 1; round <= ROUNDS; round++) {
    const events = [];
    for (let i = 0; i < 2; i++) {
      const event = await quiet.event(book, { outcomes: NOTIFIED_OUTCOMES, maxTotalPayout: 1_000_000 });
      await placeBets(api.base, book, event, punters, itemsOf, { quiet: true });
      events.push(event);
    }
    // The first finalize of a round may pay for a cold cache: odd rounds settle the quiet event first, even rounds the other.
    const before = bot.sent.length;
    let startedAt = 0;
    const timed = {};
    for (const kind of round % 2 ? ["without", "with"] : ["with", "without"]) {
      if (kind === "with") startedAt = performance.now();
      timed[kind] = await settled(kind === "with" ? loud : quiet, events[kind === "with" ? 1 : 0]);
    }
    const { without, with: withMessages } = timed;
    const bets = NOTIFIED_PUNTERS * NOTIFIED_BETS_EACH;
    console.log(
      `round ${round}: finalize of ${bets} bets by ${NOTIFIED_PUNTERS} punters: ${without.toFixed(0)} ms without messages, ${withMessages.toFixed(0)} ms with (${(withMessages - without).toFixed(0)} ms more)`,
    );

    // The consumer drains the queue; each punter gets one result message.
    const deadline = Date.now() + Number(process.env.BENCH_DRAIN_S ?? 600) * 1000;
    while (bot.sent.length - before < NOTIFIED_PUNTERS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    const results = bot.sent.slice(before);
    const first = results[0]?.at ?? NaN;
    const last = results.at(-1)?.at ?? NaN;
    const perSecond = new Map();
    const chats = new Map();
    for (const m of results) {
      const second = Math.floor((m.at - first) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      chats.set(m.chatId, (chats.get(m.chatId) ?? 0) + 1);
    }
    console.log(
      `  bot messages: ${results.length} to ${chats.size} chats (at most ${Math.max(0, ...chats.values())} per chat); the first ${(first - startedAt).toFixed(0)} ms after finalize began, ` +
        `the last after ${((last - startedAt) / 1000).toFixed(1)} s; at most ${Math.max(0, ...perSecond.values())} in any second`,
    );
  }
}

const bot = await fakeBotApi();
const api = await startApi(undefined, { bot: { apiUrl: bot.url, token: "999999:bench-bot-token" } });
try {
  if (process.env.BENCH_PART !== "2") {
    await tenThousandBets(api);
    await tenThousandBets(api, true);
    await fiveThousandMultiples(api);
  }
  if (process.env.BENCH_PART !== "1") await twoThousandPunters(api, bot);
} finally {
  await api.stop();
  bot.close();
}
