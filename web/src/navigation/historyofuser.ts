import type { Id } from "@worker/contract";

/** Navigation state of /historyofuser/{username}: whose bets to show. */
export interface HistoryOfUserState {
  userId?: Id;
}
