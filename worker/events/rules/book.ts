import { partReturnCents, placeReturnCents, termsInForce, type PlaceTerms } from "../../../common/each-way";
import { ladderDown, type Odds, type Ratio } from "../../../common/odds";
import type { EventState, OutcomeState } from "../state";
import type { OwnShare, PunterCaps } from "../bet-request";

// The arithmetic of a book, free of storage: odds after a non-runner and the equalizer's
// odds, as exact ratios snapped down to a rung of the ladder; what a bet adds to its
// outcome's totals, and the largest stake that keeps a result within the max payout or a
// punter's limits (the guards refuse past it, the views offer it as maxStake). Coins stay
// integer cents.
// What each result would pay is summed in D1 by ledger/settlement.ts's one payout expression
// (events/read/views.ts).

export interface BookOutcome {
  id: number;
  /** The bookmaker's odds. */
  odds: Odds;
  /** Still running (not withdrawn). */
  active: boolean;
  /** Stakes of live bets on this outcome, in cents. */
  stakeCents: number;
}

/** The largest stake (cents) whose payout at `odds` fits in `roomCents`: what a punter is offered as his max. */
export const stakeRoom = (roomCents: number, odds: Odds) =>
  Math.max(0, Math.floor((roomCents * odds.den) / (odds.num + odds.den)));

/**
 * Odds of the remaining outcomes after one is withdrawn, keeping the book's margin:
 * with pᵢ = 1/oddsᵢ, B = Σ pᵢ before and B' after, pᵢ becomes pᵢ × B / B', snapped down.
 */
export function oddsAfterWithdrawal(items: BookOutcome[], withdrawnId: number): Map<number, Odds> {
  const running = items.filter((i) => i.active);
  // pᵢ = den / (num + den), the reciprocal of the decimal odds.
  const prob = (o: Odds): Ratio => ({ num: BigInt(o.den), den: BigInt(o.num + o.den) });
  const sum = (ps: Ratio[]) =>
    ps.reduce((s, p) => ({ num: s.num * p.den + p.num * s.den, den: s.den * p.den }), { num: 0n, den: 1n });
  const before = sum(running.map((i) => prob(i.odds)));
  const after = sum(running.filter((i) => i.id !== withdrawnId).map((i) => prob(i.odds)));
  const result = new Map<number, Odds>();
  for (const i of running) {
    if (i.id === withdrawnId) continue;
    // The new decimal odds 1 / p', with p' = pᵢ × B / B' (a p' of 1 or more is the shortest rung).
    const p = prob(i.odds);
    result.set(i.id, ladderDown({ num: after.num * before.den * p.den, den: p.num * before.num * after.den }));
  }
  return result;
}

/**
 * The equalizer's odds: currᵢ = ladder_down(r × (L + T) / (L × r / oddsᵢ + sᵢ)), kept within
 * [1.005, 2 × oddsᵢ]. L (the max total payout) acts as virtual liquidity, so the first bets move
 * odds little; as money grows the book tends to return r of the stakes.
 */
export function equalizerOdds(items: BookOutcome[], returnPct: number, maxPayoutCents: number): Map<number, Odds> {
  const [R, L] = [BigInt(returnPct), BigInt(maxPayoutCents)];
  const running = items.filter((i) => i.active);
  const total = BigInt(running.reduce((sum, i) => sum + i.stakeCents, 0));
  const result = new Map<number, Odds>();
  for (const i of running) {
    // With r = R / 100 and oddsᵢ = (n + d) / d, the fair odds are R (L + T)(n + d) / (L R d + 100 s (n + d)).
    const [n, d, s] = [BigInt(i.odds.num), BigInt(i.odds.den), BigInt(i.stakeCents)];
    const fair = { num: R * (L + total) * (n + d), den: L * R * d + 100n * s * (n + d) };
    const cap = { num: 2n * (n + d), den: d };
    result.set(i.id, ladderDown(fair.num * cap.den <= cap.num * fair.den ? fair : cap));
  }
  return result;
}

/** The odds bets are taken at: the equalizer's when it is on, else the bookmaker's. */
export function currentOdds(
  items: BookOutcome[],
  settings: { botEqualizer: boolean; returnPct: number; maxPayoutCents: number },
): Map<number, Odds> {
  const equalized = settings.botEqualizer ? equalizerOdds(items, settings.returnPct, settings.maxPayoutCents) : null;
  return new Map(items.map((i) => [i.id, equalized?.get(i.id) ?? i.odds]));
}

/** An outcome's share of the book's liability: what its bets pay should it win, and its place parts should it only place. */
export interface Liability {
  id: number;
  /** Still running: a non-runner's bets are refunded, so it pays on no result. */
  active: boolean;
  /** Win bets and each-way pairs in full, should it win. */
  winCents: number;
  /** The place parts of each-way bets on it, should it be placed but not win. */
  placeCents: number;
}

/**
 * What the book pays on each result, by winner: its bets in full plus the largest place parts of
 * the other paying places (`places` in force; 1 without each-way). Exact, as the worst case of
 * every finishing order with that winner.
 */
export function resultsCents(items: Liability[], places: number): Map<number, number> {
  const running = items.filter((i) => i.active);
  // The `places` largest place parts are all any winner's result can take (places − 1, itself left out).
  const top = largest(running, places);
  return new Map(running.map((x) => [x.id, x.winCents + placedOthers(top, x.id, places - 1)]));
}

/** The book's result with `winner` alone: its liability plus the largest place parts of the others. */
export function resultCents(items: Liability[], places: number, winner: Liability): number {
  return (
    winner.winCents +
    placedOthers(
      largest(
        items.filter((i) => i.active),
        places,
      ),
      winner.id,
      places - 1,
    )
  );
}

/** The `n` outcomes with the largest place parts, largest first; in one pass (n is at most 5). */
function largest(items: Liability[], n: number): Liability[] {
  const top: Liability[] = [];
  for (const i of items) {
    if (i.placeCents <= 0) continue;
    let at = top.length;
    while (at > 0 && top[at - 1].placeCents < i.placeCents) at--;
    if (at < n) {
      top.splice(at, 0, i);
      if (top.length > n) top.pop();
    }
  }
  return top;
}

const placedOthers = (top: Liability[], winnerId: number, n: number) =>
  top
    .filter((y) => y.id !== winnerId)
    .slice(0, Math.max(0, n))
    .reduce((sum, y) => sum + y.placeCents, 0);

/** The book's worst result: the most it can pay out on this event. */
export const worstResultCents = (items: Liability[], places: number) =>
  Math.max(0, ...resultsCents(items, places).values());

// The stake a bet may have: what it adds to its outcome's totals, and the largest stake that
// keeps the book, or one punter's share of it, within a cap on every result it makes dearer.

/** What a bet adds to its outcome's totals: stakes, its pay should the outcome win, and its place parts' should it only place. */
export interface BetTotals {
  stakeCents: number;
  payoutCents: number;
  placeCents: number;
}

/** What a bet of `stakeCents` (per part) at `odds` adds to its outcome's totals. */
export function betTotals(stakeCents: number, odds: Odds, terms: PlaceTerms | null): BetTotals {
  const win = { stakeCents, odds };
  if (!terms) return { stakeCents, payoutCents: partReturnCents(win), placeCents: 0 };
  const place = { ...win, fraction: terms.fraction };
  return {
    stakeCents: 2 * stakeCents,
    payoutCents: partReturnCents(win) + placeReturnCents(place, win),
    placeCents: partReturnCents(place),
  };
}

export const liabilityOf = (i: OutcomeState): Liability => ({
  id: i.id,
  active: i.status === "ACTIVE",
  winCents: i.liabilityCents,
  placeCents: i.placeLiabilityCents,
});

/** The paying places the book's results count: the each-way terms in force, 1 without each-way. */
export const placesInForce = (e: EventState, items: Map<number, OutcomeState>) =>
  termsInForce(e.eachWay, [...items.values()].filter((i) => i.status === "ACTIVE").length)?.places ?? 1;

/**
 * The results a bet of `totals` on `item` makes dearer in `book` (the event's outcomes, or one
 * punter's share of them), each with what it pays before the bet and after. A win bet raises
 * only its outcome winning; a place part also every other winner with it placed.
 */
export function raisedResults(book: Liability[], item: Liability, totals: BetTotals, places: number) {
  const current = book.find((l) => l.id === item.id) ?? { ...item, winCents: 0, placeCents: 0 };
  const added = {
    ...current,
    winCents: current.winCents + totals.payoutCents,
    placeCents: current.placeCents + totals.placeCents,
  };
  const others = book.filter((l) => l.id !== item.id);
  if (totals.placeCents === 0)
    return [
      {
        before: resultCents([...others, current], places, current),
        after: resultCents([...others, added], places, added),
      },
    ];
  const before = resultsCents([...others, current], places);
  const after = resultsCents([...others, added], places);
  return [...after]
    .map(([id, cents]) => ({ before: before.get(id) ?? 0, after: cents }))
    .filter((r) => r.after > r.before);
}

/**
 * Whether the bet keeps `book` within `cap` on every result it makes dearer. A result already
 * past the cap (the cap lowered since) refuses only what adds to it.
 */
export const withinCap = (book: Liability[], item: Liability, totals: BetTotals, places: number, cap: number) =>
  raisedResults(book, item, totals, places).every((r) => r.after <= cap);

/** One punter's share of the event's results: his accepted bets on each outcome, as the room counts the book's. */
export const punterBook = (items: Map<number, OutcomeState>, share: (itemId: number) => OwnShare | undefined) =>
  [...items.values()].flatMap((i): Liability[] => {
    const own = share(i.id);
    return own ? [{ id: i.id, active: i.status === "ACTIVE", ...own }] : [];
  });

/** The largest stake in [0, `upper`] that `fits` (totals grow with the stake), found by halving. */
function largestStake(upper: number, fits: (stakeCents: number) => boolean) {
  let [low, high] = [0, Math.max(0, upper)];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

export const termsFor = (e: EventState, items: Map<number, OutcomeState>, eachWay: boolean) =>
  eachWay ? termsInForce(e.eachWay, [...items.values()].filter((i) => i.status === "ACTIVE").length) : null;

/** The largest stake (per part) a bet on `item` may have within the event's max payout, in cents. */
export function maxStakeCents(
  e: EventState,
  items: Map<number, OutcomeState>,
  item: OutcomeState,
  odds: Odds,
  eachWay: boolean,
) {
  const terms = termsFor(e, items, eachWay);
  const book = [...items.values()].map(liabilityOf);
  const places = placesInForce(e, items);
  // The win part alone bounds it.
  return largestStake(stakeRoom(e.maxPayoutCents, odds), (stake) =>
    withinCap(book, liabilityOf(item), betTotals(stake, odds, terms), places, e.maxPayoutCents),
  );
}

/**
 * The largest stake (per part) within one punter's limits, at most `upper` (what the event
 * takes): his max stake (an each-way bet stakes twice its amount) and his max payout on the
 * event, counted over `own`, his share of its results (punterBook).
 */
export function punterMaxStakeCents(
  e: EventState,
  items: Map<number, OutcomeState>,
  item: OutcomeState,
  bet: { odds: Odds; eachWay: boolean; upper: number },
  caps: PunterCaps,
  own: Liability[],
) {
  const parts = bet.eachWay ? 2 : 1;
  const upper = Math.min(bet.upper, caps.maxStakeCents === null ? Infinity : Math.floor(caps.maxStakeCents / parts));
  const cap = caps.maxPayoutCents;
  if (cap === null) return upper;
  const terms = termsFor(e, items, bet.eachWay);
  const places = placesInForce(e, items);
  return largestStake(Math.min(upper, stakeRoom(cap, bet.odds)), (stake) =>
    withinCap(own, liabilityOf(item), betTotals(stake, bet.odds, terms), places, cap),
  );
}
