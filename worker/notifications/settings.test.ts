import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ErrorBody, NotificationSettings } from "../contract";
import worker from "../index";
import type { Env } from "../env";
import { call, json, signIn } from "../test/api";
import { newBook, newPunter } from "../test/world";
import { fakeBotApi, freshUpdateId, sendUpdate, type FakeBotApi } from "../test/fake-telegram";
import { received, settle, textsTo } from "../test/notify-test-kit";
import type { BotMessage } from "./messages";
import { DEV_BOT_TOKEN } from "./outbox";

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
});
afterEach(() => bot.restore());

describe("notification settings", () => {
  it("starts from the defaults, and says whether the bot may write", async () => {
    const allowed = await signIn("allowed", { allowsWrite: true });
    const silent = await signIn("silent");
    const defaults = { joinRequests: true, results: true, coins: true, newEvents: false, bigBetsOver: null };
    expect(await json<NotificationSettings>("GET", "/me/notifications", { token: allowed.token })).toEqual({
      ...defaults,
      canWrite: true,
    });
    expect(await json<NotificationSettings>("GET", "/me/notifications", { token: silent.token })).toEqual({
      ...defaults,
      canWrite: false,
    });
  });

  it("changes only the switches sent, and turns big bets off with null", async () => {
    const user = await signIn("switcher");
    await json("PUT", "/me/notifications", { token: user.token, body: { coins: false, bigBetsOver: 250.5 } });
    const after = await json("PUT", "/me/notifications", { token: user.token, body: { newEvents: true } });
    expect(after).toMatchObject({ coins: false, newEvents: true, results: true, bigBetsOver: 250.5 });
    expect(await json("PUT", "/me/notifications", { token: user.token, body: { bigBetsOver: null } })).toMatchObject({
      bigBetsOver: null,
      coins: false,
    });
  });

  it("refuses a wrong switch or threshold with 400 naming the field", async () => {
    const user = await signIn("wrong");
    for (const [body, field] of [
      [{ coins: "yes" }, "coins"],
      [{ bigBetsOver: -1 }, "bigBetsOver"],
      [{ bigBetsOver: 1.234 }, "bigBetsOver"],
      [{ bigBetsOver: "10" }, "bigBetsOver"],
    ] as const) {
      const answer = await json<ErrorBody>("PUT", "/me/notifications", { token: user.token, body, expect: 400 });
      expect(answer.error.field).toBe(field);
    }
    expect((await call("GET", "/me/notifications")).status).toBe(401);
  });

  it("sends nothing for a switch turned off", async () => {
    const book = await newBook({ coins: 100 });
    const punter = await newPunter(book, { allowsWrite: true });
    await received(bot, punter.userId, 1); // the approval
    await json("PUT", "/me/notifications", { token: punter.token, body: { coins: false } });
    await json("POST", "/balances/add", {
      token: book.owner.token,
      body: { userId: punter.userId, balance: { amount: 5 } },
    });
    await settle();
    expect(textsTo(bot, punter.userId)).toHaveLength(1);
  });

  it("writes to a user who started the bot though his init data did not allow it", async () => {
    const book = await newBook();
    expect((await json<NotificationSettings>("GET", "/me/notifications", { token: book.owner.token })).canWrite).toBe(
      false,
    );
    await sendUpdate({
      message: {
        message_id: 1,
        date: 1,
        from: { id: book.owner.userId },
        chat: { id: book.owner.userId, type: "private" },
        text: "/start",
      },
    });
    expect((await json<NotificationSettings>("GET", "/me/notifications", { token: book.owner.token })).canWrite).toBe(
      true,
    );
  });

  it("learns of write access granted from the mini-app through the bot's update", async () => {
    const user = await signIn("granted");
    await sendUpdate({
      update_id: freshUpdateId(),
      message: {
        message_id: 2,
        date: 1,
        from: { id: user.userId },
        chat: { id: user.userId, type: "private" },
        write_access_allowed: { from_request: true },
      },
    });
    expect((await json<NotificationSettings>("GET", "/me/notifications", { token: user.token })).canWrite).toBe(true);
  });
});

describe("the dev outbox", () => {
  const consume = async (m: BotMessage, overrides: Partial<Env>) => {
    const batch = createMessageBatch<BotMessage>("bookie-notifications", [
      { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: m },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...(env as unknown as Env), ...overrides });
    return getQueueResult(batch, ctx);
  };

  it("keeps the messages of the dev bot token instead of sending them, oldest first", async () => {
    const user = await signIn("dev", { allowsWrite: true });
    for (const text of ["first", "second"]) {
      await consume(
        { userId: user.userId, topic: "MEMBERSHIP", text, button: { text: "Open", startapp: "requests" } },
        { BOT_TOKEN: DEV_BOT_TOKEN },
      );
    }
    expect(bot.calls).toHaveLength(0);
    const outbox = await json("GET", `/dev/outbox?userId=${user.userId}`);
    expect(outbox).toEqual(
      ["first", "second"].map((text) => ({
        chatId: user.userId,
        messageId: expect.any(Number),
        text,
        button: { text: "Open", url: `${env.WEB_ORIGIN}/?startapp=requests` },
        buttons: [{ text: "Open", url: `${env.WEB_ORIGIN}/?startapp=requests` }],
        editedAt: null,
        createdAt: expect.any(String),
      })),
    );
  });

  it("is not there outside dev mode, and wants a user id", async () => {
    expect((await call("GET", "/dev/outbox?userId=1", { env: { DEV_MODE: "false" } })).status).toBe(404);
    expect((await json<ErrorBody>("GET", "/dev/outbox", { expect: 400 })).error.field).toBe("userId");
  });
});
