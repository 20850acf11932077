import type { EventStatus } from "../../../worker/contract";
import { STATUS_WORDS } from "../../../common/status-words";
import { ApiError, apiFetch } from "../api/client";
import { useAuth } from "../store/auth";

/** A bookmaker's write to the API with the current session token. */
export function bookCall<T>(path: string, method: "POST" | "PUT" = "POST", body?: unknown): Promise<T> {
  return apiFetch<T>(path, { method, body, token: useAuth.getState().token });
}

/** The spec's words for a pool without the coins a call needs (section 8). */
export const INSUFFICIENT_CURRENCY = "Insufficient currency. You can purchase more in the store.";

const STATUS_NAME = new RegExp(`\\b(${Object.keys(STATUS_WORDS).join("|")})\\b`, "g");

export const userWords = (message: string) => message.replace(STATUS_NAME, (name) => STATUS_WORDS[name as EventStatus]);

/** What the user reads when a call fails: the server's own message when it sent one, in a user's words. */
export function errorText(err: unknown, fallback = "Unexpected error."): string {
  if (err instanceof ApiError && err.code !== "HTTP_ERROR" && err.code !== "INTERNAL") return userWords(err.message);
  return fallback;
}

/** A call that takes coins from the bookmaker's pool: a shortage is said in the spec's words. */
export const poolErrorText = (err: unknown) => (err instanceof ApiError && err.code === "INSUFFICIENT_COINS" ? INSUFFICIENT_CURRENCY : errorText(err));
