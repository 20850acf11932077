import type { OutboxMessage } from "../contract";
import { isDevMode, type Env } from "../env";
import { nowIso } from "../lib/time";

// The dev outbox: with the dev bot token (scripts/dev-vars.mjs) no message goes to Telegram;
// it is kept in bot_messages so a browser in dev mode can show what each side would receive.

/** The throwaway token of `npm run dev`; keep it equal to DEV_VARS.BOT_TOKEN. */
export const DEV_BOT_TOKEN = "123456:dev-bot-token-not-for-production";

export const usesDevOutbox = (env: Env) => isDevMode(env) && env.BOT_TOKEN === DEV_BOT_TOKEN;

export interface SentButton {
  text: string;
  url: string;
}

/** Keeps a message that did not go to Telegram: the dev outbox, or a dead letter. */
export const keepMessage = (
  db: D1Database,
  kind: "OUTBOX" | "DEAD",
  userId: number,
  text: string,
  button: SentButton | null,
) =>
  db
    .prepare(
      `INSERT INTO bot_messages (user_id, chat_id, kind, text, button, created_at) VALUES (?1, ?1, ?2, ?3, ?4, ?5)`,
    )
    .bind(userId, kind, text, button ? JSON.stringify(button) : null, nowIso())
    .run();

export async function outboxOf(db: D1Database, userId: number): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(
      `SELECT chat_id, text, button, created_at FROM bot_messages WHERE user_id = ?1 AND kind = 'OUTBOX' ORDER BY id LIMIT 200`,
    )
    .bind(userId)
    .all<{ chat_id: number; text: string; button: string | null; created_at: string }>();
  return results.map((r) => ({
    chatId: r.chat_id,
    text: r.text,
    button: r.button ? (JSON.parse(r.button) as SentButton) : null,
    createdAt: r.created_at,
  }));
}
