import type { OutboxMessage } from "../contract";
import { isDevMode, type Env } from "../env";
import { nowIso } from "../lib/time";

// The dev outbox: with the dev bot token (scripts/dev-vars.mjs) no message goes to Telegram;
// it is kept in bot_messages so a browser in dev mode can show what each side would receive,
// press its buttons (POST /dev/outbox/{messageId}/press) and see the bot's edits. A message's row
// id is its message id, as Telegram's sendMessage would answer one.

/** The throwaway token of `npm run dev`; keep it equal to DEV_VARS.BOT_TOKEN. */
export const DEV_BOT_TOKEN = "123456:dev-bot-token-not-for-production";

export const usesDevOutbox = (env: Env) => isDevMode(env) && env.BOT_TOKEN === DEV_BOT_TOKEN;

/** A button as sent: one opening the mini-app (url), or one answered in the chat (callbackData). */
export interface SentButton {
  text: string;
  url?: string;
  callbackData?: string;
}

/** The first button that opens the mini-app, kept in `button` for a reader of one. */
const opening = (buttons: SentButton[]) => {
  const first = buttons.find((b) => b.url);
  return first ? { text: first.text, url: first.url! } : null;
};

/** Keeps a message that did not go to Telegram (the dev outbox, or a dead letter); answers its message id. */
export async function keepMessage(
  db: D1Database,
  kind: "OUTBOX" | "DEAD",
  userId: number,
  text: string,
  buttons: SentButton[],
): Promise<number> {
  const button = opening(buttons);
  const row = await db
    .prepare(
      `INSERT INTO bot_messages (user_id, chat_id, kind, text, button, buttons, created_at)
       VALUES (?1, ?1, ?2, ?3, ?4, ?5, ?6) RETURNING id`,
    )
    .bind(userId, kind, text, button ? JSON.stringify(button) : null, JSON.stringify(buttons), nowIso())
    .first<{ id: number }>();
  return row!.id;
}

/** The bot edits a kept message, as editMessageText would (its buttons replaced). */
export const editKept = (db: D1Database, messageId: number, text: string, buttons: SentButton[]) =>
  db
    .prepare(`UPDATE bot_messages SET text = ?2, button = ?3, buttons = ?4, edited_at = ?5 WHERE id = ?1`)
    .bind(messageId, text, JSON.stringify(opening(buttons)), JSON.stringify(buttons), nowIso())
    .run();

interface KeptRow {
  id: number;
  user_id: number;
  chat_id: number;
  text: string;
  button: string | null;
  buttons: string | null;
  edited_at: string | null;
  created_at: string;
}

const toOutbox = (r: KeptRow): OutboxMessage => {
  const button = r.button ? (JSON.parse(r.button) as { text: string; url: string } | null) : null;
  return {
    chatId: r.chat_id,
    messageId: r.id,
    text: r.text,
    button,
    // Rows kept before buttons were: their one button.
    buttons: r.buttons ? (JSON.parse(r.buttons) as SentButton[]) : button ? [button] : [],
    editedAt: r.edited_at,
    createdAt: r.created_at,
  };
};

export async function outboxOf(db: D1Database, userId: number): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(`SELECT * FROM bot_messages WHERE user_id = ?1 AND kind = 'OUTBOX' ORDER BY id LIMIT 200`)
    .bind(userId)
    .all<KeptRow>();
  return results.map(toOutbox);
}

/** One message of the dev outbox, with its recipient, or null. */
export async function keptMessage(db: D1Database, messageId: number) {
  const row = await db
    .prepare(`SELECT * FROM bot_messages WHERE id = ?1 AND kind = 'OUTBOX'`)
    .bind(messageId)
    .first<KeptRow>();
  return row && { userId: row.user_id, message: toOutbox(row) };
}
