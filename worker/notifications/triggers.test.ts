import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ErrorBody } from "../contract";
import { json } from "../test/api";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { EventRoom } from "../events/room/room";
import { bet, draftBody, newEvent, placeBet, roomStub } from "../test/events";
import { finalize, placeMultiple } from "../test/multiples";
import { newBook, newPunter, pendingRequestId } from "../test/world";
import { fakeBotApi, firstButton, type BotApiParams, type FakeBotApi } from "../test/fake-telegram";
import { received, settle, textsTo } from "../test/notify-test-kit";
import { signIn } from "../test/api";

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
});
afterEach(() => bot.restore());

const sentTo = (chatId: number) => bot.of("sendMessage").filter((c) => c.params.chat_id === chatId);
const buttonUrl = (params: BotApiParams) => firstButton(params).web_app.url;

describe("the bot's messages", () => {
  it("tells the bookmaker of a join request, once, with a button to his requests", async () => {
    const book = await newBook({ allowsWrite: true });
    const punter = await signIn("asker");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    expect(await received(bot, book.owner.userId)).toEqual([`@${punter.username} asks to join ${book.name}.`]);
    expect(buttonUrl(sentTo(book.owner.userId)[0].params)).toMatch(/\?startapp=requests$/);
  });

  it("tells the punter his request was approved, or declined", async () => {
    const book = await newBook();
    const yes = await signIn("yes", { allowsWrite: true });
    const no = await signIn("no", { allowsWrite: true });
    for (const p of [yes, no]) await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: p.token });
    await json("POST", `/bookmakers/requests/${await pendingRequestId(book, yes.userId)}/approve`, {
      token: book.owner.token,
    });
    await json("POST", `/bookmakers/requests/${await pendingRequestId(book, no.userId)}/reject`, {
      token: book.owner.token,
    });
    expect(await received(bot, yes.userId)).toEqual([`${book.name} approved your join request. You can bet now.`]);
    expect(await received(bot, no.userId)).toEqual([`${book.name} declined your join request.`]);
    expect(buttonUrl(sentTo(yes.userId)[0].params)).toMatch(new RegExp(`\\?startapp=bk_${book.bookmakerId}$`));
  });

  it("tells the punter of coins added and withdrawn, with his balance and the note", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { allowsWrite: true });
    await json("POST", "/balances/addNote", {
      token: book.owner.token,
      body: { userId: punter.userId, note: "Pay Friday" },
    });
    await json("POST", "/balances/add", {
      token: book.owner.token,
      body: { userId: punter.userId, balance: { amount: 150.5 } },
    });
    await received(bot, punter.userId, 2).catch(() => undefined);
    await json("POST", "/balances/subtract", {
      token: book.owner.token,
      body: { userId: punter.userId, balance: { amount: 50 } },
    });
    const texts = await received(bot, punter.userId, 3);
    expect(texts.slice(1)).toEqual([
      `${book.name} added 150.50 coins. Your balance: 150.50 coins.\nNote: Pay Friday`,
      `${book.name} withdrew 50.00 coins. Your balance: 100.50 coins.\nNote: Pay Friday`,
    ]);
  });

  it("sends one message for a coin move replayed under its Idempotency-Key", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { allowsWrite: true });
    await received(bot, punter.userId, 1); // the approval
    const headers = { "Idempotency-Key": `move-${punter.userId}` };
    const body = { userId: punter.userId, balance: { amount: 10 } };
    await json("POST", "/balances/add", { token: book.owner.token, body, headers });
    await json("POST", "/balances/add", { token: book.owner.token, body, headers });
    const texts = await received(bot, punter.userId, 2);
    expect(texts.filter((t) => t.includes("added 10.00"))).toHaveLength(1);
  });

  it("sends nothing for a refused coin move", async () => {
    const book = await newBook({ coins: 100 });
    const punter = await newPunter(book, { allowsWrite: true });
    await received(bot, punter.userId, 1);
    const refused = await json<ErrorBody>("POST", "/balances/subtract", {
      token: book.owner.token,
      body: { userId: punter.userId, balance: { amount: 5 } },
      expect: 409,
    });
    expect(refused.error.code).toBe("INSUFFICIENT_COINS");
    await settle();
    expect(textsTo(bot, punter.userId)).toHaveLength(1);
  });

  it("sends a settlement of 3 bets as one message to the punter, each bet in it", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100, allowsWrite: true });
    const event = await newEvent(book, {
      items: [
        ["Red Rum", 2],
        ["Shergar", 3],
        ["Arkle", 5],
      ],
    });
    for (const i of [0, 1, 2]) await placeBet(punter, book, event, i, 10);
    await json("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [event.items[0].id] },
    });
    const texts = await received(bot, punter.userId, 3);
    const results = texts.filter((t) => t.startsWith("Result of"));
    expect(results).toEqual([
      "Result of Horse Racing / United Kingdom, Race 1 at Ascot:\nStarting prices: Red Rum 1/1\n• Red Rum, 10.00 at 2: won, paid 20.00\n• Shergar, 10.00 at 3: lost\n• Arkle, 10.00 at 5: lost",
    ]);
  });

  it("tells an each-way bet in one line: placed 2nd, what its place part returned", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100, allowsWrite: true });
    const event = await newEvent(book, {
      items: [
        ["Red Rum", 2],
        ["Shergar", 13],
        ["Arkle", 5],
        ["Kauto Star", 6],
      ],
      eachWay: { places: 4, fraction: 4 },
    });
    await json("POST", "/bets", {
      token: punter.token,
      body: {
        requestId: 0,
        bookmakerId: book.bookmakerId,
        eventId: event.id,
        eventItemId: event.items[1].id,
        amount: 10,
        coefficient: 13,
        eachWay: true,
      },
      expect: 201,
    });
    await json("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { placings: event.items.map((item, i) => ({ itemId: item.id, place: i + 1 })) },
    });
    const texts = await received(bot, punter.userId, 3);
    expect(texts.filter((t) => t.startsWith("Result of"))).toEqual([
      "Result of Horse Racing / United Kingdom, Race 1 at Ascot:\nStarting prices: Red Rum 1/1, Shergar 12/1, Arkle 4/1, Kauto Star 5/1\n• Shergar, 10.00 each-way at 13: placed 2nd: 40.00 returned",
    ]);
  });

  it("tells a multiple in the result of the event that completed it, and not before", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100, allowsWrite: true });
    const odds: [string, number][] = [
      ["Red Rum", 2],
      ["Shergar", 3],
    ];
    const [a, b] = [
      await newEvent(book, { items: odds }),
      await newEvent(book, { items: odds, description: "Race 2" }),
    ];
    await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [a, 0],
        [b, 1],
      ],
      10,
    );
    await placeBet(punter, book, b, 0, 5);
    await finalize(book, a, [0]);
    await finalize(book, b, [1]);
    const texts = await received(bot, punter.userId, 3);
    expect(texts.filter((t) => t.startsWith("Result of"))).toEqual([
      "Result of Horse Racing / United Kingdom, Race 2:\nStarting prices: Shergar 2/1\n• Red Rum, 5.00 at 2: lost\n• Double, 10.00: won, paid 60.00",
    ]);
  });

  it("tells punters of a non-runner's refund, and of an abandoned event", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100, allowsWrite: true });
    const event = await newEvent(book, {
      items: [
        ["Red Rum", 2],
        ["Shergar", 3],
        ["Arkle", 5],
      ],
    });
    for (const i of [0, 1]) await placeBet(punter, book, event, i, 10);
    await json("POST", `/events/${event.id}/nr/${event.items[1].id}`, { token: book.owner.token });
    await json("POST", `/events/${event.id}/abandon`, { token: book.owner.token });
    const texts = (await received(bot, punter.userId, 4)).slice(2);
    expect(texts[0]).toBe(
      "Non-runner in Horse Racing / United Kingdom, Race 1 at Ascot; your stake on it is refunded:\n• Shergar, 10.00 at 3: refunded 10.00",
    );
    expect(texts[1]).toMatch(
      /^Horse Racing \/ United Kingdom, Race 1 at Ascot was abandoned; your stakes are refunded:\n• Red Rum, 10.00 at 2: refunded 10.00\n• Shergar/,
    );
  });

  it("tells the bookmaker of a stake over his threshold only, and nothing of a refused bet", async () => {
    const book = await newBook({ coins: 1000, allowsWrite: true });
    await json("PUT", "/me/notifications", { token: book.owner.token, body: { bigBetsOver: 20, joinRequests: false } });
    const punter = await newPunter(book, { coins: 100 });
    const event = await newEvent(book);
    await placeBet(punter, book, event, 0, 20);
    await placeBet(punter, book, event, 1, 25);
    expect((await bet(punter, book, event, 1, 30)).status).toBe(409); // a second bet on one outcome
    expect(await received(bot, book.owner.userId)).toEqual([
      `Big bet: @${punter.username} staked 25.00 on Shergar at 3 in Horse Racing / United Kingdom, Race 1 at Ascot.`,
    ]);
    expect(buttonUrl(sentTo(book.owner.userId)[0].params)).toMatch(new RegExp(`\\?startapp=event_${event.id}$`));
  });

  it("tells the bookmaker of a cash-out over his threshold, and the punter nothing", async () => {
    const book = await newBook({ coins: 1000, allowsWrite: true });
    await json("PUT", "/me/notifications", { token: book.owner.token, body: { bigBetsOver: 20, joinRequests: false } });
    await json("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
      token: book.owner.token,
      body: { enabled: true, margin: 0 },
    });
    const punter = await newPunter(book, { coins: 100, allowsWrite: true });
    const event = await newEvent(book);
    const small = await placeBet(punter, book, event, 0, 10);
    const big = await placeBet(punter, book, event, 1, 19);
    for (const [placed, value] of [
      [small, 10],
      [big, 19],
    ] as const)
      await json("POST", `/bets/${placed.betId}/cashout`, { token: punter.token, body: { value } });
    await settle();
    expect(textsTo(bot, book.owner.userId)).toEqual([]);
    const other = await newPunter(book, { coins: 100 });
    const third = await placeBet(other, book, event, 1, 21);
    await json("POST", `/bets/${third.betId}/cashout`, { token: other.token, body: { value: 21 } });
    expect(await received(bot, book.owner.userId, 2)).toEqual([
      `Big bet: @${other.username} staked 21.00 on Shergar at 3 in Horse Racing / United Kingdom, Race 1 at Ascot.`,
      `Big cash-out: @${other.username} cashed out 21.00 on Shergar in Horse Racing / United Kingdom, Race 1 at Ascot.`,
    ]);
    expect(textsTo(bot, punter.userId)).toHaveLength(2); // his approval and his coins only
  });

  it("tells punters who opted in of a new event from their bookmaker, when it is first published", async () => {
    const book = await newBook({ coins: 1000 });
    const keen = await newPunter(book, { allowsWrite: true });
    const quiet = await newPunter(book, { allowsWrite: true });
    await json("PUT", "/me/notifications", { token: keen.token, body: { newEvents: true } });
    const event = await newEvent(book, { description: "Gold Cup" });
    const texts = await received(bot, keen.userId, 2);
    expect(texts[1]).toMatch(
      new RegExp(`^${book.name} has a new event: Horse Racing / United Kingdom, Gold Cup\\. It starts .+ UTC\\.$`),
    );
    expect(textsTo(bot, quiet.userId)).toHaveLength(1); // his approval only
    expect(event.id).toBeGreaterThan(0);
  });

  it("tells punters of a new event first published through Draft → Save (POST /events/{id}/live)", async () => {
    const book = await newBook({ coins: 1000 });
    const keen = await newPunter(book, { allowsWrite: true });
    await json("PUT", "/me/notifications", { token: keen.token, body: { newEvents: true } });
    const { eventId } = await json<{ eventId: number }>("POST", "/drafts", {
      token: book.owner.token,
      body: draftBody(book, { description: "Grand National" }),
    });
    await json("POST", `/events/${eventId}/live`, { token: book.owner.token, body: {} });
    const texts = await received(bot, keen.userId, 2);
    expect(texts[1]).toMatch(
      new RegExp(`^${book.name} has a new event: Horse Racing / United Kingdom, Grand National\\.`),
    );
  });

  it("tells punters of their refunds when the system abandons an event left without a result", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100, allowsWrite: true });
    const event = await newEvent(book);
    await placeBet(punter, book, event, 0, 10);
    // Its end 31 days ago: the room's alarm abandons it (UNSETTLED_GRACE_MS).
    const long = (days: number) => new Date(Date.now() - days * 864e5).toISOString();
    await env.DB.prepare(`UPDATE events SET start_date = ?2, end_date = ?3 WHERE id = ?1`)
      .bind(event.id, long(32), long(31))
      .run();
    await runInDurableObject(roomStub(event.id), async (room: EventRoom) => {
      (room as unknown as { memory: { stale: boolean } }).memory.stale = true;
    });
    expect(await runDurableObjectAlarm(roomStub(event.id))).toBe(true);
    // His approval, his coins, then the refund.
    const texts = await received(bot, punter.userId, 3);
    expect(texts[2]).toMatch(/was abandoned; your stakes are refunded:\n• Red Rum, 10\.00 at 2: refunded 10\.00$/);
  });

  it("tells punters when a result is undone: their bets are open again", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100, allowsWrite: true });
    const event = await newEvent(book);
    await placeBet(punter, book, event, 0, 10);
    await json("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { winners: [event.items[0].id] },
    });
    await json("POST", `/events/${event.id}/unsettle`, { token: book.owner.token });
    // His approval, his coins, the result, then the undo.
    const texts = await received(bot, punter.userId, 4);
    expect(texts[3]).toBe(
      `${book.name} undid the result of Horse Racing / United Kingdom, Race 1 at Ascot: your bets on it are open again, and what the result paid or refunded you was taken back.`,
    );
  });
});
