import { bookmakerById } from "../bookmakers/queries";
import type { Env } from "../env";
import { callBotApi } from "./bot-api";
import { webAppUrl } from "./links";
import type { Message } from "./update";
import { markStarted } from "../notifications/settings";
import { en, say, words } from "../lib/words";
import { languageOfTag, type Language } from "../../common/languages";
import { languageIn, type LanguageRow } from "../identity/users";

// The bot's chat side: /start opens the mini-app (straight at a bookmaker's card with
// `bk_<id>`), /paysupport answers payment questions as Telegram's rules for Stars require. Each
// answer is in the sender's language: the one he chose in the app, else his Telegram app's.

/** `bk_<bookmakerId>`: the start parameter of a bookmaker's invite link (t.me/<bot>?start= or ?startapp=). */
export const BOOKMAKER_START = /^bk_([1-9]\d{0,15})$/;

export const PAY_SUPPORT_TEXT = en(
  "Payment support: write here what you bought, when, and what went wrong, and we will answer within 48 hours. Stars for a purchase that was not delivered are refunded. Settlements between a bookmaker and his punters happen outside the app; we take no part in them.",
);

const WELCOME_TEXT = en("Bookie connects on-land bookmakers with their punters. Tap the button to open the app.");

/** The sender's language: his choice in the app, else what his Telegram app says now, else the one kept. */
async function senderLanguage(env: Env, from: Message["from"]): Promise<Language> {
  if (!from) return "en";
  const row = await env.DB.prepare(`SELECT language, telegram_language FROM users WHERE id = ?1`)
    .bind(from.id)
    .first<LanguageRow>();
  return row?.language ?? languageOfTag(from.language_code) ?? languageIn(row ?? undefined);
}

const openAppKeyboard = (text: string, url: string) => ({ inline_keyboard: [[{ text, web_app: { url } }]] });

async function startReply(env: Env, language: Language, payload: string | undefined) {
  const id = payload && BOOKMAKER_START.exec(payload)?.[1];
  const book = id ? await bookmakerById(env.DB, Number(id)) : null;
  if (book) {
    const named = { book: book.name };
    return {
      text: say(language, words("{book} invites you to bet with his book. Open it and send a join request.", named)),
      reply_markup: openAppKeyboard(say(language, words("Open {book}", named)), webAppUrl(env, `bk_${book.id}`)),
    };
  }
  return {
    text: say(language, WELCOME_TEXT),
    reply_markup: openAppKeyboard(say(language, words("Open {book}", { book: "Bookie" })), webAppUrl(env)),
  };
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
  if (parsed.command !== "start" && parsed.command !== "paysupport") return;
  const language = await senderLanguage(env, message.from);
  if (parsed.command === "start") {
    // Starting the bot lets it write to him, and lifts a block he had put on it.
    if (message.from) await markStarted(env.DB, message.from.id);
    const reply = await startReply(env, language, parsed.payload);
    await callBotApi(env, "sendMessage", { chat_id: message.chat.id, ...reply });
  } else {
    await callBotApi(env, "sendMessage", { chat_id: message.chat.id, text: say(language, PAY_SUPPORT_TEXT) });
  }
}
