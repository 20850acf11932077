import { useSWRConfig } from "swr";
import type { BookmakerEvent, Id } from "@worker/contract";
import { routePath } from "@/api/route-request";
import { pathOf, useApi } from "@/api/swr";
import { POLL_MS } from "@/config";
import { keepDraft, saveAndStart } from "./start";

// The bookmaker's events as SWR holds them: the reads, and what a write changes in the cache,
// called beside each write (useEventChanged with a changed event's answer; a new event's save
// refreshes them all). The writes' bodies are built beside their screens (start.ts, draft/actions.ts).

/** The bookmaker's live list (open) or his last 30 days of settled events (history), polled. */
export const useBookEvents = (view: "open" | "history") =>
  useApi("GET /events", { query: { view } }, { refreshInterval: POLL_MS });

/** One of his events. */
export const useBookEvent = (id: number | null) => useApi("GET /events/:id", id === null ? null : { params: { id } });

/**
 * A new event saved as a draft ('Save as draft') or started ('Save and Start'); once it is,
 * every cached event read is read afresh, so the lists show it at once.
 */
export function useNewEventSave() {
  const { mutate } = useSWRConfig();
  const saved = (draftId: Id) => {
    void mutate((key) => pathOf(key).startsWith("/events"));
    return draftId;
  };
  return {
    keepDraft: (...args: Parameters<typeof keepDraft>) => keepDraft(...args).then(saved),
    saveAndStart: (...args: Parameters<typeof saveAndStart>) => saveAndStart(...args).then(saved),
  };
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
