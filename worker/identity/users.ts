import { AppError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { DEFAULT_LANGUAGE, type Language } from "../../common/languages";
import { SESSION_INVALID } from "../../common/refusals";

export interface UserRow {
  id: number;
  username: string;
  first_name: string;
}

/**
 * Creates the user on first sign-in, and keeps his username and Telegram's language current
 * afterwards; answers the language he chose (null: Telegram's) and Telegram's, as one of ours.
 */
export function upsertUserStatement(
  db: D1Database,
  user: { id: number; username: string; firstName: string; telegramLanguage: Language | null },
) {
  const now = nowIso();
  return db
    .prepare(
      `INSERT INTO users (id, username, first_name, created_at, updated_at, telegram_language)
       VALUES (?1, ?2, ?3, ?4, ?4, ?5)
       ON CONFLICT (id) DO UPDATE SET username = excluded.username, first_name = excluded.first_name,
         updated_at = excluded.updated_at, telegram_language = excluded.telegram_language
       RETURNING language, telegram_language`,
    )
    .bind(user.id, user.username, user.firstName, now, user.telegramLanguage);
}

/** A user's languages as D1 keeps them. */
export interface LanguageRow {
  language: Language | null;
  telegram_language: Language | null;
}

/** The language he reads: the one he chose, else Telegram's, else English (docs/decisions/languages.md, "Languages"). */
export const languageIn = (row: LanguageRow | undefined): Language =>
  row?.language ?? row?.telegram_language ?? DEFAULT_LANGUAGE;

/** Sets the language he chose (null: Telegram's again); answers his languages, or undefined without a row. */
export const chooseLanguage = (db: D1Database, userId: number, language: Language | null) =>
  db
    .prepare(`UPDATE users SET language = ?2, updated_at = ?3 WHERE id = ?1 RETURNING language, telegram_language`)
    .bind(userId, language, nowIso())
    .first<LanguageRow>();

/**
 * A session whose user has no row: the token is ours, but no sign-in ever created the user
 * (a token minted by hand with the secret, or a database that was reset). Answered like any
 * other session we cannot use.
 */
export const unknownUser = () => new AppError("UNAUTHENTICATED", 401, SESSION_INVALID);

export async function userExists(db: D1Database, userId: number): Promise<boolean> {
  return (await db.prepare(`SELECT 1 AS x FROM users WHERE id = ?1`).bind(userId).first()) !== null;
}

const isForeignKeyFailure = (err: unknown) =>
  err instanceof Error && /FOREIGN KEY constraint failed/i.test(err.message);

/**
 * Runs a write that references the caller's user row. Sessions are checked by signature only
 * (no read per request, so polls stay cheap); when such a write then fails on a foreign key
 * and the caller has no row, the answer is 401, not 500. Costs a read only on that failure.
 */
export async function asKnownUser<T>(db: D1Database, userId: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyFailure(err) && !(await userExists(db, userId))) throw unknownUser();
    throw err;
  }
}
