import { partReturnCents } from "./each-way";
import { payoutCents, type Odds } from "./odds";

// Tattersalls Rule 4(c): a runner withdrawn late takes a deduction, in pence per pound of
// winnings, from the bets already struck on the others, by its price when withdrawn. One
// table for the server (settlement) and the mini-app (what the punter is shown).

/** The longest price of each band (fractional num/den) and its deduction, shortest first. */
const BANDS: readonly [num: number, den: number, pence: number][] = [
  [1, 9, 90],
  [2, 11, 85],
  [1, 4, 80],
  [3, 10, 75],
  [2, 5, 70],
  [8, 15, 65],
  [8, 13, 60],
  [4, 5, 55],
  [20, 21, 50],
  [6, 5, 45],
  [6, 4, 40],
  [7, 4, 35],
  [9, 4, 30],
  [3, 1, 25],
  [4, 1, 20],
  [11, 2, 15],
  [9, 1, 10],
  [14, 1, 5],
];

/** The most a bet's deductions add up to. */
export const MAX_DEDUCTION = 90;

/**
 * The deduction for a non-runner at `odds`: its band, or the band of the shorter price when the
 * odds fall between two bands; nothing for a runner longer than 14/1. Compared as fractions.
 */
export function rule4Deduction(odds: Odds): number {
  for (const [num, den, pence] of BANDS) if (odds.num * den <= num * odds.den) return pence;
  return 0;
}

/** Deductions of several non-runners on one bet: added up, never past 90p. */
export const totalDeduction = (pence: number[]) =>
  Math.min(
    MAX_DEDUCTION,
    pence.reduce((sum, p) => sum + p, 0),
  );

/**
 * What a winning bet returns under Rule 4 and the dead-heat rule, in cents: the stake back plus
 * the winnings less the deduction, on stake ÷ `deadHeat` (the winners sharing first place),
 * rounded down: common/each-way.ts's partReturnCents, the ledger's payout SQL in TypeScript.
 */
export const settledPayoutCents = (stakeCents: number, odds: Odds, deduction = 0, deadHeat = 1) =>
  deduction === 0 && deadHeat === 1
    ? payoutCents(stakeCents, odds)
    : partReturnCents({ stakeCents, odds, deduction, deadHeat });
