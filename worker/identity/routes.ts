import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { signInLimit } from "../lib/rate-limit";
import { validate } from "../lib/validate";
import * as docs from "../openapi/docs/identity";
import { checkInitData } from "./init-data";
import { secret } from "./secrets";
import { issueSession } from "./session";
import { upsertUserStatement } from "./users";
import { recordConsentStatement } from "../notifications/settings";

const AuthBody = v.object({ initData: v.pipe(v.string(), v.minLength(1, "initData is required."), v.maxLength(8192)) });

export const identityRoutes = new Hono<AppEnv>().post(
  "/telegram",
  docs.signIn,
  signInLimit,
  validate("json", AuthBody),
  async (c) => {
    const { initData } = c.req.valid("json");
    const nowSeconds = Math.floor(Date.now() / 1000);
    const check = await checkInitData(initData, secret(c.env, "BOT_TOKEN"), nowSeconds);
    if (!check.ok) {
      const message =
        check.reason === "EXPIRED" ? "The init data is too old; reopen the app." : "The init data is not valid.";
      throw new AppError("UNAUTHENTICATED", 401, message);
    }
    const username = check.user.username?.trim();
    if (!username) throw new AppError("USERNAME_REQUIRED", 403, "Set a Telegram username to use the app.");

    // Whether the bot may write to him is what Telegram said this time (he may have revoked it).
    await c.env.DB.batch([
      upsertUserStatement(c.env.DB, { id: check.user.id, username, firstName: check.user.first_name ?? "" }),
      recordConsentStatement(c.env.DB, check.user.id, check.user.allows_write_to_pm === true),
    ]);
    const token = await issueSession({ userId: check.user.id, username }, secret(c.env, "JWT_SECRET"), nowSeconds);
    return c.json({ token, userId: check.user.id, username });
  },
);
