import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partReturnCents, placeReturnCents } from "../../common/each-way";
import { linesOf, LOST_FACTOR, MULTIPLE_KINDS, returnCents, VOID_FACTOR, wonFactor } from "../../common/multiples";
import { LADDER, payoutCents } from "../../common/odds";
import { settledPayoutCents } from "../../common/rule4";
import { lineReturn, partReturn, type LegResult } from "../test/exact";
import { propertyRuns } from "../test/property";
import { PAYOUT_SQL, PLACE_ONLY_SQL } from "./settlement";

// Every path that computes a return, in TypeScript and in SQL, against an exact-fraction model
// (worker/test/exact.ts): the exact value rounded down to the cent once, over random ladder
// odds, stakes up to the caps (a billion coins), Rule 4 deductions and dead heats.

/** Runs: 10 × PROPERTY_RUNS of the pure paths (2,000 by default), PROPERTY_RUNS of those through D1 (300 at least). */
const pureRuns = Math.max(2000, 10 * (Number(env.PROPERTY_RUNS) || 0));
const sqlRuns = Math.max(300, Number(env.PROPERTY_RUNS) || 0);

/** The most a bet may stake: an event's max payout is at most a billion coins. */
const MAX_STAKE_CENTS = 100_000_000_000;

const odds = fc.constantFrom(...LADDER);
const stake = fc.integer({ min: 1, max: MAX_STAKE_CENTS });
const deduction = fc.integer({ min: 0, max: 90 });

/** The ledger's expressions over one bet row (columns as the bets table names them), paid at its price (no SP). */
async function sqlReturns(given: Record<string, string | number>) {
  const row = { sp_num: "NULL", sp_den: "NULL", sp_deduction: 0, ...given };
  const columns = Object.keys(row);
  const answer = await env.DB.prepare(
    `WITH b AS (SELECT ${columns.map((c, i) => (c === "part" ? `?${i + 1} AS ${c}` : row[c as keyof typeof row] === "NULL" ? `NULL AS ${c}` : `CAST(?${i + 1} AS INTEGER) AS ${c}`)).join(", ")})
     SELECT ${PAYOUT_SQL} AS payout, ${PLACE_ONLY_SQL} AS alone FROM b`,
  )
    .bind(...Object.values(row))
    .first<{ payout: number; alone: number }>();
  return answer!;
}

describe("a single's return", () => {
  it("is the exact value rounded down once: stake × odds, and under Rule 4 and dead heat", () => {
    fc.assert(
      fc.property(stake, odds, deduction, fc.integer({ min: 1, max: 20 }), (s, o, d, dh) => {
        expect(payoutCents(s, o)).toBe(partReturn({ stakeCents: s, odds: o }).floor());
        expect(settledPayoutCents(s, o, d, dh)).toBe(
          partReturn({ stakeCents: s, odds: o, deduction: d, deadHeat: dh }).floor(),
        );
      }),
      propertyRuns(pureRuns),
    );
  });

  // A long run (PROPERTY_RUNS=5000) makes 5,000 D1 reads.
  it(
    "in SQL is the same exact value, for a win bet and a place part, alone or with its win part",
    { timeout: 600_000 },
    async () => {
      const part = fc.record({
        stakeCents: stake,
        odds,
        deduction,
        fraction: fc.integer({ min: 1, max: 10 }),
        share: fc.integer({ min: 1, max: 5 }),
        extraTied: fc.integer({ min: 0, max: 5 }),
        winDeadHeat: fc.integer({ min: 0, max: 5 }),
      });
      await fc.assert(
        fc.asyncProperty(part, async (p) => {
          const deadHeat = p.share + p.extraTied;
          const base = {
            stake_cents: p.stakeCents,
            odds_num: p.odds.num,
            odds_den: p.odds.den,
            deduction: p.deduction,
          };
          const win = { stakeCents: p.stakeCents, odds: p.odds, deduction: p.deduction, deadHeat };
          const winRow = {
            ...base,
            dead_heat: deadHeat,
            part: "WIN",
            place_fraction: 1,
            dead_heat_share: 1,
            win_dead_heat: 1,
          };
          expect((await sqlReturns(winRow)).payout).toBe(partReturn(win).floor());

          const place = { ...win, fraction: p.fraction, share: p.share };
          const placeRow = {
            ...base,
            dead_heat: deadHeat,
            part: "PLACE",
            place_fraction: p.fraction,
            dead_heat_share: p.share,
            win_dead_heat: p.winDeadHeat,
          };
          const sql = await sqlReturns(placeRow);
          expect(sql.alone).toBe(partReturn(place).floor());
          expect(partReturnCents(place)).toBe(partReturn(place).floor());
          if (p.winDeadHeat === 0) return;
          // An each-way pair that won both parts is rounded down once, for both together.
          const winPart = { ...win, deadHeat: p.winDeadHeat };
          const pair = partReturn(winPart).plus(partReturn(place)).floor();
          expect(partReturnCents(winPart) + sql.payout).toBe(pair);
          expect(partReturnCents(winPart) + placeReturnCents(place, winPart)).toBe(pair);
        }),
        propertyRuns(sqlRuns),
      );
    },
  );
});

describe("a multiple's return", () => {
  const leg: fc.Arbitrary<LegResult> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        result: fc.constant("WON" as const),
        odds,
        deduction,
        deadHeat: fc.integer({ min: 1, max: 4 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ result: "LOST" as const }) },
    { weight: 1, arbitrary: fc.constant({ result: "VOID" as const }) },
  );

  it("is each line's exact product rounded down once, added up, for every kind, up to eight legs", () => {
    const multiple = fc.constantFrom(...MULTIPLE_KINDS).chain((kind) => {
      const legs = {
        DOUBLE: [2, 2],
        TREBLE: [3, 3],
        ACCUMULATOR: [4, 8],
        TRIXIE: [3, 3],
        PATENT: [3, 3],
        YANKEE: [4, 4],
        LUCKY15: [4, 4],
      }[kind];
      return fc.record({
        kind: fc.constant(kind),
        amountCents: fc.integer({ min: 1, max: 1_000_000_000 }),
        legs: fc.array(leg, { minLength: legs[0], maxLength: legs[1] }),
      });
    });
    fc.assert(
      fc.property(multiple, (m) => {
        const lines = linesOf(m.kind, m.legs.length);
        const factors = m.legs.map((l) =>
          l.result === "WON"
            ? wonFactor(l.odds, l.deduction, l.deadHeat)
            : l.result === "LOST"
              ? LOST_FACTOR
              : VOID_FACTOR,
        );
        const exact = lines.reduce(
          (sum, line) =>
            sum +
            lineReturn(
              m.amountCents,
              line.map((i) => m.legs[i]),
            ).floor(),
          0,
        );
        expect(returnCents(m.amountCents, lines, factors)).toBe(exact);
      }),
      propertyRuns(pureRuns),
    );
  });
});
