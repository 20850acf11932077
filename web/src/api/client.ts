import type { ErrorBody, ErrorCode } from "@worker/contract";
import { API_URL } from "@/config";
import { keepAnswer, keptAnswer, keptEtag } from "./last-answers";
import { i18n } from "@/i18n/runtime";

/** A failure's code: the error body's, or HTTP_ERROR when the answer carried none (a proxy's 502). */
export type ApiErrorCode = ErrorCode | "HTTP_ERROR";

/** A failed API call, carrying the error body's code, message and field when the server sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
    /** Seconds the API asks to wait before trying again (its Retry-After), when it says. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** The session token, sent as `Authorization: JWT <token>`. */
  token?: string | null;
  baseUrl?: string;
  /**
   * Sends an `Idempotency-Key`, one per call, and retries with the same key when the answer
   * was lost on the way (no response, or the first try still running): the server answers
   * the first answer again, so a bet or a coin move that went through is never made twice.
   */
  idempotent?: boolean;
}

/** Pauses before each retry of an idempotent call; after the last, the failure stands. */
export const RETRY_DELAYS_MS = [500, 1500, 3000];

/** 16 random bytes in hex: within the API's 1–64 of A-Z a-z 0-9 _ -. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** How old a version a poll accepts (`Cache-Control: max-age=1`). */
const ACCEPTED_AGE_MS = 1000;
/** When the last write of this app answered. */
let lastChangeAt = -Infinity;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lost answer: fetch rejected (no response), or the server is still running the key's first try. */
async function fetchRetrying(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const last = attempt === RETRY_DELAYS_MS.length;
    let res: Response;
    try {
      res = await fetch(url, init);
    } catch (err) {
      if (last) throw err;
      await sleep(RETRY_DELAYS_MS[attempt]);
      continue;
    }
    if (last || res.status !== 409 || !res.headers.has("Retry-After")) return res;
    await sleep(Math.max(Number(res.headers.get("Retry-After")) * 1000 || 0, RETRY_DELAYS_MS[attempt]));
  }
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === "object" &&
  value !== null &&
  "error" in value &&
  typeof (value as ErrorBody).error?.code === "string";

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function apiFetch<T>(
  path: string,
  { method = "GET", body, token, baseUrl = API_URL, idempotent = false }: RequestOptions = {},
): Promise<T> {
  // The API words its refusals in the language the app shows (worker/lib/words.ts).
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": i18n.locale };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `JWT ${token}`;
  if (idempotent) headers["Idempotency-Key"] = newIdempotencyKey();

  const url = `${baseUrl}${path}`;
  const etag = method === "GET" ? keptEtag(url, token) : undefined;
  if (etag) {
    headers["If-None-Match"] = etag;
    // A poll accepts versions a second old (the API may then answer from memory), except in
    // the second after one of our own changes: that must show at once.
    if (Date.now() - lastChangeAt >= ACCEPTED_AGE_MS) headers["Cache-Control"] = "max-age=1";
  }

  const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  const res = idempotent ? await fetchRetrying(url, init) : await fetch(url, init);
  if (method !== "GET") lastChangeAt = Date.now();
  // Unchanged since the answer kept with that ETag.
  if (res.status === 304 && etag) return keptAnswer(url, token) as T;
  const data = await readJson(res);
  if (!res.ok) {
    const retryAfter = Number(res.headers.get("Retry-After") ?? NaN);
    const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    if (isErrorBody(data)) throw new ApiError(res.status, data.error.code, data.error.message, data.error.field, wait);
    throw new ApiError(res.status, "HTTP_ERROR", `HTTP ${res.status}`);
  }
  if (method === "GET") keepAnswer(url, token, res.headers.get("ETag"), data);
  return data as T;
}
