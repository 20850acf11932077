import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { signInLimit } from "../lib/rate-limit";
import { validate } from "../lib/validate";
import * as docs from "./docs";
import { checkInitData } from "./init-data";
import { secret } from "./secrets";
import { issueSession } from "./session";
import { requireUser } from "./require-user";
import { chooseLanguage, languageIn, unknownUser, upsertUserStatement, type LanguageRow } from "./users";
import { recordConsentStatement } from "../notifications/settings";
import { LANGUAGES, languageOfTag } from "../../common/languages";
import { en } from "../lib/words";

const AuthBody = v.object({
  initData: v.pipe(v.string(), v.minLength(1, en("initData is required.")), v.maxLength(8192)),
});

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
        check.reason === "EXPIRED"
          ? en("The init data is too old; reopen the app.")
          : en("The init data is not valid.");
      throw new AppError("UNAUTHENTICATED", 401, message);
    }
    const username = check.user.username?.trim();
    if (!username) throw new AppError("USERNAME_REQUIRED", 403, en("Set a Telegram username to use the app."));

    // Whether the bot may write to him, and in what language, is what Telegram said this time.
    const [user] = await c.env.DB.batch([
      upsertUserStatement(c.env.DB, {
        id: check.user.id,
        username,
        firstName: check.user.first_name ?? "",
        telegramLanguage: languageOfTag(check.user.language_code),
      }),
      recordConsentStatement(c.env.DB, check.user.id, check.user.allows_write_to_pm === true),
    ]);
    const token = await issueSession({ userId: check.user.id, username }, secret(c.env, "JWT_SECRET"), nowSeconds);
    const language = languageIn(user.results[0] as LanguageRow | undefined);
    return c.json({ token, userId: check.user.id, username, language });
  },
);

/** LANGUAGES written out, as a marked text is a literal (lib/marked-texts.test.ts holds it equal). */
export const LANGUAGES_MESSAGE = en("Must be one of en, es, pt-BR, ru, fr, tr, id, ar, or null.");

const LanguageBody = v.object({
  language: v.nullable(v.picklist(LANGUAGES, LANGUAGES_MESSAGE)),
});

/** The language he chose in Settings, or null for Telegram's again (docs/decisions/languages.md, "Languages"). */
export const languageRoutes = new Hono<AppEnv>().put(
  "/language",
  docs.language,
  requireUser,
  validate("json", LanguageBody),
  async (c) => {
    const row = await chooseLanguage(c.env.DB, c.get("user").userId, c.req.valid("json").language);
    if (!row) throw unknownUser();
    return c.json({ language: languageIn(row), telegram: row.telegram_language });
  },
);
