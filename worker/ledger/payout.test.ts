import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partReturnCents, placeReturnCents, type SettledPart } from "../../common/each-way";
import { LADDER } from "../../common/odds";
import { paidAtSp, pricedPlaceReturnCents, pricedReturnCents, type PricedPart } from "../../common/sp";
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
  "sp_num",
  "sp_den",
  "sp_deduction",
] as const;

/** Both expressions over one bet row given as values (a row named `b`, as the bets table is aliased). */
async function sqlReturns(row: (string | number | null)[]) {
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
  // At its price, at SP, or at its price with best odds guaranteed; the SP and the Rule 4 it takes.
  priced: fc.constantFrom("price" as const, "sp" as const, "bog" as const),
  sp: fc.constantFrom(...LADDER),
  spDeduction: fc.integer({ min: 0, max: 90 }),
});

describe("the payout expression", () => {
  it("is the same in SQL and in common/each-way.ts for win bets and for place parts, won alone or with their win part", async () => {
    await fc.assert(
      fc.asyncProperty(bet, async (b) => {
        const deadHeat = b.share + b.extraTied;
        const win: SettledPart = { stakeCents: b.stakeCents, odds: b.odds, deduction: b.deduction, deadHeat };
        const winRow = [b.stakeCents, b.odds.num, b.odds.den, b.deduction, deadHeat, "WIN", 1, 1, 1, null, null, 0];
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
          null,
          null,
          0,
        ];
        const sql = await sqlReturns(placeRow);
        expect(sql.payout).toBe(placeReturnCents(place, winPart));
        expect(sql.alone).toBe(partReturnCents(place));
        // The pair rounded down once, against the exact value: worker/ledger/exact.test.ts.

        // At SP or with BOG: the row holds the SP it is paid at (when it is), and its SP's deduction.
        if (b.priced === "price") return;
        const priced: PricedPart = {
          stakeCents: b.stakeCents,
          struck: b.priced === "sp" ? null : b.odds,
          bog: b.priced === "bog",
          // An SP bet's own deduction is its SP's (statements.ts deductBetsStatement).
          deduction: b.priced === "sp" ? b.spDeduction : b.deduction,
          spDeduction: b.spDeduction,
          deadHeat,
        };
        const atSp = paidAtSp(priced, b.sp);
        const spColumns = atSp ? [b.sp.num, b.sp.den, b.spDeduction] : [null, null, b.spDeduction];
        const pricedWinRow = [...winRow.slice(0, 3), priced.deduction!, ...winRow.slice(4, 9), ...spColumns];
        expect((await sqlReturns(pricedWinRow)).payout).toBe(pricedReturnCents(priced, b.sp));
        const pricedPlace: PricedPart = { ...priced, fraction: b.fraction, share: b.share };
        const pricedWin = b.winDeadHeat === 0 ? null : { ...priced, deadHeat: b.winDeadHeat };
        const pricedPlaceRow = [...placeRow.slice(0, 3), priced.deduction!, ...placeRow.slice(4, 9), ...spColumns];
        const pricedSql = await sqlReturns(pricedPlaceRow);
        expect(pricedSql.payout).toBe(pricedPlaceReturnCents(pricedPlace, pricedWin, b.sp));
      }),
      propertyRuns(300),
    );
  });
});
