import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Bet, BookmakerEvent, CashOutOffer } from "../contract";
import { call, json, type TestUser } from "../test/api";
import { newEvent } from "../test/events";
import { propertyRuns } from "../test/property";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";

// Cash out as a ring of punters would farm it (docs/decisions/events.md, "Cash out: the book's own
// prices"), driven at random: several punters bet (win, each-way, at SP) and cash out together,
// at the value offered or a cent over, some sent twice at once with one key, on events with and without the equalizer, SP and BOG,
// while the bookmaker now and then cuts a price, withdraws a runner or settles. After every step:
// - no cash-out paid more than its bet's stakes less the margin unless the book itself changed
//   something (a price, a non-runner, a result) between the bet and its cash-out;
// - no coin was created or lost: every balance equals its ledger and each book holds what came in;
// - every cash-out answered 200 is in D1 at the value it answered, and no other.
// On main before the rule (e1b3040's parent) it failed on its first runs with the equalizer on:
// 0.09 on X at 5.0 with the margin at 0, the equalizer moving X a rung, was cashed out for 0.10.

const runs = Math.max(10, Math.floor((Number(env.PROPERTY_RUNS) || 200) / 5));
const PUNTERS = 3;
const RUNNERS: [string, number][] = [
  ["X", 5],
  ["Y", 3],
  ["Z", 4],
  ["W", 11],
];
const LADDER_PICKS = [1.5, 2, 3, 4, 6, 11];

const who = fc.nat(PUNTERS - 1);
const outcome = fc.nat(RUNNERS.length - 1);
const op = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      type: fc.constant("bet" as const),
      who,
      outcome,
      cents: fc.integer({ min: 1, max: 30_000 }),
      eachWay: fc.boolean(),
      atSp: fc.boolean(),
    }),
  },
  // A bet's punter cashes it out (any bet taken so far, by its index), at the value offered or a cent over.
  // `twice`: the same call sent twice at once with one Idempotency-Key, as a retry over a bad line.
  {
    weight: 8,
    arbitrary: fc.record({
      type: fc.constant("cashout" as const),
      pick: fc.nat(),
      stale: fc.boolean(),
      twice: fc.boolean(),
    }),
  },
  // The book itself: a price cut or drift (the equalizer off for it), a non-runner, a result.
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant("odds" as const), outcome, odds: fc.constantFrom(...LADDER_PICKS) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("nr" as const), outcome }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("finalize" as const), outcome }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
const BOOK_OPS = new Set<Op["type"]>(["odds", "nr", "finalize"]);

const sequence = fc.record({
  botEqualizer: fc.constantFrom(true, true, false),
  sp: fc.boolean(),
  bog: fc.boolean(),
  eachWay: fc.constantFrom(null, { places: 2, fraction: 4 }),
  maxTotalPayout: fc.constantFrom(2_000, 100_000),
  marginPct: fc.constantFrom(0, 5, 10),
  steps: fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
});
type Sequence = typeof sequence extends fc.Arbitrary<infer T> ? T : never;

interface Struck {
  betId: number;
  who: number;
  /** Both parts of an each-way bet. */
  stakeCents: number;
  step: number;
}

interface World {
  book: TestBook;
  event: BookmakerEvent;
  punters: TestUser[];
  bets: Struck[];
  /** Cash-outs answered 200: the bet's id, the value paid and the step. */
  paid: Map<number, { cents: number; step: number }>;
}

async function perform(w: World, o: Op, step: number): Promise<number> {
  const owner = w.book.owner.token;
  const id = w.event.id;
  const item = (i: number) => w.event.items[i].id;
  switch (o.type) {
    case "bet": {
      const now = await json<BookmakerEvent>("GET", `/events/${id}`, { token: owner });
      const body = {
        bookmakerId: w.book.bookmakerId,
        eventId: id,
        eventItemId: item(o.outcome),
        amount: o.cents / 100,
        ...(o.eachWay ? { eachWay: true } : {}),
        ...(o.atSp ? { atSp: true } : { coefficient: now.items[o.outcome].currCoefficient }),
      };
      const res = await call("POST", "/bets", { token: w.punters[o.who].token, body });
      if (res.status === 201) {
        const placed = await res.json<Bet>();
        w.bets.push({ betId: placed.betId, who: o.who, stakeCents: o.cents * (o.eachWay ? 2 : 1), step });
      }
      return res.status;
    }
    case "cashout": {
      if (w.bets.length === 0) return 200;
      const b = w.bets[o.pick % w.bets.length];
      const token = w.punters[b.who].token;
      const offer = await call("GET", `/bets/${b.betId}/cashout`, { token });
      const value = offer.status === 200 ? (await offer.json<CashOutOffer>()).value : 0.01;
      const send = (headers?: Record<string, string>) =>
        call("POST", `/bets/${b.betId}/cashout`, {
          token,
          body: { value: o.stale ? Math.round(value * 100 + 1) / 100 : value },
          headers,
        });
      let res: Response;
      if (o.twice) {
        const headers = { "Idempotency-Key": `farm-${b.betId}-${step}-${o.pick}` };
        const [first, again] = await Promise.all([send(headers), send(headers)]);
        // A retry answers the first answer (or that it is still running), never a second payout.
        const busy = (r: Response) => r.status === 409 && r.headers.has("Retry-After");
        res = busy(first) ? again : first;
        if (!busy(first) && !busy(again)) expect(await again.clone().text()).toBe(await first.clone().text());
      } else res = await send();
      if (res.status === 200) {
        const cents = Math.round((await res.json<Bet>()).payout * 100);
        expect(w.paid.has(b.betId), `bet ${b.betId} cashed out twice`).toBe(false);
        w.paid.set(b.betId, { cents, step });
      }
      return res.status;
    }
    case "odds":
      return (
        await call("POST", `/events/${id}/coefficients`, {
          token: owner,
          body: { items: [{ id: item(o.outcome), coefficient: o.odds }], botEqualizer: false },
        })
      ).status;
    case "nr":
      return (await call("POST", `/events/${id}/nr/${item(o.outcome)}`, { token: owner })).status;
    case "finalize":
      return (
        await call("POST", `/events/${id}/finalize`, {
          token: owner,
          body: { eventId: id, winners: [item(o.outcome)] },
        })
      ).status;
  }
}

const ALLOWED = new Set([200, 201, 400, 409]);

/**
 * The rule: a cash-out with no change by the book between its bet and itself (a book change in
 * the same step as either may have landed first) paid at most the bet's stakes less the margin.
 */
function expectTheRule(w: World, bookSteps: number[], marginPct: number) {
  for (const b of w.bets) {
    const cashed = w.paid.get(b.betId);
    if (!cashed || bookSteps.some((k) => k >= b.step && k <= cashed.step)) continue;
    expect(cashed.cents * 100, `bet ${b.betId}: ${cashed.cents} on ${b.stakeCents}`).toBeLessThanOrEqual(
      b.stakeCents * (100 - marginPct),
    );
  }
}

describe("cash out farmed by punters together", () => {
  it(
    `never returns more than the stakes less the margin without a change by the book, over ${runs} random runs`,
    { timeout: 900_000 },
    async () => {
      let cashOuts = 0;
      let equalized = 0;
      await fc.assert(
        fc.asyncProperty(sequence, async (s: Sequence) => {
          const book = await newBook({ coins: 1_000_000 });
          await json("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
            token: book.owner.token,
            body: { enabled: true, margin: s.marginPct / 100 },
          });
          const event = await newEvent(book, {
            items: RUNNERS,
            botEqualizer: s.botEqualizer,
            returnPrice: 0.95,
            maxTotalPayout: s.maxTotalPayout,
            sp: s.sp,
            bog: s.bog,
            eachWay: s.eachWay,
          });
          const punters = await Promise.all(Array.from({ length: PUNTERS }, () => newPunter(book, { coins: 2_000 })));
          const w: World = { book, event, punters, bets: [], paid: new Map() };
          const bookSteps: number[] = [];
          for (const [step, ops] of s.steps.entries()) {
            if (ops.some((o) => BOOK_OPS.has(o.type))) bookSteps.push(step);
            const statuses = await Promise.all(ops.map((o) => perform(w, o, step)));
            expect(
              statuses.filter((code) => !ALLOWED.has(code)),
              JSON.stringify(ops),
            ).toEqual([]);

            expectTheRule(w, bookSteps, s.marginPct);
            // No coin created or lost.
            expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
          }
          // Last, every bet's punter takes the value offered, if any: the rule holds for those too.
          const last = s.steps.length;
          await Promise.all(
            w.bets.map((_, pick) => perform(w, { type: "cashout", pick, stale: false, twice: false }, last)),
          );
          expectTheRule(w, bookSteps, s.marginPct);
          expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
          // What was answered is what D1 holds: each cash-out answered 200 at its value, no other.
          const { results } = await env.DB.prepare(
            `SELECT id, payout_cents FROM bets WHERE event_id = ?1 AND status = 'CASHED_OUT' AND part = 'WIN' ORDER BY id`,
          )
            .bind(event.id)
            .all<{ id: number; payout_cents: number }>();
          expect(results).toEqual(
            [...w.paid].sort(([a], [b]) => a - b).map(([id, p]) => ({ id, payout_cents: p.cents })),
          );
          cashOuts += w.paid.size;
          if (s.botEqualizer) equalized += w.paid.size;
        }),
        propertyRuns(runs),
      );
      // The runs reach the case: cash-outs taken, under the equalizer too (about 3 and 2 a run on
      // average). A guard against sequences that never reach it, not a quota: each commit's seed
      // draws others, and one drew 3 under the equalizer in 16 runs (seed 360218905), under the
      // quarter of the runs asked then.
      console.log(`cash-out farming: ${cashOuts} cash-outs in ${runs} runs, ${equalized} under the equalizer`);
      if (env.PROPERTY_REPLAY) return;
      expect(cashOuts).toBeGreaterThan(0);
      expect(equalized).toBeGreaterThan(0);
    },
  );
});
