import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationSettings } from "../contract";
import worker from "../index";
import type { Env } from "../env";
import { json, signIn } from "../test/api";
import { commandUpdate, fakeBotApi, sendUpdate, type FakeBotApi } from "../test/fake-telegram";
import type { BotMessage } from "./messages";
import { received, settle, textsTo } from "../test/notify-test-kit";
import { newBook } from "../test/world";

// The consumer against Telegram's answers: the real queue for what happens over time
// (retries, dead letters), the consumer called directly to read the delays it asks for.

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
});
afterEach(() => bot.restore());

const message = (userId: number, text = "Hello"): BotMessage => ({
  userId,
  topic: "MEMBERSHIP",
  text,
  button: { text: "Open", startapp: "requests" },
});
const failing =
  (status: number, extra: Record<string, unknown> = {}) =>
  () => ({ status, body: { ok: false, error_code: status, description: `failed ${status}`, ...extra } });

/** Runs the consumer on one message the way the queue would on try `attempts`. */
async function consumeOnce(m: BotMessage, attempts = 1, overrides: Partial<Env> = {}) {
  const batch = createMessageBatch<BotMessage>("bookie-notifications", [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts, body: m },
  ]);
  // The test pool's result leaves out the delays asked for; read them off the message itself.
  const retry = vi.spyOn(batch.messages[0], "retry");
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...(env as unknown as Env), ...overrides });
  const result = await getQueueResult(batch, ctx);
  return { ...result, delaySeconds: retry.mock.calls[0]?.[0]?.delaySeconds };
}

const deadLetters = (userId: number) =>
  env.DB.prepare(`SELECT text FROM bot_messages WHERE user_id = ?1 AND kind = 'DEAD'`)
    .bind(userId)
    .all<{ text: string }>()
    .then((r) => r.results);

describe("delivering the bot's messages", () => {
  it("retries a 429 after Telegram's retry_after", async () => {
    const user = await signIn("busy", { allowsWrite: true });
    bot.answer("sendMessage", failing(429, { parameters: { retry_after: 7 } }));
    const result = await consumeOnce(message(user.userId));
    expect(result.retryMessages).toHaveLength(1);
    expect(result.delaySeconds).toBe(7);
  });

  it("delivers through the queue once Telegram stops answering 429", async () => {
    const user = await signIn("busy", { allowsWrite: true });
    let refusals = 1;
    bot.answer("sendMessage", (p) =>
      refusals-- > 0
        ? failing(429, { parameters: { retry_after: 1 } })()
        : { body: { ok: true, result: { message_id: 1, chat: { id: p.chat_id } } } },
    );
    await env.NOTIFICATIONS.send(message(user.userId, "after the wait"));
    await vi.waitUntil(() => bot.of("sendMessage").length >= 2, { timeout: 8_000, interval: 50 });
    const [first, second] = bot.of("sendMessage").map((c) => c.at);
    expect(second - first).toBeGreaterThanOrEqual(900);
  });

  it("backs off after a 5xx, doubling the wait each try", async () => {
    const user = await signIn("flaky", { allowsWrite: true });
    bot.answer("sendMessage", failing(502));
    const delays = [];
    for (const attempts of [1, 2, 3, 4])
      delays.push((await consumeOnce(message(user.userId), attempts, { BOT_RETRY_SECONDS: "2" })).delaySeconds);
    expect(delays).toEqual([2, 4, 8, 16]);
  });

  it("dead-letters a message after 5 failed tries, and keeps it", async () => {
    const user = await signIn("down", { allowsWrite: true });
    bot.answer("sendMessage", failing(500));
    await env.NOTIFICATIONS.send(message(user.userId, "never delivered"));
    await vi.waitUntil(async () => (await deadLetters(user.userId)).length > 0, { timeout: 8_000, interval: 50 });
    expect(textsTo(bot, user.userId)).toHaveLength(5);
    expect(await deadLetters(user.userId)).toEqual([{ text: "never delivered" }]);
  });

  it("marks a user who blocked the bot unreachable until he sends /start", async () => {
    const book = await newBook({ allowsWrite: true });
    bot.answer("sendMessage", failing(403));
    expect((await consumeOnce(message(book.owner.userId))).explicitAcks).toHaveLength(1);
    expect((await json<NotificationSettings>("GET", "/me/notifications", { token: book.owner.token })).canWrite).toBe(
      false,
    );

    bot.answer("sendMessage", (p) => ({ body: { ok: true, result: { message_id: 1, chat: { id: p.chat_id } } } }));
    const before = textsTo(bot, book.owner.userId).length;
    await consumeOnce(message(book.owner.userId, "while blocked"));
    expect(textsTo(bot, book.owner.userId)).toHaveLength(before);

    await sendUpdate(commandUpdate(book.owner.userId, "/start"));
    expect((await json<NotificationSettings>("GET", "/me/notifications", { token: book.owner.token })).canWrite).toBe(
      true,
    );
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: (await signIn("asker")).token });
    expect((await received(bot, book.owner.userId, before + 2)).at(-1)).toMatch(/asks to join/);
  });

  it("keeps under 25 messages a second overall", async () => {
    // A small batch that takes a second (two messages to one chat), then two more batches
    // meanwhile (25 and 14), which the local queue hands over at once: batches are consumed side by side.
    const users = await Promise.all(Array.from({ length: 40 }, () => signIn("many", { allowsWrite: true })));
    await env.NOTIFICATIONS.sendBatch([0, 1].map(() => ({ body: message(users[0].userId, "pace") })));
    await vi.waitUntil(() => bot.of("sendMessage").length >= 1, { timeout: 8_000, interval: 10 });
    await env.NOTIFICATIONS.sendBatch(users.slice(1).map((u) => ({ body: message(u.userId, "pace") })));
    await vi.waitUntil(() => bot.of("sendMessage").length >= 41, { timeout: 8_000, interval: 50 });
    // Times are taken where the fake Bot API receives the calls. Each call has a slot 40 ms after
    // the one before; a busy machine can only make a call late, never early, so late calls from
    // the second before may bunch with on-time ones (27 seen on a loaded 2-core run), but a second
    // stays within Telegram's own 30. Unpaced, or batches paced each on their own, 39 or more of
    // the 41 calls come within a second.
    const times = bot.of("sendMessage").map((c) => c.at);
    const busiestSecond = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1000).length));
    expect(busiestSecond).toBeLessThanOrEqual(30);
  });

  it("sends nothing to a user who never allowed the bot to write", async () => {
    const user = await signIn("silent");
    const result = await consumeOnce(message(user.userId));
    expect(result.explicitAcks).toHaveLength(1);
    await settle(100);
    expect(bot.calls).toHaveLength(0);
  });
});
