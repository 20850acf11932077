import { useSWRConfig } from "swr";
import type { BookmakerEvent } from "../../../../worker/contract";
import { useApi } from "../../api/swr";
import { POLL_MS } from "../../config";

/** The bookmaker's live list (open) or his last 30 days of settled events (history), polled. */
export const useBookEvents = (view: "open" | "history") => useApi<BookmakerEvent[]>(`/events?view=${view}`, { refreshInterval: POLL_MS });

/** One of his events. */
export const useBookEvent = (id: number | null) => useApi<BookmakerEvent>(id === null ? null : `/events/${id}`);

/** Refetches every cached event read after a change, so lists show it at once. */
export function useRefreshEvents(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && typeof key[0] === "string" && key[0].startsWith("/events"));
}
