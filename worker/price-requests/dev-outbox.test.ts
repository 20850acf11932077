import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ErrorBody, OutboxMessage, PriceRequest } from "../contract";
import type { Env } from "../env";
import worker from "../index";
import type { QueueMessage } from "../notifications/messages";
import { DEV_BOT_TOKEN } from "../notifications/outbox";
import { call, json } from "../test/api";
import { newEvent } from "../test/events";
import { fakeBotApi, type FakeBotApi } from "../test/fake-telegram";
import { newBook, newPunter } from "../test/world";
import { settle } from "../test/notify-test-kit";
import { askedNotices, changedNotices } from "./notify";

// Dev mode (the dev bot token): a request's message to the book lands in the outbox with its
// buttons, a press on one goes to the webhook as Telegram would deliver it, and the bot's edit
// shows on the kept message, so both sides can be played in two browsers.

const DEV = { BOT_TOKEN: DEV_BOT_TOKEN };

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi(); // the real queue also sends them, with the test's own token
  bot.answer("editMessageText", () => ({ body: { ok: true, result: true } }));
});
afterEach(async () => {
  await settle(); // the real queue's sends end before the fake goes
  bot.restore();
});

/** The queue's consumer, run as `npm run dev` runs it: with the dev bot token. */
async function consume(messages: QueueMessage[]) {
  const batch = createMessageBatch<QueueMessage>(
    "bookie-notifications",
    messages.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body })),
  );
  await worker.queue(batch, { ...(env as unknown as Env), ...DEV });
  await getQueueResult(batch, createExecutionContext());
}

const outboxOf = (userId: number) => json<OutboxMessage[]>("GET", `/dev/outbox?userId=${userId}`);

describe("price requests in the dev outbox", () => {
  it("keeps the book's buttons; a press answers the request through the webhook, and the message is edited", async () => {
    const book = await newBook({ coins: 1_000, allowsWrite: true });
    const punter = await newPunter(book, { coins: 100, allowsWrite: true });
    await json("PUT", "/balances/limits", {
      token: book.owner.token,
      body: { userId: punter.userId, maxStake: 10, maxPayoutPerEvent: null },
    });
    const event = await newEvent(book);
    const request = await json<PriceRequest>("POST", "/price-requests", {
      token: punter.token,
      expect: 201,
      body: {
        bookmakerId: book.bookmakerId,
        eventId: event.id,
        eventItemId: event.items[0].id,
        amount: 40,
        coefficient: 2,
      },
    });
    await consume(await askedNotices(env.DB, request.id));
    const [message] = (await outboxOf(book.owner.userId)).filter((m) => m.buttons.length === 3);
    expect(message.buttons).toEqual([
      { text: "Accept", callbackData: `pr:${request.id}:A` },
      { text: "Counter", url: `${env.WEB_ORIGIN}/?startapp=pr_${request.id}` },
      { text: "Decline", callbackData: `pr:${request.id}:D` },
    ]);
    expect(message.button).toEqual(message.buttons[1]);
    expect(message.editedAt).toBeNull();

    // Refused: not in dev mode, a message not kept, a button it does not carry.
    const path = `/dev/outbox/${message.messageId}/press`;
    const body = { callbackData: `pr:${request.id}:A` };
    expect((await call("POST", path, { body, env: { ...DEV, DEV_MODE: "false" } })).status).toBe(404);
    expect((await call("POST", `/dev/outbox/999999999/press`, { body, env: DEV })).status).toBe(404);
    const wrong = await call("POST", path, { body: { callbackData: "pr:1:X" }, env: DEV });
    expect((await wrong.json<ErrorBody>()).error.field).toBe("callbackData");
    expect((await json<PriceRequest[]>("GET", "/price-requests", { token: book.owner.token }))[0].status).toBe(
      "PENDING",
    );

    // Pressed as the owner would: offered, and the text Telegram would show him.
    const pressed = await json<{ text: string }>("POST", path, { body, env: DEV });
    expect(pressed.text).toBe(`Offered to @${punter.username}: 60 seconds to take it.`);
    expect(bot.of("answerCallbackQuery")).toHaveLength(0); // no Telegram to answer in dev mode
    const [offered] = await json<PriceRequest[]>("GET", "/price-requests", { token: book.owner.token });
    expect(offered).toMatchObject({ status: "OFFERED", answeredBy: { userId: book.owner.userId } });

    // A second press before the edit reaches it changes nothing and says who answered.
    expect((await json<{ text: string }>("POST", path, { body, env: DEV })).text).toBe(
      `@${book.owner.username} offered 40.00 at 2.`,
    );

    // The bot's edit shows on the kept message: its text says who answered, its buttons are gone.
    await consume(await changedNotices(env.DB, [request.id]));
    const edited = (await outboxOf(book.owner.userId)).find((m) => m.messageId === message.messageId)!;
    expect(edited.text).toContain(`@${book.owner.username} offered 40.00 at 2.`);
    expect(edited.buttons).toEqual([]);
    expect(edited.editedAt).not.toBeNull();
    // The punter's message opens the event.
    const [offer] = (await outboxOf(punter.userId)).slice(-1);
    expect(offer.text).toContain("Your bookmaker offers 40.00 at 2");
    expect(offer.buttons).toEqual([{ text: "Open the event", url: `${env.WEB_ORIGIN}/?startapp=ev_${event.id}` }]);
  });
});
