import { Hono } from "hono";
import type { SharedCard } from "../contract";
import type { AppEnv, Env } from "../env";
import { requireUser } from "../identity/require-user";
import { AppError, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { en } from "../lib/words";
import { BotApiError, callBotApi } from "../telegram/bot-api";
import { botUsername, startAppLink } from "../telegram/links";
import { betCard, inviteCard, multipleCard, resultCard, type Card } from "./cards";
import * as docs from "./docs";
import { readerLanguage, sharedBet, sharedBook, sharedMultiple, sharedResult } from "./queries";
import { ShareBody, type ShareKind } from "./schemas";

// POST /share (docs/decisions/telegram.md, "Sharing"): the caller's bet, multiple, a settled event
// of his book or the book itself as a card the bot keeps for him (savePreparedInlineMessage); the
// mini-app hands its id to Telegram.WebApp.shareMessage. Nothing is written on our side.

const SETTLED = ["CALCULATED", "CANCELLED", "ABANDONED"];

const TELEGRAM_FAILED = en("Telegram did not prepare the message. Please try again.");

/** The card of what the caller shares, in his language; 404 when it is not his to share. */
async function cardOf(db: D1Database, userId: number, kind: ShareKind, id: number): Promise<Card> {
  const language = await readerLanguage(db, userId);
  switch (kind) {
    case "BET": {
      const bet = await sharedBet(db, userId, id);
      if (!bet) throw notFound(en("Bet not found."));
      return betCard(language, bet);
    }
    case "MULTIPLE": {
      const multiple = await sharedMultiple(db, userId, id);
      if (!multiple) throw notFound(en("Multiple not found."));
      return multipleCard(language, multiple);
    }
    case "RESULT": {
      const result = await sharedResult(db, userId, id);
      if (!result) throw notFound(en("Event not found."));
      if (!SETTLED.includes(result.status))
        throw new AppError("EVENT_NOT_SETTLED", 409, en("This event has no result yet."));
      return resultCard(language, result);
    }
    case "INVITE": {
      const book = await sharedBook(db, userId, id);
      if (!book) throw notFound(en("Bookmaker not found."));
      return inviteCard(language, book);
    }
  }
}

interface PreparedInlineMessage {
  id: string;
  expiration_date: number;
}

/** The card kept by Telegram for `userId` to send to any chat; 502 when Telegram will not. */
async function prepare(env: Env, userId: number, resultId: string, card: Card): Promise<SharedCard> {
  const username = await botUsername(env);
  if (!username) throw new AppError("TELEGRAM_UNAVAILABLE", 502, TELEGRAM_FAILED);
  const button = { text: card.button.text, url: startAppLink(username, card.button.startapp) };
  let prepared: PreparedInlineMessage;
  try {
    prepared = await callBotApi<PreparedInlineMessage>(env, "savePreparedInlineMessage", {
      user_id: userId,
      result: {
        type: "article",
        id: resultId,
        title: card.button.text,
        input_message_content: { message_text: card.text },
        reply_markup: { inline_keyboard: [[button]] },
      },
      allow_user_chats: true,
      allow_bot_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
    });
  } catch (err) {
    if (!(err instanceof BotApiError)) throw err;
    console.error(err.message);
    throw new AppError("TELEGRAM_UNAVAILABLE", 502, TELEGRAM_FAILED);
  }
  if (typeof prepared.id !== "string" || !prepared.id) throw new AppError("TELEGRAM_UNAVAILABLE", 502, TELEGRAM_FAILED);
  return { preparedMessageId: prepared.id, text: card.text, buttons: [button] };
}

export const shareRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", docs.share, validate("json", ShareBody), async (c) => {
    const { kind, id } = c.req.valid("json");
    const { userId } = c.get("user");
    const card = await cardOf(c.env.DB, userId, kind, id);
    return c.json(await prepare(c.env, userId, `${kind.toLowerCase()}-${id}`, card));
  });
