import type { Language } from "../../common/languages";
import type { Env } from "../env";
import { languageIn, type LanguageRow } from "../identity/users";
import { AppError } from "../lib/errors";
import { say, words } from "../lib/words";
import { enqueue } from "../notifications/enqueue";
import { usesDevOutbox } from "../notifications/outbox";
import { parseAnswerData, standingText } from "../notifications/price-request-messages";
import { callBotApi } from "../telegram/bot-api";
import { answerRequest } from "./answering";
import { changedNotices } from "./notify";

// A press on Accept or Decline in the bot's message (docs/rules/price-requests.md), delivered
// by the webhook as a callback_query. The presser is checked by his Telegram id (a user's id
// here) as the book's owner or a manager; whoever he is, the press is answered
// (answerCallbackQuery), since Telegram shows a spinner until it is, and a press that cannot
// answer the request changes nothing and says why.

export interface Press {
  /** The callback query's id, for answerCallbackQuery. */
  id: string;
  fromId: number;
  data: string;
}

const languageOf = async (db: D1Database, userId: number): Promise<Language> =>
  languageIn(
    (await db
      .prepare(`SELECT language, telegram_language FROM users WHERE id = ?1`)
      .bind(userId)
      .first<LanguageRow>()) ?? undefined,
  );

/** What the press did, in the presser's words. */
async function pressed(env: Env, press: Press, language: Language): Promise<string> {
  const parsed = parseAnswerData(press.data);
  if (!parsed) return say(language, words("This button no longer does anything."));
  let answered;
  try {
    answered = await answerRequest(env.DB, press.fromId, parsed.requestId, { action: parsed.action });
  } catch (err) {
    // Not the book's owner or a manager (a clerk, a punter, a stranger): his refusal, nothing changed.
    if (err instanceof AppError && err.status < 500) return say(language, err.words);
    throw err;
  }
  await enqueue(env, await changedNotices(env.DB, answered.changed));
  if ("refusal" in answered) return standingText(env.DB, parsed.requestId, language);
  return say(
    language,
    parsed.action === "ACCEPT"
      ? words("Offered to @{username}: 60 seconds to take it.", { username: answered.request.username })
      : words("Declined."),
  );
}

/** Answers the press, and the callback query; answers the text the presser is shown. */
export async function answerPress(env: Env, press: Press): Promise<string> {
  const text = await pressed(env, press, await languageOf(env.DB, press.fromId));
  // The dev outbox has no Telegram to answer: the Bot messages tab shows the text instead.
  if (!usesDevOutbox(env)) await callBotApi(env, "answerCallbackQuery", { callback_query_id: press.id, text });
  return text;
}
