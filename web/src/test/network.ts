import { vi } from "vitest";
import type { ErrorCode } from "@worker/contract";

// The API as the web app sees it: a stub of the global fetch, the app's only way out.

export interface RecordedCall {
  method: string;
  /** Path and query, without the API's base URL. */
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export const errorBody = (status: number, code: ErrorCode, message: string, field?: string) =>
  json({ error: { code, message, ...(field ? { field } : {}) } }, status);

/** A promise the test settles by hand, to hold a call "in flight". */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Stubs fetch with handlers keyed "METHOD /path" (the query is part of the path when the key
 * has one). Unknown calls answer 404 with the API's error body. Returns every call made.
 */
export function stubApi(routes: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const call: RecordedCall = {
      method: (init?.method ?? "GET").toUpperCase(),
      path: url.pathname + url.search,
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`] ?? routes[`${call.method} ${url.pathname}`];
    return handler ? handler(call) : errorBody(404, "NOT_FOUND", "No such route.");
  });
  return calls;
}
