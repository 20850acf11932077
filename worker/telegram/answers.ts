import * as v from "valibot";

// What telegram/webhook.ts answers Telegram.

export const WebhookAnswer = v.object({
  ok: v.literal(true),
  callbackAnswer: v.optional(
    v.pipe(
      v.string(),
      v.description(
        "A button's press: the text the bot answered it with (answerCallbackQuery), which the dev Bot messages tab shows.",
      ),
    ),
  ),
});
