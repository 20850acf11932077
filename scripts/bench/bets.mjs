// `npm run bench:bets`: one event, punters betting at once (1, 10, 50 concurrent), through
// the local API in workerd. Prints accepted bets/s, p50 and p99 latency and errors per level.
// Each punter bets 1 coin on each outcome in turn (one bet per punter per outcome).
import { client, percentile, startApi } from "./local-api.mjs";

const LEVELS = (process.env.BENCH_LEVELS ?? "1,10,50").split(",").map(Number);
const OUTCOMES = 100;

const api = await startApi();
const c = client(api.base);
try {
  const book = await c.bookmaker(1);
  console.log("concurrency  accepted  bets/s   p50 ms  p99 ms  errors");
  for (const level of LEVELS) {
    const punters = [];
    for (let i = 0; i < level; i++) punters.push(await c.punter(book, OUTCOMES));
    const event = await c.event(book, { outcomes: OUTCOMES, maxTotalPayout: 100_000 });
    const latencies = [];
    const errors = {};
    let accepted = 0;
    const started = performance.now();
    await Promise.all(
      punters.map(async (p) => {
        for (const item of event.items) {
          const t0 = performance.now();
          const res = await fetch(`${api.base}/bets`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `JWT ${p.token}` },
            body: JSON.stringify({ requestId: 0, bookmakerId: book.bookmakerId, eventId: event.id, eventItemId: item.id, amount: 1, coefficient: item.currCoefficient }),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.status === 201) accepted++;
          else errors[res.status] = (errors[res.status] ?? 0) + 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const errorText = Object.keys(errors).length ? JSON.stringify(errors) : "none";
    console.log(
      `${String(level).padStart(11)}  ${String(accepted).padStart(8)}  ${(accepted / seconds).toFixed(0).padStart(6)}  ${percentile(latencies, 50).toFixed(1).padStart(7)}  ${percentile(latencies, 99).toFixed(1).padStart(6)}  ${errorText}`,
    );
  }
} finally {
  await api.stop();
}
