import type { OpenAPIV3_1 } from "openapi-types";
import type { ErrorCode } from "../contract";

// The error answers as /openapi.json describes them: the one body of worker/lib/errors.ts,
// `{error: {code, message, …}}`, and what each code means to a client.

/** Each code's status as the routes answer it (a route may name another, e.g. INTERNAL 502), and its meaning. */
export const ERROR_CODES: Record<ErrorCode, { status: number; meaning: string }> = {
  VALIDATION: { status: 400, meaning: "A body, path, query or header value is refused; `field` names it." },
  UNAUTHENTICATED: { status: 401, meaning: "No session, or an invalid or expired one: sign in again." },
  FORBIDDEN: { status: 403, meaning: "The caller may not do this (not his book, not an approved punter)." },
  SUBSCRIPTION_REQUIRED: { status: 403, meaning: "This needs an active BOOKMAKER subscription." },
  FEATURE_UNAVAILABLE: { status: 403, meaning: "The book does not hold the subscription this needs." },
  USERNAME_REQUIRED: { status: 403, meaning: "The Telegram account has no username." },
  NOT_FOUND: { status: 404, meaning: "No such thing, or not the caller's to see." },
  NAME_TAKEN: { status: 409, meaning: "Another book has this name, whatever its case, or one that looks like it." },
  BET_EXISTS: { status: 409, meaning: "The punter has a bet on this outcome already." },
  EVENT_NOT_OPEN: { status: 409, meaning: "The event or outcome takes no bets, or no such change, now." },
  ODDS_CHANGED: { status: 409, meaning: "The odds moved; `coefficient` holds the odds now." },
  LIMIT_EXCEEDED: {
    status: 409,
    meaning:
      "The bet would pass the outcome's max payout or the punter's limits (his max stake, his max payout per event); `maxStake` is the most it takes.",
  },
  INSUFFICIENT_COINS: { status: 409, meaning: "Not enough coins." },
  ALREADY_SETTLED: { status: 409, meaning: "The event is settled already." },
  CONFLICT: { status: 409, meaning: "Not allowed in the state things are in (or they changed meanwhile)." },
  CANNOT_UNSETTLE: {
    status: 409,
    meaning: "The result cannot be undone: too late, not settled, or `punters` are short.",
  },
  EACH_WAY_UNAVAILABLE: { status: 409, meaning: "An each-way bet on an event without each-way terms." },
  SP_UNAVAILABLE: {
    status: 409,
    meaning: "A bet or a multiple's leg at SP, or SPs with a result, on an event that takes no SP.",
  },
  CASH_OUT_UNAVAILABLE: {
    status: 409,
    meaning: "No cash-out now; `reason` says why (OFF, STARTED, SUSPENDED, SETTLED, TOO_SMALL).",
  },
  CASH_OUT_CHANGED: { status: 409, meaning: "The cash-out value moved; `value` holds the value now." },
  ALREADY_PAID: { status: 409, meaning: "The ticket was paid already; `paidAt` says when." },
  EVENT_NOT_SETTLED: { status: 409, meaning: "The event has no result yet: it is neither settled nor abandoned." },
  PRICE_REQUEST_NOT_NEEDED: { status: 409, meaning: "The bet would be taken as asked: place it instead of asking." },
  PRICE_REQUEST_OPEN: {
    status: 409,
    meaning: "The punter has a request on this outcome waiting for an answer or taking.",
  },
  OFFER_EXPIRED: {
    status: 409,
    meaning: "The offer's 60 s are over (or the request was never offered, or was declined).",
  },
  ALREADY_TAKEN: { status: 409, meaning: "The offer was taken already, with another Idempotency-Key." },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    meaning: "A request with this key is still running; retry after Retry-After.",
  },
  IDEMPOTENCY_KEY_REUSED: { status: 422, meaning: "This Idempotency-Key came with another request." },
  RATE_LIMITED: { status: 429, meaning: "Too many calls; retry after Retry-After seconds." },
  MISCONFIGURED: { status: 500, meaning: "The server lacks a setting." },
  INTERNAL: { status: 500, meaning: "Unexpected error (logged under the X-Request-Id answered)." },
  UNAVAILABLE: { status: 503, meaning: "Nothing was written; trying again is safe." },
  TELEGRAM_UNAVAILABLE: {
    status: 502,
    meaning: "Telegram refused or could not be reached; nothing was kept, and trying again is safe.",
  },
};

export const ErrorBody: OpenAPIV3_1.SchemaObject = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", enum: Object.keys(ERROR_CODES) },
        message: { type: "string", description: "For the user, in his words: shown as is." },
        field: { type: "string", description: "VALIDATION: the value at fault, as a dot path." },
        coefficient: { type: "number", description: "ODDS_CHANGED: the odds now." },
        maxStake: {
          type: "number",
          description: "LIMIT_EXCEEDED: the largest stake the outcome still takes, within the punter's limits.",
        },
        punters: {
          type: "array",
          description: "CANNOT_UNSETTLE: the punters short of what the undo takes back.",
          items: {
            type: "object",
            properties: {
              userId: { type: "integer" },
              username: { type: "string" },
              short: { type: "number" },
              code: { type: "string", description: "A counter ticket's code, when the punter is a ticket." },
            },
          },
        },
        reason: { type: "string", description: "CONFLICT on a purchase: why it is not accepted now." },
        renewableFrom: { type: ["string", "null"], description: "CONFLICT on a renewal: from when it is accepted." },
      },
    },
  },
};

/** The error answers of an operation, one per status, each naming the codes it may carry. */
export function errorResponses(refusals: Iterable<readonly [ErrorCode, number]>): OpenAPIV3_1.ResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of refusals) {
    const codes = byStatus.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    byStatus.set(status, codes);
  }
  const responses: OpenAPIV3_1.ResponsesObject = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: codes.map((code) => `${code}: ${ERROR_CODES[code].meaning}`).join("\n\n"),
      content: {
        "application/json": {
          schema: {
            allOf: [
              { $ref: "#/components/schemas/Error" },
              { type: "object", properties: { error: { type: "object", properties: { code: { enum: codes } } } } },
            ],
          },
        },
      },
    };
  }
  return responses;
}
