import type { Bookmaker, BookmakerLists, Id } from "@worker/contract";
import { call } from "@/api/call";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";

/**
 * The punter's bookmakers and every other one, polled and refetched on focus and reconnect
 * (docs/rules/screens.md, "Polling").
 */
export const useBookmakerLists = () =>
  useApi("GET /bookmakers", {}, { refreshInterval: POLL_MS, revalidateOnFocus: true, revalidateOnReconnect: true });

/** Asks to join a book (POST /bookmakers/{id}/sign); answers the book with his request's standing. */
export const askToJoin = (bookmakerId: Id) => call("POST /bookmakers/:id/sign", { params: { id: bookmakerId } });

/** A bookmaker from either list, by id. */
export const findBookmaker = (lists: BookmakerLists | undefined, id: Id): Bookmaker | undefined =>
  lists?.activeBookmakers.find((b) => b.bookmakerId === id) ??
  lists?.inactiveBookmakers.find((b) => b.bookmakerId === id);

/** The lists once he has asked to join `asked` (the sign route's answer): the book moves to his own list. */
export const withRequest = (lists: BookmakerLists, asked: Bookmaker): BookmakerLists => ({
  activeBookmakers: [...lists.activeBookmakers.filter((b) => b.bookmakerId !== asked.bookmakerId), asked],
  inactiveBookmakers: lists.inactiveBookmakers.filter((b) => b.bookmakerId !== asked.bookmakerId),
});

/** The route parameter as a bookmaker id, or null when it is not one. */
export function bookmakerIdParam(param: string | undefined): Id | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
