import type { Bet } from "@worker/contract";

/** One bet as the histories list it: a win bet alone, or an each-way bet's WIN part with its PLACE part. */
export interface BetLine {
  /** The win bet, or the each-way bet's WIN part (its PLACE part when the list holds that alone). */
  bet: Bet;
  place: Bet | null;
}

/**
 * The histories' lines: an each-way bet is two Bet rows sharing `eachWayOf` and shows as one
 * line, where the first of its rows stood in the list (the API's order is kept).
 */
export function betLines(bets: readonly Bet[]): BetLine[] {
  const parts = new Map<number, { win?: Bet; place?: Bet }>();
  for (const bet of bets) {
    if (bet.eachWayOf === null) continue;
    const pair = parts.get(bet.eachWayOf) ?? {};
    pair[bet.part === "PLACE" ? "place" : "win"] = bet;
    parts.set(bet.eachWayOf, pair);
  }
  const lines: BetLine[] = [];
  for (const bet of bets) {
    if (bet.eachWayOf === null) lines.push({ bet, place: null });
    else if (parts.has(bet.eachWayOf)) {
      const { win, place } = parts.get(bet.eachWayOf)!;
      parts.delete(bet.eachWayOf);
      // A part listed without the other stands alone.
      lines.push(win && place ? { bet: win, place } : { bet: (win ?? place)!, place: null });
    }
  }
  return lines;
}
