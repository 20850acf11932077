import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dateIn } from "../../common/calendar";
import type { BookBalances, BookmakerEvent, Figure, Figures } from "../contract";
import { call, json, type TestUser } from "../test/api";
import { bet, newEvent } from "../test/events";
import { newBook, newPunter, type TestBook } from "../test/world";
import { propertyRuns } from "../test/property";

// Random histories of coin moves, bets, non-runners, finalize and abandon, spread over three
// weeks, must give figures that add up for any period in any zone: for every punter
// opening + added − withdrawn − staked + returned = closing to the cent, one period's closing
// is the next one's opening, the totals are the sum of the rows, and a period that reaches
// today closes on the balances.

const runs = Math.max(10, Math.floor((Number(env.PROPERTY_RUNS) || 200) / 10));
const PUNTERS = 3;
const OUTCOMES = 3;
const ZONES = [
  "UTC",
  "America/New_York",
  "Europe/London",
  "Asia/Kolkata",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Asia/Beirut",
];

const who = fc.nat(PUNTERS - 1);
const which = fc.nat(1);
const amount = fc.integer({ min: 1, max: 4000 }).map((c) => c / 100);
const op = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ type: fc.constant("bet" as const), who, which, outcome: fc.nat(OUTCOMES - 1), amount }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("add" as const), who, amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("subtract" as const), who, amount }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("nr" as const), which, outcome: fc.nat(OUTCOMES - 1) }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant("finalize" as const), which, winners: fc.subarray([0, 1, 2]) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("abandon" as const), which }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const period = fc.record({ startBack: fc.nat(24), length: fc.nat(9), tz: fc.constantFrom(...ZONES) });
const history = fc.record({
  steps: fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 6 }),
  /** Minutes between one ledger row and the next once the history is spread out. */
  gaps: fc.array(fc.integer({ min: 0, max: 36 * 60 }), { minLength: 16, maxLength: 16 }),
  periods: fc.array(period, { minLength: 2, maxLength: 4 }),
});

interface World {
  book: TestBook;
  punters: TestUser[];
  events: BookmakerEvent[];
}

async function perform(w: World, o: Op): Promise<number> {
  const owner = w.book.owner.token;
  if (o.type === "add" || o.type === "subtract") {
    return (
      await call("POST", `/balances/${o.type}`, {
        token: owner,
        body: { userId: w.punters[o.who].userId, balance: { amount: o.amount } },
      })
    ).status;
  }
  const event = w.events[o.which];
  switch (o.type) {
    case "bet": {
      const fresh = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: owner });
      return (await bet(w.punters[o.who], w.book, fresh, o.outcome, o.amount)).status;
    }
    case "nr":
      return (await call("POST", `/events/${event.id}/nr/${event.items[o.outcome].id}`, { token: owner })).status;
    case "finalize":
      return (
        await call("POST", `/events/${event.id}/finalize`, {
          token: owner,
          body: { eventId: event.id, winners: o.winners.map((i) => event.items[i].id) },
        })
      ).status;
    case "abandon":
      return (await call("POST", `/events/${event.id}/abandon`, { token: owner })).status;
  }
}

/** Moves the book's ledger rows back in time, keeping their order, so periods cut through them. */
async function spreadOut(book: TestBook, gaps: number[]) {
  const { results } = await env.DB.prepare(`SELECT id FROM ledger WHERE pool_owner_id = ?1 ORDER BY id`)
    .bind(book.owner.userId)
    .all<{ id: number }>();
  let at = Date.now() - 21 * 864e5;
  const updates = results.map((r, i) => {
    at = Math.min(Date.now(), at + gaps[i % gaps.length] * 60_000);
    return env.DB.prepare(`UPDATE ledger SET created_at = ?2 WHERE id = ?1`).bind(r.id, new Date(at).toISOString());
  });
  if (updates.length) await env.DB.batch(updates);
}

const cents = (n: number) => Math.round(n * 100);
const FIELDS = ["opening", "added", "withdrawn", "staked", "returned", "net", "closing", "openStakes"] as const;
const figures = (book: TestBook, from: string, to: string, tz: string) =>
  json<Figures>("GET", `/figures?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`, { token: book.owner.token });

function expectIdentity(f: Figure) {
  expect(cents(f.opening) + cents(f.added) - cents(f.withdrawn) - cents(f.staked) + cents(f.returned)).toBe(
    cents(f.closing),
  );
  expect(cents(f.net)).toBe(cents(f.returned) - cents(f.staked));
}

describe("figures over random histories", () => {
  it(`add up for random periods and zones over ${runs} histories`, { timeout: 600_000 }, async () => {
    let moved = 0;
    await fc.assert(
      fc.asyncProperty(history, async ({ steps, gaps, periods }) => {
        const book = await newBook({ coins: 5_000 });
        const punters = await Promise.all(Array.from({ length: PUNTERS }, () => newPunter(book, { coins: 60 })));
        const items: [string, number][] = [
          ["Red Rum", 2],
          ["Shergar", 3],
          ["Arkle", 5],
        ];
        const events = [
          await newEvent(book, { items, maxTotalPayout: 1_000 }),
          await newEvent(book, { items, maxTotalPayout: 1_000 }),
        ];
        const w: World = { book, punters, events };
        for (const step of steps) await Promise.all(step.map((o) => perform(w, o)));
        await spreadOut(book, gaps);

        const balances = await json<BookBalances>("GET", "/balances", { token: book.owner.token });
        for (const p of periods) {
          const today = dateIn(Date.now(), p.tz);
          const from = addDays(today, -p.startBack);
          const to = addDays(from, p.length);
          const f = await figures(book, from, to, p.tz);
          for (const row of [...f.punters, f.totals]) expectIdentity(row);
          for (const field of FIELDS)
            expect(cents(f.totals[field])).toBe(f.punters.reduce((s, r) => s + cents(r[field]), 0));
          expect(cents(f.book.staked)).toBe(cents(f.totals.staked));
          expect(cents(f.book.paidOut) + cents(f.book.refunded)).toBe(cents(f.totals.returned));
          moved += f.totals.staked + f.totals.added;

          // The days before this period end where it begins.
          const before = await figures(book, addDays(from, -30), addDays(from, -1), p.tz);
          for (const row of f.punters)
            expect(before.punters.find((b) => b.userId === row.userId)?.closing ?? 0).toBe(row.opening);

          if (to >= today) {
            for (const row of f.punters) {
              const balance = balances.punters.find((b) => b.user.internalId === row.userId)?.money.amount;
              expect(row.closing).toBe(balance);
            }
          }
        }
      }),
      propertyRuns(runs),
    );
    // The periods must catch real movements, not only empty weeks.
    expect(moved).toBeGreaterThan(0);
  });
});
