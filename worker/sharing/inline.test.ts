import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, signIn } from "../test/api";
import { draftBody, inHours, newEvent } from "../test/events";
import { fakeBotApi, freshUpdateId, sendUpdate, type FakeBotApi } from "../test/fake-telegram";
import { finalize } from "../test/multiples";
import { newBook, newPunter } from "../test/world";
import { send } from "../test/client";

// Inline mode (docs/decisions/telegram.md, "Inline mode"): "@<bot> text" in a chat, as Telegram
// delivers it to the webhook, answered with the open events of the user's books that match.

// The bot's username as the deployed config names it: getMe's answer is kept for the isolate's
// life, and another file's fake may have answered it first (the worker's files share one).
const BOT = "bookie_inline_bot";
const env = { BOT_USERNAME: BOT };

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
  bot.answer("answerInlineQuery", () => ({ body: { ok: true, result: true } }));
});
afterEach(() => bot.restore());

const inlineQuery = (userId: number, query: string) => ({
  inline_query: {
    id: `iq-${freshUpdateId()}`,
    from: { id: userId, is_bot: false, first_name: "Someone", language_code: "en" },
    query,
    offset: "",
    chat_type: "group",
  },
});

interface Article {
  type: string;
  id: string;
  title: string;
  description: string;
  input_message_content: { message_text: string };
  reply_markup: { inline_keyboard: { text: string; url: string }[][] };
}

/** Sends the query through the webhook and answers what the bot answered Telegram. */
async function ask(userId: number, query: string) {
  const update = inlineQuery(userId, query);
  expect((await sendUpdate(update, { env })).status).toBe(200);
  const answers = bot.of("answerInlineQuery");
  expect(answers).toHaveLength(1);
  const params = answers[0].params as {
    inline_query_id: string;
    results: Article[];
    is_personal: boolean;
    cache_time: number;
  };
  expect(params.inline_query_id).toBe(update.inline_query.id);
  expect(params.is_personal).toBe(true);
  expect(params.cache_time).toBeLessThanOrEqual(30);
  bot.calls.length = 0;
  return params.results;
}

describe("inline mode", () => {
  it("answers the open events of the user's books whose title or description holds the text, soonest first", async () => {
    const book = await newBook({ coins: 1000 });
    const other = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    const tag = `Q${freshUpdateId()}`;
    const later = await newEvent(book, {
      description: `Derby ${tag} later`,
      startDate: inHours(5),
      endDate: inHours(6),
      items: [
        ["Red Rum", 2],
        ["Shergar", 3],
        ["Arkle", 4],
        ["Kauto Star", 5],
      ],
    });
    const sooner = await newEvent(book, { description: `Derby ${tag} sooner`, startDate: inHours(2) });
    await newEvent(book, { description: "Another race" });
    const settled = await newEvent(book, { description: `Derby ${tag} settled` });
    await finalize(book, settled, [0]);
    const draft = await send("POST /drafts", {
      token: book.owner.token,
      body: draftBody(book, { description: `Derby ${tag} draft` }),
    });
    await newEvent(other, { description: `Derby ${tag} elsewhere` });

    const results = await ask(punter.userId, `derby ${tag.toLowerCase()}`);
    expect(results.map((r) => r.id)).toEqual([`ev-${sooner.id}`, `ev-${later.id}`]);
    expect(results.map((r) => r.id)).not.toContain(`ev-${draft.eventId}`);
    const [, card] = results;
    expect(card).toEqual({
      type: "article",
      id: `ev-${later.id}`,
      title: `Horse Racing / United Kingdom, Derby ${tag} later`,
      description: `Starts ${later.startDate.slice(0, 16).replace("T", " ")} UTC\nRed Rum 2 · Shergar 3 · Arkle 4`,
      input_message_content: {
        message_text: [
          `Horse Racing / United Kingdom, Derby ${tag} later`,
          `Starts ${later.startDate.slice(0, 16).replace("T", " ")} UTC`,
          "Red Rum 2 · Shergar 3 · Arkle 4",
        ].join("\n"),
      },
      reply_markup: {
        inline_keyboard: [[{ text: "Open the event", url: `https://t.me/${BOT}?startapp=ev_${later.id}` }]],
      },
    });

    // The bookmaker finds his own book's events; in his language.
    await json("PUT", "/me/language", { token: book.owner.token, body: { language: "fr" } });
    const own = await ask(book.owner.userId, tag);
    expect(own.map((r) => r.id)).toEqual([`ev-${sooner.id}`, `ev-${later.id}`]);
    expect(own[0].reply_markup.inline_keyboard[0][0].text).toBe("Ouvrir l’événement");
  });

  it("answers an empty list to an unknown user, a user in no book, and a text nothing matches", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    await newEvent(book, { description: "Gold Cup" });
    const outsider = await signIn("outsider");
    expect(await ask(987_654_321_000, "Gold Cup")).toEqual([]);
    expect(await ask(outsider.userId, "Gold Cup")).toEqual([]);
    expect(await ask(punter.userId, "nothing like it %_")).toEqual([]);
    expect((await ask(punter.userId, "gold cup")).length).toBeGreaterThan(0);
  });

  it("answers each inline query once, and only with the webhook secret", async () => {
    const book = await newBook();
    const update = { update_id: freshUpdateId(), ...inlineQuery(book.owner.userId, "") };
    expect((await sendUpdate(update, { secret: "nope" })).status).toBe(401);
    expect(bot.of("answerInlineQuery")).toHaveLength(0);
    await sendUpdate(update, { env });
    await sendUpdate(update, { env });
    expect(bot.of("answerInlineQuery")).toHaveLength(1);
  });
});
