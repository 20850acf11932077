import { partReturnCents, placeReturnCents, type PlaceTerms } from "@common/each-way";
import { ladderOdds, type Odds } from "@common/odds";
import type { Bet } from "@worker/contract";

// What a bet gives back should its outcome win, stake included: the figures the bet dialog, its
// receipt and a Suspended outcome show (docs/decisions/screens.md, "A bet you can see"). The rounding is the
// ledger's (common/each-way.ts), so the number shown is the number paid.

/** Odds as the ladder holds them; odds off the ladder (none should be) as a fraction of cents. */
const oddsOf = (coefficient: number): Odds =>
  ladderOdds(coefficient) ?? { num: Math.round((coefficient - 1) * 100), den: 100 };

const cents = (coins: number) => Math.round(coins * 100);

/** A bet's parts: a win bet's one, an each-way bet's win part and place part (each of `amount`). */
function parts(amount: number, coefficient: number, terms: PlaceTerms | null) {
  const win = { stakeCents: cents(amount), odds: oddsOf(coefficient) };
  return { win, place: terms ? { ...win, fraction: terms.fraction } : null };
}

/**
 * What a stake returns if its outcome wins. Each-way (`terms` given): `amount` is each part's
 * stake, and a winner's place part pays too, which is the most the bet can give back.
 */
export function stakeReturn(amount: number, coefficient: number, terms: PlaceTerms | null = null): number {
  const { win, place } = parts(amount, coefficient, terms);
  return (partReturnCents(win) + (place ? placeReturnCents(place, win) : 0)) / 100;
}

/** An each-way stake's place part alone: what it returns if its outcome places but does not win. */
export function placeOnlyReturn(amount: number, coefficient: number, terms: PlaceTerms): number {
  return partReturnCents(parts(amount, coefficient, terms).place!) / 100;
}

export interface StakeLine {
  amount: number;
  coefficient: number;
  /** The event's each-way terms when this stake is each-way, else null. */
  terms: PlaceTerms | null;
}

/**
 * The most a set of bets on one event can give back: one outcome wins (its full return) while,
 * each-way, the others take the remaining paying places (their place parts, the best of them).
 */
export function mostBack(stakes: readonly StakeLine[]): number {
  let best = 0;
  stakes.forEach((winner, i) => {
    const places = (winner.terms?.places ?? 1) - 1;
    const placed = stakes
      .filter((s, j) => j !== i && s.terms !== null)
      .map((s) => placeOnlyReturn(s.amount, s.coefficient, s.terms!))
      .sort((a, b) => b - a)
      .slice(0, places);
    const total =
      cents(stakeReturn(winner.amount, winner.coefficient, winner.terms)) +
      placed.reduce((sum, p) => sum + cents(p), 0);
    best = Math.max(best, total);
  });
  return best / 100;
}

/** What his bet on an outcome returns if it wins, read from his bet rows (a win bet, or an each-way pair); null without one. */
export function betRowsReturn(bets: readonly Bet[], eventId: number, itemId: number): number | null {
  const mine = bets.filter((b) => b.eventId === eventId && b.eventItemId === itemId && b.status === "ACCEPTED");
  const win = mine.find((b) => b.part !== "PLACE");
  if (!win) return null;
  const place = mine.find((b) => b.part === "PLACE");
  return stakeReturn(win.money.amount, win.coefficient, place?.placeTerms ?? null);
}
