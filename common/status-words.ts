// How an event's status reads to a user: a message never shows the internal name. Pure code,
// used at run time by the API's refusals and by the mini-app's error texts.

export type EventStatusName =
  | "CREATED"
  | "READY_FOR_BETS"
  | "WAITING_FOR_RESULT"
  | "WAITING_FOR_CALCULATION"
  | "CALCULATED"
  | "CANCELLED"
  | "ABANDONED"
  | "FINISHED"
  | "SUSPENDED";

export const STATUS_WORDS: Record<EventStatusName, string> = {
  CREATED: "a draft",
  READY_FOR_BETS: "live",
  WAITING_FOR_RESULT: "waiting for its result",
  WAITING_FOR_CALCULATION: "being settled",
  CALCULATED: "settled",
  CANCELLED: "abandoned",
  ABANDONED: "abandoned",
  FINISHED: "finished",
  SUSPENDED: "suspended",
};
