import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { limitWrites } from "../lib/rate-limit";
import { secret } from "./secrets";
import { readSession } from "./session";
import { SESSION_INVALID } from "../../common/refusals";
import { en } from "../lib/words";

/**
 * Every route but auth, webhook, health and dev needs `Authorization: JWT <token>` (or Bearer).
 * A signed-in user's writes are counted against his rate limits here, once per request.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  // Two sub-apps share a prefix (/bookmakers), so a request may pass here twice.
  if (c.get("user")) return next();
  const header = c.req.header("Authorization") ?? "";
  const match = /^(?:JWT|Bearer)\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError("UNAUTHENTICATED", 401, en("Sign in first."));
  const user = await readSession(match[1], secret(c.env, "JWT_SECRET"));
  if (!user) throw new AppError("UNAUTHENTICATED", 401, SESSION_INVALID);
  c.set("user", user);
  await limitWrites(c, user.userId);
  await next();
});
