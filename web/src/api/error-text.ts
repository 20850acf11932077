import { t } from "@lingui/core/macro";
import type { EventStatus } from "@worker/contract";
import { STATUS_WORDS } from "@common/status-words";
import { ApiError } from "./client";
import { INSUFFICIENT_CURRENCY } from "@common/refusals";
import { commonText, statusWords } from "@/i18n/common-words";

// Every failed call the user reads about is worded here: the server's own message (which
// names what to fix, in the language the app sends as Accept-Language) in a user's words, else
// the spec's fallback. Network failures and 5xx
// carry nothing a user can act on ("HTTP 502", "Failed to fetch"), so they read as the fallback.

/** The spec's words for a pool without the coins a call needs (docs/rules/screens.md, "Guide rules"). */
export { INSUFFICIENT_CURRENCY };

const STATUS_NAME = new RegExp(`\\b(${Object.keys(STATUS_WORDS).join("|")})\\b`, "g");

export const userWords = (message: string) => message.replace(STATUS_NAME, (name) => statusWords(name as EventStatus));

/** What the user reads when a call fails: the server's own message when it sent one, in a user's words. */
export function errorText(err: unknown, fallback = t`Unexpected error.`): string {
  if (err instanceof ApiError && err.code !== "HTTP_ERROR" && err.code !== "INTERNAL") return userWords(err.message);
  return fallback;
}

/** A call that takes coins from the bookmaker's pool: a shortage is said in the spec's words. */
export const poolErrorText = (err: unknown) =>
  err instanceof ApiError && err.code === "INSUFFICIENT_COINS" ? commonText(INSUFFICIENT_CURRENCY) : errorText(err);
