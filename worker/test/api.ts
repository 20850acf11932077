import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../index";
import type { Env } from "../env";
import { signInitData } from "../identity/init-data";

// Tests reach the API through the exported worker's fetch, with the real bindings.

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A raw body, sent as is (for broken JSON). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Overrides of the environment, e.g. dev mode off. */
  env?: Partial<Env>;
}

export async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `JWT ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  } else if (body !== undefined) {
    headers["Content-Type"] ??= "application/json";
  }
  const request = new Request(`http://api.test${path}`, { method, headers, body });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...(env as unknown as Env), ...options.env }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Calls and parses the JSON answer, failing loudly on an unexpected status. */
export async function json<T = unknown>(
  method: string,
  path: string,
  options: CallOptions & { expect?: number } = {},
): Promise<T> {
  const res = await call(method, path, options);
  const text = await res.text();
  const expected = options.expect ?? (method === "POST" && res.status === 201 ? 201 : 200);
  if (res.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

let nextId = 1 + Math.floor(Math.random() * 1e6) * 1000;
/** A fresh Telegram user id, so tests never share rows. */
export const freshUserId = () => nextId++;

export interface TestUser {
  userId: number;
  username: string;
  token: string;
}

/** Signs in a new user the way the mini-app does, with init data signed by our bot token. */
export async function signIn(prefix = "user", options: { allowsWrite?: boolean } = {}): Promise<TestUser> {
  const userId = freshUserId();
  const username = `${prefix}_${userId}`;
  // `allowsWrite`: Telegram says the bot may write to him (allows_write_to_pm).
  const consent = options.allowsWrite ? { allows_write_to_pm: true } : {};
  const initData = await signInitData(
    { user: { id: userId, username, first_name: prefix, ...consent }, authDate: Math.floor(Date.now() / 1000) },
    env.BOT_TOKEN,
  );
  const { token } = await json<{ token: string }>("POST", "/auth/telegram", { body: { initData } });
  return { userId, username, token };
}
