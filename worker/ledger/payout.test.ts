import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partReturnCents, placeReturnCents, type SettledPart } from "../../common/each-way";
import { LADDER } from "../../common/odds";
import { propertyRuns } from "../test/property";
import { PAYOUT_SQL, PLACE_ONLY_SQL } from "./settlement";

// The payout formula is written twice, as SQL (settlement, liability) and in TypeScript (the
// mini-app's figures, the tests' models): the two must agree to the cent on every bet.

const COLUMNS = [
  "stake_cents",
  "odds_num",
  "odds_den",
  "deduction",
  "dead_heat",
  "part",
  "place_fraction",
  "dead_heat_share",
  "win_dead_heat",
] as const;

/** Both expressions over one bet row given as values (a row named `b`, as the bets table is aliased). */
async function sqlReturns(row: (string | number)[]) {
  const answer = await env.DB.prepare(
    // Bound numbers arrive as REAL: cast, as the bets table's INTEGER columns hold them.
    `WITH b AS (SELECT ${COLUMNS.map((c, i) => (c === "part" ? `?${i + 1} AS ${c}` : `CAST(?${i + 1} AS INTEGER) AS ${c}`)).join(", ")})
     SELECT ${PAYOUT_SQL} AS payout, ${PLACE_ONLY_SQL} AS alone FROM b`,
  )
    .bind(...row)
    .first<{ payout: number; alone: number }>();
  return answer!;
}

const bet = fc.record({
  stakeCents: fc.integer({ min: 1, max: 10_000_000 }),
  odds: fc.constantFrom(...LADDER),
  deduction: fc.integer({ min: 0, max: 90 }),
  fraction: fc.integer({ min: 1, max: 10 }),
  share: fc.integer({ min: 1, max: 5 }),
  extraTied: fc.integer({ min: 0, max: 5 }),
  winDeadHeat: fc.integer({ min: 0, max: 5 }),
});

describe("the payout expression", () => {
  it("is the same in SQL and in common/each-way.ts for win bets and for place parts, won alone or with their win part", async () => {
    await fc.assert(
      fc.asyncProperty(bet, async (b) => {
        const deadHeat = b.share + b.extraTied;
        const win: SettledPart = { stakeCents: b.stakeCents, odds: b.odds, deduction: b.deduction, deadHeat };
        const winRow = [b.stakeCents, b.odds.num, b.odds.den, b.deduction, deadHeat, "WIN", 1, 1, 1];
        expect((await sqlReturns(winRow)).payout).toBe(partReturnCents(win));

        const place: SettledPart = { ...win, fraction: b.fraction, share: b.share };
        const winPart = b.winDeadHeat === 0 ? null : { ...win, deadHeat: b.winDeadHeat };
        const placeRow = [
          b.stakeCents,
          b.odds.num,
          b.odds.den,
          b.deduction,
          deadHeat,
          "PLACE",
          b.fraction,
          b.share,
          b.winDeadHeat,
        ];
        const sql = await sqlReturns(placeRow);
        expect(sql.payout).toBe(placeReturnCents(place, winPart));
        expect(sql.alone).toBe(partReturnCents(place));
        // The pair rounded down once, against the exact value: worker/ledger/exact.test.ts.
      }),
      propertyRuns(300),
    );
  });
});
