import { decimalText } from "../../common/odds";
import type { Language } from "../../common/languages";
import { say, words } from "../lib/words";
import { coins, eventName, startFor, startsAt, type BotMessage } from "./messages";
import { languagesOf } from "./triggers";
import { editKept, usesDevOutbox, type SentButton } from "./outbox";
import type { Env } from "../env";
import { BotApiError, callBotApi } from "../telegram/bot-api";

// A price request's bot messages (docs/rules/price-requests.md): to the owner and each manager
// when it is asked, with Accept, Counter and Decline; edited on every copy once it is answered
// or expires, to say who answered what; to the punter when the book answers or it expires.

/** callback_data of a request's buttons: `pr:<id>:A` accepts, `pr:<id>:D` declines. */
export const answerData = (requestId: number, action: "ACCEPT" | "DECLINE") =>
  `pr:${requestId}:${action === "ACCEPT" ? "A" : "D"}`;

export function parseAnswerData(data: string): { requestId: number; action: "ACCEPT" | "DECLINE" } | null {
  const match = /^pr:([1-9]\d{0,15}):([AD])$/.exec(data);
  return match ? { requestId: Number(match[1]), action: match[2] === "A" ? "ACCEPT" : "DECLINE" } : null;
}

/** What the messages say of a request, in one read. */
interface Facts {
  id: number;
  status: "PENDING" | "OFFERED" | "DECLINED" | "TAKEN" | "EXPIRED";
  user_id: number;
  punter: string;
  stake_cents: number;
  odds_num: number;
  odds_den: number;
  each_way: number;
  offer_stake_cents: number | null;
  offer_num: number | null;
  offer_den: number | null;
  answerer: string | null;
  outcome: string;
  event_id: number;
  title: string;
  description: string;
  start_date: string;
  owner_id: number;
  max_stake_cents: number | null;
}

const factsOf = (db: D1Database, requestId: number) =>
  db
    .prepare(
      `SELECT r.id, r.status, r.user_id, pu.username AS punter, r.stake_cents, r.odds_num, r.odds_den, r.each_way,
         r.offer_stake_cents, r.offer_num, r.offer_den, an.username AS answerer, i.title AS outcome,
         e.id AS event_id, e.title, e.description, e.start_date, bk.owner_id,
         COALESCE(m.max_stake_cents, bk.max_stake_cents) AS max_stake_cents
       FROM price_requests r JOIN users pu ON pu.id = r.user_id LEFT JOIN users an ON an.id = r.answered_by
       JOIN event_items i ON i.id = r.item_id JOIN events e ON e.id = r.event_id
       JOIN bookmakers bk ON bk.id = r.bookmaker_id
       LEFT JOIN memberships m ON m.bookmaker_id = r.bookmaker_id AND m.user_id = r.user_id
       WHERE r.id = ?1`,
    )
    .bind(requestId)
    .first<Facts>();

/** A stake as asked or offered: "50.00", or "50.00 each way". */
const stakeText = (language: Language, cents: number, eachWay: boolean) =>
  eachWay ? say(language, words("{stake} each way", { stake: coins(cents, language) })) : coins(cents, language);

const oddsText = (num: number, den: number) => String(decimalText({ num, den }));

/** The request as the book reads it: who asks what, where, and his limit. */
function askedText(language: Language, f: Facts): string {
  return say(
    language,
    words("@{username} asks for {stake} at {odds} on {outcome}, {event} ({start}). His max stake: {max}.", {
      username: f.punter,
      stake: stakeText(language, f.stake_cents, f.each_way === 1),
      odds: oddsText(f.odds_num, f.odds_den),
      outcome: f.outcome,
      event: eventName(language, f),
      start: startsAt(language, f.start_date),
      max: f.max_stake_cents === null ? say(language, words("none")) : coins(f.max_stake_cents, language),
    }),
  );
}

/** How it ended, as every copy of the book's message says once it is answered or expires. */
function endText(language: Language, f: Facts): string {
  const by = f.answerer ?? "";
  if (f.status === "DECLINED") return say(language, words("Declined by @{username}.", { username: by }));
  if (f.status === "EXPIRED" && f.answerer === null) return say(language, words("Expired: nobody answered in time."));
  const offer = {
    username: by,
    stake: stakeText(language, f.offer_stake_cents ?? f.stake_cents, f.each_way === 1),
    odds: oddsText(f.offer_num ?? f.odds_num, f.offer_den ?? f.odds_den),
  };
  const offered = say(language, words("@{username} offered {stake} at {odds}.", offer));
  if (f.status === "TAKEN") return `${offered} ${say(language, words("Taken."))}`;
  if (f.status === "EXPIRED") return `${offered} ${say(language, words("Not taken in time."))}`;
  return offered;
}

/** The owner's and each manager's message, with Accept, Counter (in the mini-app) and Decline. */
export async function askedMessages(db: D1Database, requestId: number): Promise<BotMessage[]> {
  const f = await factsOf(db, requestId);
  if (!f) return [];
  const { results } = await db
    .prepare(
      `SELECT user_id FROM staff WHERE bookmaker_id = (SELECT bookmaker_id FROM price_requests WHERE id = ?1) AND role = 'MANAGER'`,
    )
    .bind(requestId)
    .all<{ user_id: number }>();
  const recipients = [f.owner_id, ...results.map((r) => r.user_id)];
  const languageOf = await languagesOf(db, recipients);
  return recipients.map((userId) => {
    const language = languageOf(userId);
    const open = { text: say(language, words("Counter")), startapp: startFor.priceRequest(f.id) };
    return {
      userId,
      topic: "PRICE_REQUESTS",
      text: askedText(language, f),
      button: open,
      buttons: [
        { text: say(language, words("Accept")), callbackData: answerData(f.id, "ACCEPT") },
        open,
        { text: say(language, words("Decline")), callbackData: answerData(f.id, "DECLINE") },
      ],
      priceRequestId: f.id,
    };
  });
}

/** The punter's message: the book's offer (60 s to take it), its decline, or its expiry. */
export async function punterMessages(db: D1Database, requestId: number): Promise<BotMessage[]> {
  const f = await factsOf(db, requestId);
  if (!f || f.status === "PENDING" || f.status === "TAKEN") return [];
  const language = (await languagesOf(db, [f.user_id]))(f.user_id);
  const where = { outcome: f.outcome, event: eventName(language, f) };
  const text =
    f.status === "OFFERED"
      ? words("Your bookmaker offers {stake} at {odds} on {outcome}, {event}. Take it within 60 seconds.", {
          ...where,
          stake: stakeText(language, f.offer_stake_cents!, f.each_way === 1),
          odds: oddsText(f.offer_num!, f.offer_den!),
        })
      : f.status === "DECLINED"
        ? words("Your bookmaker declined your request on {outcome}, {event}.", where)
        : f.answerer === null
          ? words("Your request on {outcome}, {event} expired unanswered.", where)
          : words("The offer on {outcome}, {event} expired.", where);
  return [
    {
      userId: f.user_id,
      topic: "PRICE_REQUESTS",
      text: say(language, text),
      button: { text: say(language, words("Open the event")), startapp: startFor.punterEvent(f.event_id) },
    },
  ];
}

/** Keeps the id of a request's message to one of the book, to edit it later. */
export const keepCopy = (db: D1Database, requestId: number, userId: number, chatId: number, messageId: number) =>
  db
    .prepare(
      `INSERT INTO price_request_messages (request_id, user_id, chat_id, message_id) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (request_id, user_id) DO UPDATE SET chat_id = excluded.chat_id, message_id = excluded.message_id`,
    )
    .bind(requestId, userId, chatId, messageId)
    .run();

/** Still waiting for the book's answer. */
export const stillWaiting = async (db: D1Database, requestId: number) =>
  (await db.prepare(`SELECT status FROM price_requests WHERE id = ?1`).bind(requestId).first<{ status: string }>())
    ?.status === "PENDING";

/**
 * Every copy of the book's message, edited to say how the request stands (its buttons gone once
 * answered). Telegram's "message is not modified" is an edit already made: done.
 */
export async function editCopies(env: Env, requestId: number): Promise<{ done: true }> {
  const f = await factsOf(env.DB, requestId);
  if (!f) return { done: true };
  const { results: copies } = await env.DB.prepare(
    `SELECT user_id, chat_id, message_id FROM price_request_messages WHERE request_id = ?1`,
  )
    .bind(requestId)
    .all<{ user_id: number; chat_id: number; message_id: number }>();
  const languageOf = await languagesOf(
    env.DB,
    copies.map((c) => c.user_id),
  );
  for (const copy of copies) {
    const language = languageOf(copy.user_id);
    const text = `${askedText(language, f)}\n\n${endText(language, f)}`;
    const buttons: SentButton[] = [];
    if (usesDevOutbox(env)) {
      await editKept(env.DB, copy.message_id, text, buttons);
      continue;
    }
    try {
      await callBotApi(env, "editMessageText", {
        chat_id: copy.chat_id,
        message_id: copy.message_id,
        text,
        reply_markup: { inline_keyboard: [] },
      });
    } catch (err) {
      // Edited already (a retry), or deleted by its reader: nothing left to do for this copy.
      if (err instanceof BotApiError && !err.retryable) console.error(`${err.message}; copy left as it was`);
      else throw err;
    }
  }
  return { done: true };
}

/** The end of a request as the presser of a stale button reads it (answerCallbackQuery). */
export async function standingText(db: D1Database, requestId: number, language: Language): Promise<string> {
  const f = await factsOf(db, requestId);
  if (!f) return say(language, words("This request is no longer open."));
  return f.status === "PENDING" ? askedText(language, f) : endText(language, f);
}
