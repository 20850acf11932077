/* eslint-disable no-restricted-syntax -- Telegram's servers send updates and read these messages, not a user */
import * as v from "valibot";

// The parts of a Telegram Update the bot reads (https://core.telegram.org/bots/api#update);
// every other field, and every other kind of update, passes untouched.

const TelegramId = v.pipe(v.number("Must be an integer."), v.safeInteger("Must be an integer."));

const User = v.object({ id: TelegramId, username: v.optional(v.string()), language_code: v.optional(v.string()) });

const SuccessfulPayment = v.object({
  currency: v.string(),
  total_amount: v.pipe(v.number(), v.safeInteger()),
  invoice_payload: v.string(),
  telegram_payment_charge_id: v.pipe(v.string(), v.minLength(1, "A charge id is required.")),
  subscription_expiration_date: v.optional(TelegramId),
  is_recurring: v.optional(v.boolean()),
  is_first_recurring: v.optional(v.boolean()),
});

const Message = v.object({
  message_id: TelegramId,
  from: v.optional(User),
  chat: v.object({ id: TelegramId, type: v.string() }),
  text: v.optional(v.string()),
  successful_payment: v.optional(SuccessfulPayment),
  /** The user granted write access (from the mini-app's requestWriteAccess, among others). */
  write_access_allowed: v.optional(v.object({})),
});

const PreCheckoutQuery = v.object({
  id: v.string(),
  from: User,
  currency: v.string(),
  total_amount: v.pipe(v.number(), v.safeInteger()),
  invoice_payload: v.string(),
});

/** "@<bot> text" typed in a chat (inline mode). */
const InlineQuery = v.object({
  id: v.string(),
  from: User,
  query: v.string(),
  offset: v.optional(v.string()),
  chat_type: v.optional(v.string()),
});

/** A press on a message's callback button (a price request's Accept or Decline). */
const CallbackQuery = v.object({
  id: v.string(),
  from: User,
  data: v.optional(v.string()),
  message: v.optional(v.object({ message_id: TelegramId, chat: v.object({ id: TelegramId, type: v.string() }) })),
});

export const Update = v.object({
  update_id: v.pipe(TelegramId, v.minValue(0, "Must be 0 or more.")),
  message: v.optional(Message),
  pre_checkout_query: v.optional(PreCheckoutQuery),
  inline_query: v.optional(InlineQuery),
  callback_query: v.optional(CallbackQuery),
});

export type Update = v.InferOutput<typeof Update>;
export type Message = v.InferOutput<typeof Message>;
export type PreCheckoutQuery = v.InferOutput<typeof PreCheckoutQuery>;
export type CallbackQuery = v.InferOutput<typeof CallbackQuery>;
