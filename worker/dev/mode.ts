import { createMiddleware } from "hono/factory";
import { isDevMode, type AppEnv } from "../env";
import { notFound } from "../lib/errors";

/** With dev mode off a dev-only route does not exist (404), whatever is asked. */
export const devOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isDevMode(c.env)) throw notFound();
  await next();
});
