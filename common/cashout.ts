import { wonFactor, type Factor } from "./multiples";
import type { Odds } from "./odds";

// A cash-out's value (docs/rules/cash-out.md "Cash out"): what the bet would return were its selections to win
// now at the prices they were struck at (Rule 4 already known taken off), over the prices now,
// less the book's margin, rounded down to the cent once. The factors are the one gate's
// (common/multiples.ts's wonFactor): exact fractions, never a float.
//
// Every price in it is the bookmaker's own (docs/decisions/events.md, "Cash out: the book's own
// prices"): "now" is his price, never the equalizer's, which bets move; and a bet struck above his
// price of that moment (the equalizer lengthens the others as one is backed) counts at his price.
// So without a change by the book itself no bet is worth more than its stake less the margin,
// whoever bets what in between.

const times = (a: Factor, b: Factor): Factor => ({ num: a.num * b.num, den: a.den * b.den });
const plus = (a: Factor, b: Factor): Factor => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });

/** 1 ÷ the decimal price now of `odds` (a place part's: its odds over `fraction`). */
const overPriceNow = (odds: Odds, fraction = 1): Factor => ({
  num: BigInt(odds.den * fraction),
  den: BigInt(odds.den * fraction + odds.num),
});

/**
 * A selection still to run: struck at `struck` (Rule 4 `deduction` known, pence), when the
 * bookmaker's own price was `bookThen` (none: the same), and his price `now`.
 */
export interface OpenSelection {
  struck: Odds;
  now: Odds;
  bookThen?: Odds;
  deduction?: number;
}

/** The shorter of two prices (exact: a/b against c/d as a·d against c·b). */
const shorter = (a: Odds, b: Odds): Odds => (a.num * b.den <= b.num * a.den ? a : b);

/** The price a cash-out counts a selection struck at: its own, but never above the book's of that moment. */
export const cashOutStruck = ({ struck, bookThen }: OpenSelection): Odds =>
  bookThen ? shorter(struck, bookThen) : struck;

/** What one open selection multiplies its stake by: struck (at most the book's price then, less Rule 4) over now. */
export function pendingFactor(selection: OpenSelection, fraction = 1): Factor {
  const struck = cashOutStruck(selection);
  return times(
    wonFactor({ num: struck.num, den: struck.den * fraction }, selection.deduction ?? 0),
    overPriceNow(selection.now, fraction),
  );
}

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
