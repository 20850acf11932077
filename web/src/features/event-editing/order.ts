import type { BookmakerEvent } from "@worker/contract";

const start = (e: BookmakerEvent) => Date.parse(e.startDate);

/**
 * The live list's order: upcoming first, then started, each newest start first
 * (docs/rules/screens.md, "Badges and event lists").
 */
export function liveOrder(events: readonly BookmakerEvent[], now = Date.now()): BookmakerEvent[] {
  const byStartDesc = (a: BookmakerEvent, b: BookmakerEvent) => start(b) - start(a);
  const upcoming = events.filter((e) => start(e) > now).sort(byStartDesc);
  const started = events.filter((e) => !(start(e) > now)).sort(byStartDesc);
  return [...upcoming, ...started];
}

/** Events whose title holds `query`, whatever the case. */
export const matchingTitle = (events: readonly BookmakerEvent[], query: string) => {
  const q = query.trim().toLowerCase();
  return q ? events.filter((e) => e.title.toLowerCase().includes(q)) : [...events];
};

/** Settled events for history: the latest start first. */
export const newestFirst = (events: readonly BookmakerEvent[]) => [...events].sort((a, b) => start(b) - start(a));
