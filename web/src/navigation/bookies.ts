import type { Id } from "@worker/contract";

/**
 * Navigation state of /bookies: a deep link's bookmaker, to show so the punter can ask to join;
 * or a shared event (`ev_<id>`), whose book is shown so, or opened at the event for its own.
 */
export interface BookiesState {
  showBookmakerId?: Id;
  showEventId?: Id;
}
