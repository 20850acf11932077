import type { Env } from "../env";
import { callBotApi } from "../telegram/bot-api";
import { botUsername, startAppLink } from "../telegram/links";
import { eventCard } from "./cards";
import { openEventsMatching, readerLanguage } from "./queries";

// Inline mode (docs/decisions/telegram.md, "Inline mode"): "@<bot> text" in any chat answers the
// events taking bets of the books the user is in whose title or description holds the text, each
// a card with its start, its first three prices and a button opening it. Answers are the user's
// own (is_personal) and kept by Telegram for a few seconds only, since prices move.

/** How long Telegram may keep an answer, in seconds. */
export const INLINE_CACHE_SECONDS = 10;

/** The longest text inline mode looks for; Telegram sends at most 256 characters. */
const MAX_QUERY = 64;

/** Answers an inline query: the matching events, or an empty list (an unknown user, no match). */
export async function answerInlineQuery(env: Env, query: { id: string; from: { id: number }; query: string }) {
  const text = query.query.trim().slice(0, MAX_QUERY);
  const [events, username] = await Promise.all([openEventsMatching(env.DB, query.from.id, text), botUsername(env)]);
  const language = events.length > 0 ? await readerLanguage(env.DB, query.from.id) : "en";
  const results = username
    ? events.map((event) => {
        const card = eventCard(language, event);
        return {
          type: "article",
          id: `ev-${event.id}`,
          title: card.title,
          description: card.description,
          input_message_content: { message_text: card.text },
          reply_markup: {
            inline_keyboard: [[{ text: card.button.text, url: startAppLink(username, card.button.startapp) }]],
          },
        };
      })
    : [];
  await callBotApi(env, "answerInlineQuery", {
    inline_query_id: query.id,
    results,
    is_personal: true,
    cache_time: INLINE_CACHE_SECONDS,
  });
}
