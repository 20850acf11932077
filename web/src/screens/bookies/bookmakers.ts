import type { Bookmaker, BookmakerLists, Id } from "../../../../worker/contract";
import { useApi } from "../../api/swr";
import { POLL_MS } from "../../config";

export const BOOKMAKERS_PATH = "/bookmakers";

/**
 * The punter's bookmakers and every other one, polled and refetched on focus and reconnect
 * (docs/ARCHITECTURE.md, "Polling").
 */
export const useBookmakerLists = () =>
  useApi<BookmakerLists>(BOOKMAKERS_PATH, {
    refreshInterval: POLL_MS,
    revalidateOnFocus: true,
    revalidateOnReconnect: true,
  });

/** A bookmaker from either list, by id. */
export const findBookmaker = (lists: BookmakerLists | undefined, id: Id): Bookmaker | undefined =>
  lists?.activeBookmakers.find((b) => b.bookmakerId === id) ??
  lists?.inactiveBookmakers.find((b) => b.bookmakerId === id);
