import { decimalOf, LADDER, ladderFraction, type Odds } from "@common/odds";

/**
 * The ladder's rung for what the bookmaker typed: a fraction that is a rung ("6/4"), or decimal
 * odds, taken to the nearest rung (the ladder is the only odds there are); null for anything else.
 */
export function typedOdds(text: string): Odds | null {
  const typed = text.trim().replace(",", ".");
  if (typed.includes("/")) return ladderFraction(typed) ?? null;
  const decimal = typed === "" ? NaN : Number(typed);
  if (!Number.isFinite(decimal) || decimal <= 1) return null;
  return LADDER.reduce((best, o) =>
    Math.abs(decimalOf(o) - decimal) < Math.abs(decimalOf(best) - decimal) ? o : best,
  );
}

/** The next rung up or down from `odds` (from where it would sit when it is off the ladder); null past either end. */
export function stepOdds(odds: Odds, step: 1 | -1): Odds | null {
  // o against `odds`, compared as fractions: o.num / o.den − odds.num / odds.den, its sign.
  const against = (o: Odds) => o.num * odds.den - odds.num * o.den;
  const next = step > 0 ? LADDER.find((o) => against(o) > 0) : LADDER.findLast((o) => against(o) < 0);
  return next ?? null;
}
