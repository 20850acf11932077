import type { Id, Multiple } from "@worker/contract";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";

/**
 * A book's multiples, newest first, polled as the bets beside them are: the punter's own, or
 * with `userId` one punter's as his bookmaker sees them.
 */
export const useMultiples = (bookmakerId: Id | null, userId?: Id) =>
  useApi(
    "GET /bets/:bookmakerId/multiples",
    bookmakerId === null ? null : { params: { bookmakerId }, ...(userId === undefined ? {} : { query: { userId } }) },
    { refreshInterval: POLL_MS },
  );

export type HistoryEntry<T> = { single: T; multiple?: never } | { multiple: Multiple; single?: never };

/**
 * Singles and multiples in one list, newest first. Each list keeps the API's order; a multiple
 * goes before the first single older than it, so a single of unknown date never moves.
 */
export function withMultiples<T>(
  singles: readonly T[],
  dateOf: (single: T) => string,
  multiples: readonly Multiple[] = [],
): HistoryEntry<T>[] {
  const entries: HistoryEntry<T>[] = [];
  let next = 0;
  for (const single of singles) {
    const at = Date.parse(dateOf(single));
    while (next < multiples.length && Date.parse(multiples[next].createdAt) > at)
      entries.push({ multiple: multiples[next++] });
    entries.push({ single });
  }
  while (next < multiples.length) entries.push({ multiple: multiples[next++] });
  return entries;
}
