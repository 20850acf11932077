import { en } from "./i18n/marks";

// How an event's status reads to a user: a message never shows the internal name. Pure code,
// used at run time by the API's refusals and by the mini-app's error texts. Each is marked with
// en(): a refusal says it inside its message, as nested words, in the caller's language.

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
  CREATED: en("a draft"),
  READY_FOR_BETS: en("live"),
  WAITING_FOR_RESULT: en("waiting for its result"),
  WAITING_FOR_CALCULATION: en("being settled"),
  CALCULATED: en("settled"),
  CANCELLED: en("abandoned"),
  ABANDONED: en("abandoned"),
  FINISHED: en("finished"),
  SUSPENDED: en("suspended"),
};
