import type { Bookmaker, BookmakerLists, Id } from "@worker/contract";

/** Search starts at this many characters (docs/rules/screens.md, "Bookmaker search"). */
export const SEARCH_MIN = 3;

/** The punter's own bookmakers: never his own book (docs/rules/screens.md, "Bookmaker search"). */
export const myBookmakers = (lists: BookmakerLists, ownId: Id | null) =>
  lists.activeBookmakers.filter((b) => b.bookmakerId !== ownId);

/**
 * Search results (docs/rules/screens.md, "Bookmaker search"): at least 3 characters after trimming, case-insensitive
 * substring of the name; never the user's own book, nor one already in his list unless his
 * request there was DECLINED.
 */
export function searchBookmakers(lists: BookmakerLists, query: string, ownId: Id | null): Bookmaker[] {
  const q = query.trim().toLowerCase();
  if (q.length < SEARCH_MIN) return [];
  const mine = new Set(myBookmakers(lists, ownId).map((b) => b.bookmakerId));
  return lists.inactiveBookmakers.filter(
    (b) =>
      b.bookmakerName.toLowerCase().includes(q) &&
      b.bookmakerId !== ownId &&
      (!mine.has(b.bookmakerId) || b.joinRequestStatus === "DECLINED"),
  );
}
