import { en } from "./i18n/marks";

// Refusals the user reads that more than one place words: the server that refuses, the layer
// behind it that refuses the same thing again, and the mini-app that says it or quotes it (the
// Guide). Each text is written here once; the spec's own wordings are kept as it quotes them.
// Marked with en(): the API says them in the caller's language (worker/lib/words.ts).

/** The bookmaker's pool is empty (or short): the spec's words. */
export const INSUFFICIENT_CURRENCY = en("Insufficient currency. You can purchase more in the store.");
/** A bookmaker's action needs an active BOOKMAKER subscription: the spec's words. */
export const SUBSCRIPTION_NOT_FOUND = en("Bookmaker subscription not found.");
/** A bet on an event that takes none now (suspended, started, settled): the spec's words. */
export const EVENT_SUSPENDED = en("Event is suspended. Please try again later.");
/** One bet per punter per outcome: the room's check and the UNIQUE index behind it. */
export const BET_EXISTS = en("You have a bet on this outcome already.");
/** The caller has no bookmaker profile. */
export const NO_PROFILE = en("Bookmaker profile not found.");
export const BOOKMAKER_NOT_FOUND = en("Bookmaker not found.");
export const EVENT_NOT_FOUND = en("Event not found.");
export const BET_NOT_FOUND = en("Bet not found.");
/** A bet, a multiple's leg or a result's SPs at SP on an event that takes no SP bets (the room's check and the multiple's). */
export const SP_UNAVAILABLE = en("This event takes no SP bets.");
export const NOT_YOUR_PUNTER = en("This user is not one of your punters.");
export const SESSION_INVALID = en("Your session is invalid or has expired.");
/** A bet by someone the book has not approved. */
export const ONLY_APPROVED_PUNTERS = en("Only this bookmaker's approved punters can bet.");
/** A bet on a book whose subscription has lapsed. */
export const BOOK_LAPSED = en("This bookmaker's subscription has expired; bets are closed.");
