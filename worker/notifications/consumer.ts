import type { Env } from "../env";
import { BotApiError, callBotApi } from "../telegram/bot-api";
import { webAppUrl } from "../telegram/links";
import { enqueue } from "./enqueue";
import type { BotMessage, FanOut, QueueMessage } from "./messages";
import { newEventMessages, settlementMessages, undoneMessages } from "./triggers";
import { keepMessage, usesDevOutbox, type SentButton } from "./outbox";
import { editCopies, keepCopy, stillWaiting } from "./price-request-messages";
import { canWrite, markBlocked, settingsOf, wants } from "./settings";

// The queue consumer: sends the bot's messages through the Bot API within Telegram's limits
// (about 30 messages/s overall, 1/s per chat). wrangler.toml runs one consumer at a time, so
// pacing here holds overall; Telegram's 429 covers what one isolate cannot see.

/** 25 messages/s at most, a margin under Telegram's 30. */
const GAP_MS = 40;
const PER_CHAT_MS = 1000;
/** A retry is never put off longer than this (Cloudflare takes up to 12 hours). */
const MAX_DELAY_S = 300;

let lastSentAt = 0;
const lastSentToChat = new Map<number, number>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds before try `attempts + 1` of a message Telegram failed: base, 2 × base, 4 × base… */
export function backoffSeconds(env: Env, attempts: number): number {
  const base = Number(env.BOT_RETRY_SECONDS ?? 2);
  return Math.min(MAX_DELAY_S, Math.round(base * 2 ** (attempts - 1)));
}

/**
 * Waits for this chat's and the bot's next free slot. The slot is taken before waiting, so two
 * batches consumed at once in this isolate (local queues do that under a backlog) queue up
 * rather than both take it.
 */
async function pace(chatId: number) {
  const now = Date.now();
  const at = Math.max(now, lastSentAt + GAP_MS, (lastSentToChat.get(chatId) ?? 0) + PER_CHAT_MS);
  lastSentAt = at;
  // Forget chats that are long quiet, so the map stays small.
  if (lastSentToChat.size > 10_000) lastSentToChat.clear();
  lastSentToChat.set(chatId, at);
  if (at > now) await sleep(at - now);
}

type Outcome = { done: true } | { done: false; delaySeconds: number; stopBatch?: boolean };

/** A message's buttons as sent: each opening the mini-app at its screen, or answered in the chat. */
export const sentButtons = (env: Env, message: Pick<BotMessage, "button" | "buttons">): SentButton[] =>
  (message.buttons ?? [message.button]).map((b) =>
    "startapp" in b
      ? { text: b.text, url: webAppUrl(env, b.startapp) }
      : { text: b.text, callbackData: b.callbackData },
  );

/** Buttons in one row, as Telegram's inline keyboard takes them. */
export const keyboard = (buttons: SentButton[]) => ({
  inline_keyboard: buttons.length
    ? [
        buttons.map((b) =>
          b.url ? { text: b.text, web_app: { url: b.url } } : { text: b.text, callback_data: b.callbackData },
        ),
      ]
    : [],
});

async function deliver(env: Env, message: BotMessage, attempts: number): Promise<Outcome> {
  const settings = await settingsOf(env.DB, message.userId);
  // A switch turned off, or no consent (or blocked) by the time it is sent: nothing to do.
  if (!canWrite(settings) || !wants(settings, message)) return { done: true };
  // A request answered before its message went out: its buttons would answer nothing.
  if (message.priceRequestId !== undefined && !(await stillWaiting(env.DB, message.priceRequestId)))
    return { done: true };
  const buttons = sentButtons(env, message);
  if (usesDevOutbox(env)) {
    const messageId = await keepMessage(env.DB, "OUTBOX", message.userId, message.text, buttons);
    if (message.priceRequestId !== undefined)
      await keepCopy(env.DB, message.priceRequestId, message.userId, message.userId, messageId);
    return { done: true };
  }
  await pace(message.userId);
  try {
    const sent = await callBotApi<{ message_id: number }>(env, "sendMessage", {
      chat_id: message.userId,
      text: message.text,
      reply_markup: keyboard(buttons),
    });
    if (message.priceRequestId !== undefined)
      await keepCopy(env.DB, message.priceRequestId, message.userId, message.userId, sent.message_id);
    return { done: true };
  } catch (err) {
    if (!(err instanceof BotApiError)) throw err;
    if (err.status === 429) {
      // Telegram says the bot is sending too fast: the rest of the batch waits as well.
      return { done: false, delaySeconds: Math.min(MAX_DELAY_S, Math.max(1, err.retryAfter ?? 1)), stopBatch: true };
    }
    if (err.retryable) {
      console.error(`${err.message}; try ${attempts}`);
      return { done: false, delaySeconds: backoffSeconds(env, attempts) };
    }
    // 403: he blocked the bot (or never started it); nothing more until he sends /start.
    if (err.status === 403) await markBlocked(env.DB, message.userId);
    else console.error(`${err.message}; message to ${message.userId} dropped`);
    return { done: true };
  }
}

/** One message per punter, put back on the queue to be sent like any other. */
async function fanOut(env: Env, job: FanOut): Promise<Outcome> {
  const messages =
    job.fanOut === "SETTLEMENT"
      ? await settlementMessages(env.DB, job.eventId, job.how, job.itemId)
      : job.fanOut === "UNDONE"
        ? await undoneMessages(env.DB, job.eventId)
        : await newEventMessages(env.DB, job.eventId);
  await enqueue(env, messages);
  return { done: true };
}

export async function consumeBotMessages(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
  let stoppedFor: number | null = null;
  for (const message of batch.messages) {
    const body = message.body;
    if (stoppedFor !== null && !("fanOut" in body) && !("edit" in body)) {
      message.retry({ delaySeconds: stoppedFor });
      continue;
    }
    let outcome: Outcome;
    try {
      outcome =
        "fanOut" in body
          ? await fanOut(env, body)
          : "edit" in body
            ? await editCopies(env, body.requestId)
            : await deliver(env, body, message.attempts);
    } catch (err) {
      // Our own failure (D1): try again later like a Telegram failure.
      console.error("bot message failed", err);
      outcome = { done: false, delaySeconds: backoffSeconds(env, message.attempts) };
    }
    if (outcome.done) message.ack();
    else {
      message.retry({ delaySeconds: outcome.delaySeconds });
      if (outcome.stopBatch) stoppedFor = outcome.delaySeconds;
    }
  }
}

/** Messages that failed 5 times: kept for a look rather than lost without a trace. */
export async function consumeDeadMessages(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const m = message.body;
    if ("edit" in m) {
      console.error(`edits of price request ${m.requestId} dead-lettered after 5 tries`);
      message.ack();
      continue;
    }
    if ("fanOut" in m) {
      console.error(`bot messages of ${m.fanOut} for event ${m.eventId} dead-lettered after 5 tries`);
      message.ack();
      continue;
    }
    console.error(`bot message to ${m.userId} dead-lettered after 5 tries`);
    await keepMessage(env.DB, "DEAD", m.userId, m.text, sentButtons(env, m));
    message.ack();
  }
}

export const DEAD_LETTER_QUEUE = "bookie-notifications-dead";

export const consumeQueue = (batch: MessageBatch<QueueMessage>, env: Env) =>
  batch.queue === DEAD_LETTER_QUEUE ? consumeDeadMessages(batch, env) : consumeBotMessages(batch, env);
