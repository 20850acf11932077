import { ApiError, apiFetch } from "../api/client";
import { useAuth } from "../store/auth";

/** A bookmaker's write to the API with the current session token. */
export function bookCall<T>(path: string, method: "POST" | "PUT" = "POST", body?: unknown): Promise<T> {
  return apiFetch<T>(path, { method, body, token: useAuth.getState().token });
}

/** What the user reads when a call fails: the server's own message when it sent one. */
export function errorText(err: unknown, fallback = "Unexpected error."): string {
  if (err instanceof ApiError && err.code !== "HTTP_ERROR" && err.code !== "INTERNAL") return err.message;
  return fallback;
}
