import { Ok } from "../lib/answers";
import { doc } from "../lib/route-doc";

export const webhook = doc({
  tag: "Telegram",
  summary: "The bot's webhook",
  description:
    "Telegram's updates to the bot: commands, pre-checkout queries and payments, each handled once. Answers 200 unless Telegram should deliver the update again.",
  answer: Ok,
  caller: "telegram",
  errors: [["INTERNAL", 503]],
});
