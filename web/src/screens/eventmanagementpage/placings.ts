import type { Id } from "../../../../worker/contract";
import { ordinal } from "../../events/racing";

/**
 * Why these placings cannot be sent, or null: the server's rule (worker/events/guards.ts,
 * canSettle) said before End Event is sent, in the words of a race's result. A place shared by n
 * outcomes is followed by the place n further on (1, 1, 3), and placings name a winner.
 */
export function placingsProblem(placings: { itemId: Id; place: number }[]): string | null {
  if (placings.length === 0) return null;
  const counts = new Map<number, number>();
  for (const p of placings) counts.set(p.place, (counts.get(p.place) ?? 0) + 1);
  if (!counts.has(1)) return "No outcome is at place 1: a result needs a winner.";
  const places = [...counts.keys()].sort((x, y) => x - y);
  for (const [i, place] of places.entries()) {
    const tied = counts.get(place)!;
    const next = places[i + 1];
    if (next !== undefined && next < place + tied)
      return `${tied} outcomes share ${ordinal(place)} place, so the next place is ${ordinal(place + tied)}, not ${ordinal(next)}.`;
  }
  return null;
}
