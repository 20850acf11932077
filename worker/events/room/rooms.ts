import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import type { RoomErrorCode, RoomResult } from "../room-result";

/** A fresh stub per request (a stub is not cached across requests). */
export const roomOf = (env: Env, eventId: number) => env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(String(eventId)));

const STATUS: Record<RoomErrorCode, 400 | 403 | 404 | 409 | 500 | 503> = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  SUBSCRIPTION_REQUIRED: 403,
  VALIDATION: 400,
  CONFLICT: 409,
  EVENT_NOT_OPEN: 409,
  BET_EXISTS: 409,
  ODDS_CHANGED: 409,
  LIMIT_EXCEEDED: 409,
  INSUFFICIENT_COINS: 409,
  ALREADY_SETTLED: 409,
  CANNOT_UNSETTLE: 409,
  EACH_WAY_UNAVAILABLE: 409,
  SP_UNAVAILABLE: 409,
  CASH_OUT_UNAVAILABLE: 409,
  CASH_OUT_CHANGED: 409,
  OFFER_EXPIRED: 409,
  ALREADY_TAKEN: 409,
  KEY_SEEN: 409,
  // nothing was written; trying again is safe
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The room's answer, or its failure as the API's error. */
export function unwrap<T>(result: RoomResult<T>): T {
  if (result.ok) return result.value;
  // The idempotent route answers KEY_SEEN from the key's row; elsewhere it is the key in use.
  const code = result.code === "KEY_SEEN" ? "IDEMPOTENCY_KEY_IN_USE" : result.code;
  throw new AppError(code, STATUS[result.code], result.words, result.extra ?? {});
}

/** Goes on when a guard (guards.ts) allows, else throws its refusal as the API's error. */
export function allow(refusal: Extract<RoomResult<never>, { ok: false }> | null): void {
  if (refusal) unwrap(refusal);
}

/** A random id for a new event: its room is named after it before any row exists. */
export function newEventId(): number {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0xffff) * 2 ** 32 + lo + 1;
}
