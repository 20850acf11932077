import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "./errors";
import { en } from "./words";

// Cloudflare's Rate Limiting binding (`[[ratelimits]]` in wrangler.toml): each limiter counts
// calls per key within its period and says yes or no; the limits themselves live in the config.
// Every limiter's period is WINDOW_SECONDS (the config test holds it).
//
// The key we give the binding names its window too (`user@window`, the window numbered from
// the epoch by our clock): a window's count starts at zero when ours does, whatever the
// binding's own clock, so Retry-After can say exactly how long is left, and the tests step a
// window by moving our clock (rate-limit.test.ts) instead of waiting 10 real seconds.

export const WINDOW_SECONDS = 10;
const WINDOW_MS = WINDOW_SECONDS * 1000;

export type Limiter = "SIGN_IN_LIMIT" | "WRITE_LIMIT" | "BET_LIMIT" | "TICKET_LIMIT";

/** Counts one call of `key` against `limiter`; over the limit, 429 RATE_LIMITED with Retry-After. */
export async function spend(c: Context<AppEnv>, limiter: Limiter, key: string) {
  const now = Date.now();
  const window = Math.floor(now / WINDOW_MS);
  const { success } = await c.env[limiter].limit({ key: `${key}@${window}` });
  if (success) return;
  // Whole seconds until the next window, rounded up: a retry then is counted afresh.
  c.header("Retry-After", String(Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000))));
  throw new AppError("RATE_LIMITED", 429, en("Too many requests; try again in a few seconds."));
}

/** Sign-in is counted per client address: there is no user yet. */
export const signInLimit = createMiddleware<AppEnv>(async (c, next) => {
  await spend(c, "SIGN_IN_LIMIT", c.req.header("CF-Connecting-IP") ?? "local");
  await next();
});

/**
 * A signed-in user's writes: bets (singles and multiples) and their cash-outs on their own
 * limiter, every other write on the writes' limiter.
 */
export function limitWrites(c: Context<AppEnv>, userId: number) {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  return spend(
    c,
    method === "POST" && /^\/bets(\/multiple)?(\/\d+\/cashout)?\/?$/.test(c.req.path) ? "BET_LIMIT" : "WRITE_LIMIT",
    String(userId),
  );
}
