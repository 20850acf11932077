import { bookmakerById } from "../bookmakers/queries";
import type { Env } from "../env";
import { callBotApi } from "./bot-api";
import { webAppUrl } from "./links";
import type { Message } from "./update";
import { markStarted } from "../notifications/settings";

// The bot's chat side: /start opens the mini-app (straight at a bookmaker's card with
// `bk_<id>`), /paysupport answers payment questions as Telegram's rules for Stars require.

/** `bk_<bookmakerId>`: the start parameter of a bookmaker's invite link (t.me/<bot>?start= or ?startapp=). */
export const BOOKMAKER_START = /^bk_([1-9]\d{0,15})$/;

export const PAY_SUPPORT_TEXT =
  "Payment support: write here what you bought, when, and what went wrong, and we will answer within 48 hours. " +
  "Stars for a purchase that was not delivered are refunded. " +
  "Settlements between a bookmaker and his punters happen outside the app; we take no part in them.";

const WELCOME_TEXT = "Bookie connects on-land bookmakers with their punters. Tap the button to open the app.";

const openAppKeyboard = (text: string, url: string) => ({ inline_keyboard: [[{ text, web_app: { url } }]] });

async function startReply(env: Env, payload: string | undefined) {
  const id = payload && BOOKMAKER_START.exec(payload)?.[1];
  const book = id ? await bookmakerById(env.DB, Number(id)) : null;
  if (book) {
    return {
      text: `${book.name} invites you to bet with his book. Open it and send a join request.`,
      reply_markup: openAppKeyboard(`Open ${book.name}`, webAppUrl(env, `bk_${book.id}`)),
    };
  }
  return { text: WELCOME_TEXT, reply_markup: openAppKeyboard("Open Bookie", webAppUrl(env)) };
}

/** `/command@botname payload` → command and payload. */
export function parseCommand(text: string): { command: string; payload?: string } | null {
  const match = /^\/([A-Za-z0-9_]+)(?:@[A-Za-z0-9_]+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  return match ? { command: match[1].toLowerCase(), payload: match[2]?.trim() || undefined } : null;
}

/** Answers a command in a private chat; anything else is left alone. */
export async function answerCommand(env: Env, message: Message): Promise<void> {
  const parsed = message.text && message.chat.type === "private" ? parseCommand(message.text) : null;
  if (!parsed) return;
  if (parsed.command === "start") {
    // Starting the bot lets it write to him, and lifts a block he had put on it.
    if (message.from) await markStarted(env.DB, message.from.id);
    await callBotApi(env, "sendMessage", { chat_id: message.chat.id, ...(await startReply(env, parsed.payload)) });
  } else if (parsed.command === "paysupport") {
    await callBotApi(env, "sendMessage", { chat_id: message.chat.id, text: PAY_SUPPORT_TEXT });
  }
}
