import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody, ErrorCode } from "../contract";
import { acceptedLanguage, en, say, type Words } from "./words";

/**
 * An error the client is meant to see: a code, an HTTP status and a message, said in the
 * caller's language (Accept-Language); `message` keeps the English, for the log.
 */
export class AppError extends Error {
  readonly words: Words | string;
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string | Words,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(say("en", message));
    this.words = message;
  }
}

export const notFound = (what: string | Words = en("Not found.")) => new AppError("NOT_FOUND", 404, what);
export const forbidden = (what: string | Words = en("Forbidden.")) => new AppError("FORBIDDEN", 403, what);
export const validationError = (field: string, message: string | Words) =>
  new AppError("VALIDATION", 400, message, { field });

export function errorResponse(c: Context, err: AppError) {
  const message = say(acceptedLanguage(c.req.header("Accept-Language")), err.words);
  const body: ErrorBody = { error: { code: err.code, message, ...err.extra } };
  c.header("Vary", "Accept-Language", { append: true });
  return c.json(body, err.status);
}

/** The one error handler: known errors keep their code, the rest are logged and hidden. */
export function onError(err: Error, c: Context) {
  if (err instanceof AppError) return errorResponse(c, err);
  if (err instanceof HTTPException && err.status < 500) {
    // Hono raises these for malformed requests, such as a body that is not JSON.
    const code: ErrorCode = err.status === 401 ? "UNAUTHENTICATED" : err.status === 404 ? "NOT_FOUND" : "VALIDATION";
    return errorResponse(c, new AppError(code, err.status as ContentfulStatusCode, err.message || en("Bad request.")));
  }
  // The stack goes to the log only, under the request's id; the caller sees a plain 500.
  console.error(
    JSON.stringify({ requestId: c.get("requestId") ?? null, error: err.message, stack: err.stack ?? null }),
  );
  return errorResponse(c, new AppError("INTERNAL", 500, en("Unexpected error.")));
}
