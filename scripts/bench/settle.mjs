// `npm run bench:settle`: times finalize of one event holding 10,000 bets, through the local
// API in workerd. The bets are placed first (100 punters × 100 outcomes), then one finalize.
// Also the D1 queries, rows read and written and room calls per settled bet.
import { client, startApi } from "./local-api.mjs";

const PUNTERS = Number(process.env.BENCH_PUNTERS ?? 100);
const OUTCOMES = 100;

const api = await startApi();
const c = client(api.base);
try {
  const book = await c.bookmaker(1);
  const punters = [];
  for (let i = 0; i < PUNTERS; i++) punters.push(await c.punter(book, OUTCOMES));
  const event = await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 1_000_000 });
  let placed = 0;
  const t0 = performance.now();
  await Promise.all(
    punters.map(async (p) => {
      for (const item of event.items) {
        const res = await fetch(`${api.base}/bets`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `JWT ${p.token}` },
          body: JSON.stringify({ bookmakerId: book.bookmakerId, eventId: event.id, eventItemId: item.id, amount: 1, coefficient: item.currCoefficient }),
        });
        await res.arrayBuffer();
        if (res.status === 201) placed++;
      }
    }),
  );
  console.log(`placed ${placed} bets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const winners = event.items.slice(0, 10).map((i) => i.id);
  await api.meter();
  const start = performance.now();
  const settled = await c.call("POST", `/events/${event.id}/finalize`, { token: book.owner.token, body: { eventId: event.id, winners } });
  const ms = performance.now() - start;
  const used = await api.meter();
  console.log(`finalize of ${placed} bets (10 winning outcomes): ${ms.toFixed(0)} ms, status ${settled.status}`);
  const per = (n) => (n / placed).toFixed(3);
  console.log(`per settled bet: ${per(used.queries)} D1 queries, ${per(used.rowsRead)} rows read, ${per(used.rowsWritten)} rows written, ${per(used.roomCalls)} room calls (${used.queries} queries in all)`);
  const { balance, punters: shown } = await c.call("GET", "/balances", { token: book.owner.token });
  const total = shown.reduce((s, p) => s + p.money.amount, 0) + balance.amount;
  console.log(`coins after settlement: pool ${balance.amount}, punters ${total - balance.amount}, total ${total}`);
} finally {
  await api.stop();
}
