import type { Id } from "@worker/contract";

/** Navigation state of /bookies: a deep link's bookmaker, to show so the punter can ask to join. */
export interface BookiesState {
  showBookmakerId?: Id;
}
