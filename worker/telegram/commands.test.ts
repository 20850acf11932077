import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newBook } from "../test/world";
import { commandUpdate, fakeBotApi, firstButton, sendUpdate, type FakeBotApi } from "../test/fake-telegram";
import { PAY_SUPPORT_TEXT } from "./commands";

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
});
afterEach(() => bot.restore());

const CHAT = 5_550_001;

describe("the bot", () => {
  it("answers /start with a button that opens the mini-app", async () => {
    expect((await sendUpdate(commandUpdate(CHAT, "/start"))).status).toBe(200);
    const [sent] = bot.of("sendMessage");
    expect(sent.params.chat_id).toBe(CHAT);
    expect(firstButton(sent.params)).toEqual({ text: "Open Bookie", web_app: { url: `${env.WEB_ORIGIN}/` } });
  });

  it("answers /start bk_<id> with a button that opens that bookmaker's card", async () => {
    const book = await newBook();
    await sendUpdate(commandUpdate(CHAT, `/start bk_${book.bookmakerId}`));
    const [sent] = bot.of("sendMessage");
    expect(sent.params.text).toContain(book.name);
    expect(firstButton(sent.params).web_app.url).toBe(`${env.WEB_ORIGIN}/?startapp=bk_${book.bookmakerId}`);
  });

  it("falls back to the plain welcome for an unknown or malformed start parameter", async () => {
    for (const text of ["/start bk_999999999", "/start bk_abc", "/start@BookieBot hello"]) {
      await sendUpdate(commandUpdate(CHAT, text));
    }
    expect(bot.of("sendMessage").map((m) => firstButton(m.params).web_app.url)).toEqual(
      Array(3).fill(`${env.WEB_ORIGIN}/`),
    );
  });

  it("answers /paysupport with how to get help with a payment", async () => {
    await sendUpdate(commandUpdate(CHAT, "/paysupport"));
    expect(bot.of("sendMessage")[0].params).toEqual({ chat_id: CHAT, text: PAY_SUPPORT_TEXT });
  });

  it("stays silent on other text and in group chats", async () => {
    await sendUpdate(commandUpdate(CHAT, "hello"));
    await sendUpdate(commandUpdate(-CHAT, "/start", "group"));
    expect(bot.calls).toHaveLength(0);
  });

  it("acknowledges a user who blocked the bot, and asks again when Telegram is down", async () => {
    bot.answer("sendMessage", () => ({
      status: 403,
      body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" },
    }));
    expect((await sendUpdate(commandUpdate(CHAT, "/start"))).status).toBe(200);
    bot.answer("sendMessage", () => ({
      status: 429,
      body: { ok: false, error_code: 429, description: "Too Many Requests" },
    }));
    expect((await sendUpdate(commandUpdate(CHAT, "/start"))).status).toBe(503);
  });

  it("refuses commands without the webhook secret", async () => {
    expect((await sendUpdate(commandUpdate(CHAT, "/start"), { secret: "nope" })).status).toBe(401);
    expect(bot.calls).toHaveLength(0);
  });
});
