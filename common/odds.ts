// The odds ladder: the traditional fractional prices from 1/200 to 1000/1, one table for the
// server and the mini-app. Decimal odds are num / den + 1 (1.005 … 1001). Prices are kept as
// the fractions bookmakers write (6/4, not 3/2), so they show as the trade shows them.
// Pure code with no platform globals: imported at run time by both worker/ and web/.

export interface Odds {
  num: number;
  den: number;
}

const LADDER_TEXT = [
  "1/200",
  "1/100",
  "1/66",
  "1/50",
  "1/40",
  "1/33",
  "1/25",
  "1/20",
  "1/16",
  "1/14",
  "1/12",
  "1/10",
  "1/9",
  "1/8",
  "2/15",
  "1/7",
  "2/13",
  "1/6",
  "2/11",
  "1/5",
  "2/9",
  "1/4",
  "2/7",
  "3/10",
  "1/3",
  "4/11",
  "2/5",
  "4/9",
  "1/2",
  "8/15",
  "4/7",
  "8/13",
  "4/6",
  "8/11",
  "4/5",
  "5/6",
  "10/11",
  "1/1",
  "11/10",
  "6/5",
  "5/4",
  "11/8",
  "6/4",
  "13/8",
  "7/4",
  "15/8",
  "2/1",
  "9/4",
  "5/2",
  "11/4",
  "3/1",
  "10/3",
  "7/2",
  "4/1",
  "9/2",
  "5/1",
  "11/2",
  "6/1",
  "13/2",
  "7/1",
  "15/2",
  "8/1",
  "17/2",
  "9/1",
  "10/1",
  "11/1",
  "12/1",
  "14/1",
  "16/1",
  "18/1",
  "20/1",
  "25/1",
  "28/1",
  "33/1",
  "40/1",
  "50/1",
  "66/1",
  "80/1",
  "100/1",
  "125/1",
  "150/1",
  "200/1",
  "250/1",
  "300/1",
  "400/1",
  "500/1",
  "750/1",
  "1000/1",
];

/** Every rung, shortest price first. */
export const LADDER: readonly Odds[] = LADDER_TEXT.map((text) => {
  const [num, den] = text.split("/").map(Number);
  return { num, den };
});

export const decimalOf = (o: Odds) => o.num / o.den + 1;

/** Decimal odds as the API and the screens show them: at most 3 decimals (1.005, 1.533, 2). */
export const decimalText = (o: Odds) => Math.round(decimalOf(o) * 1000) / 1000;

export const fractionalText = (o: Odds) => `${o.num}/${o.den}`;

export const MIN_ODDS = LADDER[0];
/** A new outcome's odds in the event form, 1.5 (docs/rules/screens.md, "The event form"). */
export const DEFAULT_ODDS: Odds = { num: 1, den: 2 };

export const sameOdds = (a: Odds, b: Odds) => a.num === b.num && a.den === b.den;

/** The rung whose decimal shows as `decimal` (3 decimals), or undefined when it is off the ladder. */
export function ladderOdds(decimal: number): Odds | undefined {
  if (!Number.isFinite(decimal)) return undefined;
  return LADDER.find((o) => Math.abs(decimalText(o) - decimal) < 0.0005);
}

/** The rung written as "num/den", or undefined. */
export function ladderFraction(text: string): Odds | undefined {
  return LADDER.find((o) => fractionalText(o) === text.trim());
}

/** A positive rational number, as whole numbers (BigInt: the products of a book's odds grow long). */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/**
 * The highest rung whose decimal odds are at or below `decimal` (never better for the punter
 * than the price computed), and the lowest rung for anything below it. Compared exactly: a price
 * that falls on a rung is that rung.
 */
export function ladderDown(decimal: Ratio): Odds {
  let best = LADDER[0];
  for (const o of LADDER) {
    if (BigInt(o.num + o.den) * decimal.den <= decimal.num * BigInt(o.den)) best = o;
    else break;
  }
  return best;
}

/** What a stake in cents returns at these odds, stake included, in cents (rounded down). */
export function payoutCents(stakeCents: number, o: Odds): number {
  // Whole numbers throughout (a stake of a billion coins at 1000/1 stays under 2^53): the exact
  // quotient rounded down, not a float's.
  const num = stakeCents * (o.num + o.den);
  return (num - (num % o.den)) / o.den;
}

/** "Return for punters" choices: 0.01, then 0.50 to 0.95 by 0.01, in hundredths. */
export const RETURN_CHOICES: readonly number[] = [1, ...Array.from({ length: 46 }, (_, i) => 50 + i)];
export const DEFAULT_RETURN = 50;
