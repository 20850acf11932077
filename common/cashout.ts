import { wonFactor, type Factor } from "./multiples";
import type { Odds } from "./odds";

// A cash-out's value (API.md "Cash out"): what the bet would return were its selections to win
// now at the prices they were struck at (Rule 4 already known taken off), over the prices now,
// less the book's margin, rounded down to the cent once. The factors are the one gate's
// (common/multiples.ts's wonFactor): exact fractions, never a float.

const times = (a: Factor, b: Factor): Factor => ({ num: a.num * b.num, den: a.den * b.den });
const plus = (a: Factor, b: Factor): Factor => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });

/** 1 ÷ the decimal price now of `odds` (a place part's: its odds over `fraction`). */
const overPriceNow = (odds: Odds, fraction = 1): Factor => ({
  num: BigInt(odds.den * fraction),
  den: BigInt(odds.den * fraction + odds.num),
});

/** A selection still to run: struck at `struck` (Rule 4 `deduction` known, pence), priced `now`. */
export interface OpenSelection {
  struck: Odds;
  now: Odds;
  deduction?: number;
}

/** What one open selection multiplies its stake by: struck (less Rule 4) over now. */
export const pendingFactor = ({ struck, now, deduction = 0 }: OpenSelection, fraction = 1): Factor =>
  times(wonFactor({ num: struck.num, den: struck.den * fraction }, deduction), overPriceNow(now, fraction));

/** `value` × (1 − margin), rounded down to the cent once; `marginPct` in hundredths (5 is 0.05). */
function afterMargin(value: Factor, marginPct: number): number {
  const kept = times(value, { num: BigInt(100 - marginPct), den: BigInt(100) });
  return Number(kept.num / kept.den);
}

/** A single's value in cents: the win part, and an each-way bet's place part on its own odds. */
export function singleCashOutCents(
  bet: OpenSelection & { stakeCents: number; placeFraction?: number },
  marginPct: number,
): number {
  const stake: Factor = { num: BigInt(bet.stakeCents), den: BigInt(1) };
  let value = times(stake, pendingFactor(bet));
  if (bet.placeFraction) value = plus(value, times(stake, pendingFactor(bet, bet.placeFraction)));
  return afterMargin(value, marginPct);
}

/**
 * A multiple's value in cents: over its lines, the unit stake times each leg's factor (a leg
 * that won its factor as settled, a void one 1, a lost one 0, an open one struck over now),
 * summed before the one rounding.
 */
export function multipleCashOutCents(
  amountCents: number,
  lines: number[][],
  legs: Factor[],
  marginPct: number,
): number {
  let value: Factor = { num: BigInt(0), den: BigInt(1) };
  for (const line of lines)
    value = plus(
      value,
      line.reduce((product, leg) => times(product, legs[leg]), { num: BigInt(amountCents), den: BigInt(1) }),
    );
  return afterMargin(value, marginPct);
}
