import { partReturnCents, placeReturnCents, type SettledPart } from "./each-way";
import type { Odds } from "./odds";

// Starting price and best odds guaranteed (docs/rules/racing.md "SP and BOG"). An
// SP bet has no price until the result: it pays at the runner's starting price. A BOG bet was
// struck at a price and pays at whichever returns more, that price or the SP. Each return is the
// one settlement expression (common/each-way.ts: partReturnCents, placeReturnCents), never a copy.

/** A runner withdrawn this close to the start (or after it) leaves no time to form a new market. */
export const SP_LATE_MS = 10 * 60_000;

/**
 * Whether a non-runner's Rule 4 deduction applies to SP bets: only when it was withdrawn within
 * 10 minutes of the start, or after it. Bets struck at a price take every withdrawal's.
 */
export const deductsFromSp = (withdrawnAt: number, startAt: number) => withdrawnAt >= startAt - SP_LATE_MS;

/** A bet (or an each-way pair's part) as settlement sees it: at a price, at SP, or at a price with BOG. */
export interface PricedPart {
  stakeCents: number;
  /** The price it was struck at; null for an SP bet. */
  struck: Odds | null;
  /** Best odds guaranteed: paid at the larger of the struck price's return and the SP's. */
  bog?: boolean;
  /** Rule 4 on the struck price (every later withdrawal's), pence in the pound. */
  deduction?: number;
  /** Rule 4 on the SP (late withdrawals' only). */
  spDeduction?: number;
  /** A place part's fraction of the odds (1 for a win part). */
  fraction?: number;
  deadHeat?: number;
  share?: number;
}

/** The settled part at the struck price, or at SP (`atSp`), with the deductions that apply to each. */
function settledAt(p: PricedPart, sp: Odds, atSp: boolean): SettledPart {
  return {
    stakeCents: p.stakeCents,
    odds: atSp ? sp : p.struck!,
    deduction: atSp ? (p.spDeduction ?? 0) : (p.deduction ?? 0),
    fraction: p.fraction,
    deadHeat: p.deadHeat,
    share: p.share,
  };
}

/**
 * Whether a part is paid at SP: an SP bet always, a BOG bet when the SP returns more, that is
 * when its winnings per unit, num × (100 − deduction) ÷ den, are larger: compared exactly, as
 * worker/events/room/statements.ts paidAtSpStatement compares them (stake, place fraction and
 * dead heat scale both returns alike, so both parts of an each-way pair choose alike).
 */
export function paidAtSp(p: PricedPart, sp: Odds): boolean {
  if (p.struck === null) return true;
  if (!p.bog) return false;
  const [spDeduction, deduction] = [BigInt(100 - (p.spDeduction ?? 0)), BigInt(100 - (p.deduction ?? 0))];
  return BigInt(sp.num) * spDeduction * BigInt(p.struck.den) > BigInt(p.struck.num) * deduction * BigInt(sp.den);
}

/** What a winning part returns, in cents, rounded down once: at its price, at SP, or the better of the two with BOG. */
export const pricedReturnCents = (p: PricedPart, sp: Odds) => partReturnCents(settledAt(p, sp, paidAtSp(p, sp)));

/**
 * An each-way pair's place part, placed: at SP's place odds for an SP bet (the better with BOG),
 * the pair rounded down once when its win part won too (common/each-way.ts placeReturnCents).
 */
export function pricedPlaceReturnCents(place: PricedPart, win: PricedPart | null, sp: Odds): number {
  const atSp = paidAtSp(win ?? place, sp);
  return placeReturnCents(settledAt(place, sp, atSp), win && settledAt(win, sp, atSp));
}
