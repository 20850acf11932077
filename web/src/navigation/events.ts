import type { Id } from "@worker/contract";

/**
 * Navigation state of /events/{id} and /history/{id}: the bookmaker's name, as the list showed
 * it; on /events/{id}, an event to open at once (a shared card's link).
 */
export interface EventsState {
  name?: string;
  eventId?: Id;
}
