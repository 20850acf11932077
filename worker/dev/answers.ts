import * as v from "valibot";
import { Instant } from "../lib/wire";

// What dev/routes.ts answers (dev mode only).

export const DevPayment = v.object({
  invoiceId: v.string(),
  applied: v.pipe(v.boolean(), v.description("false: applied before.")),
});

export const DevInitData = v.object({ initData: v.string() });

export const Outbox = v.array(
  v.object({
    chatId: v.number(),
    messageId: v.pipe(v.number(), v.description("The message's id in its chat, as Telegram's sendMessage answers it.")),
    text: v.string(),
    button: v.pipe(
      v.nullable(v.object({ text: v.string(), url: v.string() })),
      v.description("The first of `buttons` that opens the mini-app, for clients that read one."),
    ),
    buttons: v.array(
      v.object({
        text: v.string(),
        url: v.optional(v.pipe(v.string(), v.description("Opens the mini-app."))),
        callbackData: v.optional(
          v.pipe(v.string(), v.description("Pressed through POST /dev/outbox/{messageId}/press, as Telegram would.")),
        ),
      }),
    ),
    editedAt: v.pipe(
      v.nullable(Instant),
      v.description("When the bot last edited the message (an answered price request)."),
    ),
    createdAt: Instant,
  }),
);

/** POST /dev/outbox/{messageId}/press: what the bot answered the press (answerCallbackQuery's text). */
export const DevPress = v.object({ text: v.string() });
