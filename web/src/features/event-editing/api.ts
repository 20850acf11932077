import { useSWRConfig } from "swr";
import type { BookmakerEvent, Id } from "@worker/contract";
import { call } from "@/api/call";
import { routePath } from "@/api/route-request";
import { pathOf, useApi } from "@/api/swr";
import { POLL_MS } from "@/config";
import { finalize, saveDraft, withdrawNonRunners } from "./draft/actions";
import { keepDraft, saveAndStart } from "./start";

// The bookmaker's events as SWR holds them: the reads, and the writes, each of which refreshes
// what it changed in the cache from its own answer before it resolves (useEventWrites,
// useNewEventSave), so no screen has to know what to refresh after it. The writes' bodies are
// built beside their screens (start.ts, draft/actions.ts).

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

/** Settled (a result, or abandoned): nothing more to edit, and it belongs to history. */
export const isSettled = (e: BookmakerEvent) =>
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
function useEventChanged(): (event: BookmakerEvent) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return (event) =>
    Promise.all([
      mutate((key) => pathOf(key) === routePath("GET /events/:id", { params: { id: event.id } }), event, {
        revalidate: false,
      }),
      mutate(
        (key) => pathOf(key) === routePath("GET /events", { query: { view: "open" } }),
        (list?: BookmakerEvent[]) => withEvent(list, event, !isSettled(event)),
      ),
      mutate(
        (key) => pathOf(key) === routePath("GET /events", { query: { view: "history" } }),
        (list?: BookmakerEvent[]) => withEvent(list, event, isSettled(event)),
      ),
      // The liability board shows every open event's status and figures: read afresh.
      mutate((key) => pathOf(key) === routePath("GET /events/liability")),
    ]);
}

/**
 * The changes to one of his events, each answered by the event as it now is, which every cached
 * read of it shows before the write resolves (useEventChanged).
 */
export function useEventWrites() {
  const changed = useEventChanged();
  const shown = (event: BookmakerEvent) => {
    void changed(event);
    return event;
  };
  return {
    /** Live → draft: the draft screen opens on the answer. */
    suspend: (id: Id) => call("POST /events/:id/draft", { params: { id } }).then(shown),
    withdrawNonRunners: async (...args: Parameters<typeof withdrawNonRunners>) => {
      const event = await withdrawNonRunners(...args);
      return event && shown(event);
    },
    finalize: (...args: Parameters<typeof finalize>) => finalize(...args).then(shown),
    abandon: (id: Id) => call("POST /events/:id/abandon", { params: { id } }).then(shown),
    save: (...args: Parameters<typeof saveDraft>) => saveDraft(...args).then(shown),
    /** The result undone: the event waiting for its result again. */
    undo: (id: Id) => call("POST /events/:id/unsettle", { params: { id } }).then(shown),
  };
}
