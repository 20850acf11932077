import { doc } from "../lib/route-doc";
import { DevInitData, DevPayment, DevPress, Outbox } from "./answers";

export const initData = doc({
  tag: "Dev",
  summary: "Init data for a made-up user",
  description:
    'Telegram init data signed with the configured bot token, for POST /auth/telegram outside Telegram. The same `username` is always the same user; `id` picks the Telegram id; without a username, sign-in is refused as it is for such a Telegram account; `language` is his Telegram app\'s language_code ("ru", "pt-br").',
  answer: DevInitData,
  caller: "public",
  devOnly: true,
  errors: ["MISCONFIGURED"],
});

export const outbox = doc({
  tag: "Dev",
  summary: "The bot's messages to a user",
  description:
    "What the bot would have sent the user with this id, oldest first, as it stands after the bot's edits: with the dev bot token, messages go here instead of Telegram. `messageId` names a message for a press on its callback buttons.",
  answer: Outbox,
  caller: "public",
  devOnly: true,
});

export const pay = doc({
  tag: "Dev",
  summary: "Pay an invoice",
  description:
    "Pays an invoice as Telegram would (pre-checkout, then the successful payment), through the same code; in dev mode the invoice link of POST /subscriptions/purchase points here. An invoice paid twice is applied once (`applied: false`).",
  answer: DevPayment,
  caller: "public",
  devOnly: true,
  errors: ["NOT_FOUND", "CONFLICT"],
});

export const press = doc({
  tag: "Dev",
  summary: "Press a button of a bot message",
  description:
    "Presses one of the message's callback buttons as its recipient would in Telegram: the press is delivered to the webhook as a callback_query update, through the same code. Answers the text the bot answered the press with (answerCallbackQuery's). 404 for a message not in the outbox; 400 for a button it does not carry.",
  answer: DevPress,
  caller: "public",
  devOnly: true,
  errors: ["NOT_FOUND"],
});
