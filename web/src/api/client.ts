import type { ErrorBody } from "../../../worker/contract";
import { API_URL } from "../config";

/** A failed API call, carrying the error body's code, message and field when the server sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
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
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === "object" && value !== null && "error" in value && typeof (value as ErrorBody).error?.code === "string";

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function apiFetch<T>(path: string, { method = "GET", body, token, baseUrl = API_URL }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `JWT ${token}`;

  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await readJson(res);
  if (!res.ok) {
    if (isErrorBody(data)) throw new ApiError(res.status, data.error.code, data.error.message, data.error.field);
    throw new ApiError(res.status, "HTTP_ERROR", `HTTP ${res.status}`);
  }
  return data as T;
}
