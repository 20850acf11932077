import { useSWRConfig } from "swr";
import type { BookmakerEvent } from "@worker/contract";
import { routePath } from "@/api/route-request";
import { pathOf, useApi } from "@/api/swr";
import { POLL_MS } from "@/config";

// The bookmaker's events as SWR holds them: the reads, and what a write changes in the cache,
// called beside each write (useEventChanged with a changed event's answer, useRefreshEvents
// after a new one). The writes' bodies are built beside their screens (start.ts, draft/actions.ts).

/** The bookmaker's live list (open) or his last 30 days of settled events (history), polled. */
export const useBookEvents = (view: "open" | "history") =>
  useApi("GET /events", { query: { view } }, { refreshInterval: POLL_MS });

/** One of his events. */
export const useBookEvent = (id: number | null) => useApi("GET /events/:id", id === null ? null : { params: { id } });

/** Refetches every cached event read after a change, so lists show it at once. */
export function useRefreshEvents(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => pathOf(key).startsWith("/events"));
}

/** Settled or closed: nothing more to edit, and it belongs to history. */
export const isClosed = (e: BookmakerEvent) =>
  e.status === "CANCELLED" || e.status === "CALCULATED" || e.status === "ABANDONED";

/** A cached list with `event` as a change answered it: replaced, added or dropped by where it now belongs. */
function withEvent(
  list: BookmakerEvent[] | undefined,
  event: BookmakerEvent,
  belongs: boolean,
): BookmakerEvent[] | undefined {
  if (!list) return list;
  const others = list.filter((e) => e.id !== event.id);
  if (!belongs) return others;
  const at = list.findIndex((e) => e.id === event.id);
  return at < 0 ? [event, ...others] : list.map((e) => (e.id === event.id ? event : e));
}

/**
 * After a change: every cached read of the event shows the change's own answer at once (a read
 * started before it is discarded by SWR, never shown over it), then the lists are refetched, and
 * the next screen to read them fetches anew instead of reusing an answer of moments ago.
 */
export function useEventChanged(): (event: BookmakerEvent) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return (event) =>
    Promise.all([
      mutate((key) => pathOf(key) === routePath("GET /events/:id", { params: { id: event.id } }), event, {
        revalidate: false,
      }),
      mutate(
        (key) => pathOf(key) === routePath("GET /events", { query: { view: "open" } }),
        (list?: BookmakerEvent[]) => withEvent(list, event, !isClosed(event)),
      ),
      mutate(
        (key) => pathOf(key) === routePath("GET /events", { query: { view: "history" } }),
        (list?: BookmakerEvent[]) => withEvent(list, event, isClosed(event)),
      ),
      // The liability board shows every open event's status and figures: read afresh.
      mutate((key) => pathOf(key) === routePath("GET /events/liability")),
    ]);
}
