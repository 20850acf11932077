import { WebhookAnswer } from "./answers";
import { doc } from "../lib/route-doc";

export const webhook = doc({
  tag: "Telegram",
  summary: "The bot's webhook",
  description:
    "Telegram's updates to the bot: commands, pre-checkout queries and payments, inline queries, and presses on a price request's Accept and Decline (callback queries), each handled once. Answers 200 unless Telegram should deliver the update again.",
  answer: WebhookAnswer,
  caller: "telegram",
  errors: [["INTERNAL", 503]],
});
