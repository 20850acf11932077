import { Hono } from "hono";
import * as v from "valibot";
import { isDevMode, type AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { signInitData } from "../identity/init-data";
import { secret } from "../identity/secrets";

// Local development only (DEV_MODE=true): lets a browser outside Telegram play any user.
// With dev mode off these routes do not exist (404), whatever is asked.

const InitDataQuery = v.object({
  username: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,32}$/, "Letters, digits and _ only."))),
  id: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,12}$/, "Must be a positive integer."), v.transform(Number))),
});

/** A stable made-up Telegram id per dev username, so the same name is the same user. */
export function devUserId(username: string): number {
  let h = 2166136261;
  for (const ch of username.toLowerCase()) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return 1_000_000_000 + (h % 1_000_000_000);
}

export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevMode(c.env)) throw notFound();
    await next();
  })
  .get("/init-data", validate("query", InitDataQuery), async (c) => {
    const { username, id } = c.req.valid("query");
    const userId = id ?? devUserId(username ?? "anonymous");
    const user = username ? { id: userId, username, first_name: username } : { id: userId, first_name: "Anonymous" };
    const initData = await signInitData({ user, authDate: Math.floor(Date.now() / 1000) }, secret(c.env, "BOT_TOKEN"));
    return c.json({ initData });
  });
