import { say, type Words } from "../lib/words";

/**
 * Results of the room's methods: RPC drops error fields, so failures are values. A failure's
 * `words` are said in the caller's language (lib/words.ts); `message` is their English.
 */
export type RoomResult<T = null> =
  | { ok: true; value: T }
  | { ok: false; code: RoomErrorCode; message: string; words: Words | string; extra?: Record<string, unknown> };

export type RoomErrorCode =
  | "NOT_FOUND"
  | "FORBIDDEN"
  | "SUBSCRIPTION_REQUIRED"
  | "VALIDATION"
  | "CONFLICT"
  | "EVENT_NOT_OPEN"
  | "BET_EXISTS"
  | "ODDS_CHANGED"
  | "LIMIT_EXCEEDED"
  | "INSUFFICIENT_COINS"
  | "ALREADY_SETTLED"
  | "UNAVAILABLE"
  | "CANNOT_UNSETTLE"
  | "EACH_WAY_UNAVAILABLE"
  | "SP_UNAVAILABLE"
  | "CASH_OUT_UNAVAILABLE"
  | "CASH_OUT_CHANGED"
  | "OFFER_EXPIRED"
  | "ALREADY_TAKEN"
  /** Another attempt with the caller's Idempotency-Key was in flight: its answer is the key's (worker/idempotency/). */
  | "KEY_SEEN"
  | "INTERNAL";

export const ok = <T>(value: T): RoomResult<T> => ({ ok: true, value });
/** A refusal: a marked text (en("…")) or words ("… {name}", values), as the user reads it. */
export const fail = (code: RoomErrorCode, said: string | Words, extra?: Record<string, unknown>) => ({
  ok: false as const,
  code,
  message: say("en", said),
  words: said,
  extra,
});
