import { vi } from "vitest";
import type { FakeBotApi } from "./fake-telegram";

// Test-only: waiting for the queue consumer, which runs on its own after a route answers.

/** The texts the fake Bot API was asked to send to a chat, in order. */
export const textsTo = (bot: FakeBotApi, chatId: number): string[] =>
  bot
    .of("sendMessage")
    .filter((c) => c.params.chat_id === chatId)
    .map((c) => c.params.text as string);

/** Waits until a chat got `count` messages, then a little longer, and answers them all (so "once" can be checked). */
export async function received(bot: FakeBotApi, chatId: number, count = 1): Promise<string[]> {
  await vi.waitUntil(() => textsTo(bot, chatId).length >= count, { timeout: 8_000, interval: 20 });
  await settle();
  return textsTo(bot, chatId);
}

/** Lets the queue deliver what it has: long enough for two batches (50 ms each) and a retry. */
export const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));
