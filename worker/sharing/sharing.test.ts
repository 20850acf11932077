import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, json, signIn } from "../test/api";
import { newEvent, placeBet } from "../test/events";
import { fakeBotApi, type BotApiParams, type FakeBotApi } from "../test/fake-telegram";
import { finalize, placeDouble } from "../test/multiples";
import { newBook, newPunter } from "../test/world";
import type { Bet, SharedCard } from "../contract";

// POST /share (docs/decisions/telegram.md, "Sharing"): the card the bot keeps for the caller,
// as savePreparedInlineMessage receives it, and its answer.

const BOT = "BookieShareBot";
const env = { BOT_USERNAME: BOT };

let bot: FakeBotApi;
let prepared = 0;
beforeEach(() => {
  bot = fakeBotApi();
  bot.answer("savePreparedInlineMessage", () => ({
    body: { ok: true, result: { id: `prepared-${++prepared}`, expiration_date: Math.floor(Date.now() / 1000) + 3600 } },
  }));
});
afterEach(() => bot.restore());

const share = (token: string, body: unknown, headers?: Record<string, string>) =>
  call("POST", "/share", { token, body, env, headers });

const shared = async (token: string, kind: string, id: number) => {
  const res = await share(token, { kind, id });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<SharedCard>();
};

interface Saved {
  user_id: number;
  result: {
    type: string;
    id: string;
    title: string;
    input_message_content: { message_text: string };
    reply_markup: { inline_keyboard: { text: string; url: string }[][] };
  };
  allow_user_chats: boolean;
  allow_bot_chats: boolean;
  allow_group_chats: boolean;
  allow_channel_chats: boolean;
}

const lastSaved = () => bot.of("savePreparedInlineMessage").at(-1)!.params as BotApiParams & Saved;

const link = (param: string) => `https://t.me/${BOT}?startapp=${param}`;

/** The card as Telegram was given it, checked against the answer. */
function expectCard(answer: SharedCard, userId: number, text: string, button: { text: string; url: string }) {
  const saved = lastSaved();
  expect(saved).toEqual({
    user_id: userId,
    result: {
      type: "article",
      id: expect.any(String),
      title: button.text,
      input_message_content: { message_text: text },
      reply_markup: { inline_keyboard: [[button]] },
    },
    allow_user_chats: true,
    allow_bot_chats: true,
    allow_group_chats: true,
    allow_channel_chats: true,
  });
  expect(answer).toEqual({ preparedMessageId: `prepared-${prepared}`, text, buttons: [button] });
  expect(Object.keys(answer).sort()).toEqual(["buttons", "preparedMessageId", "text"]);
}

const chooseLanguage = (token: string, language: string) => json("PUT", "/me/language", { token, body: { language } });

describe("POST /share", () => {
  it("shares a bet, open then won, in English and in Russian, never with the balance", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 123.45 });
    const event = await newEvent(book);
    const placed = await placeBet(punter, book, event, 0, 10);

    const open = await shared(punter.token, "BET", placed.betId);
    const button = { text: "Open the event", url: link(`ev_${event.id}`) };
    expectCard(
      open,
      punter.userId,
      "Horse Racing / United Kingdom, Race 1 at Ascot\nRed Rum, 10.00 at 2: returns 20.00 if it wins",
      button,
    );

    await chooseLanguage(punter.token, "ru");
    const ru = await shared(punter.token, "BET", placed.betId);
    expectCard(
      ru,
      punter.userId,
      "Скачки / Великобритания, Race 1 at Ascot\nRed Rum, 10,00 по коэф. 2: вернёт 20,00 в случае выигрыша",
      { text: "Открыть событие", url: link(`ev_${event.id}`) },
    );

    await finalize(book, event, [0]);
    await chooseLanguage(punter.token, "en");
    const won = await shared(punter.token, "BET", placed.betId);
    expect(won.text).toBe("Horse Racing / United Kingdom, Race 1 at Ascot\nRed Rum, 10.00 at 2: won, paid 20.00");
    // His balance is 113.45 before the payout and 133.45 after: neither is ever on a card.
    for (const card of [open, ru, won]) for (const balance of ["113", "133"]) expect(card.text).not.toContain(balance);
  });

  it("shares a multiple with its legs, its button opening the first leg's event", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const a = await newEvent(book, { description: "Race A" });
    const b = await newEvent(book, { description: "Race B" });
    const double = await placeDouble(punter, book, a, b, 5);

    const card = await shared(punter.token, "MULTIPLE", double.multipleId);
    expectCard(
      card,
      punter.userId,
      [
        "Double, 5.00: returns up to 20.00",
        "• Horse Racing / United Kingdom, Race A: Red Rum at 2",
        "• Horse Racing / United Kingdom, Race B: Red Rum at 2",
      ].join("\n"),
      { text: "Open the event", url: link(`ev_${a.id}`) },
    );
    expect(card.text).not.toContain("95");

    await chooseLanguage(punter.token, "es");
    const es = await shared(punter.token, "MULTIPLE", double.multipleId);
    expect(es.text.split("\n")[0]).toBe("Doble, 5,00: devuelve hasta 20,00");
  });

  it("shares a settled event's result, to its bookmaker and its punters, and refuses one not settled (409)", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    const event = await newEvent(book, {
      items: [
        ["Red Rum", 2.5],
        ["Shergar", 4],
      ],
    });

    const early = await share(punter.token, { kind: "RESULT", id: event.id });
    expect(early.status).toBe(409);
    expect((await early.json<{ error: { code: string } }>()).error.code).toBe("EVENT_NOT_SETTLED");
    expect(bot.of("savePreparedInlineMessage")).toHaveLength(0);

    await finalize(book, event, [1]);
    const text = "Result of Horse Racing / United Kingdom, Race 1 at Ascot:\n• Shergar won at 4";
    const button = { text: "Open the event", url: link(`ev_${event.id}`) };
    expectCard(await shared(punter.token, "RESULT", event.id), punter.userId, text, button);
    expectCard(await shared(book.owner.token, "RESULT", event.id), book.owner.userId, text, button);
  });

  it("shares each-way, SP, cashed-out and refunded bets, and a result with no winner, as each stands", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 200 });
    const event = await newEvent(book, {
      items: [
        ["Red Rum", 5],
        ["Shergar", 3],
        ["Arkle", 4],
        ["Mill Reef", 6],
      ],
      eachWay: { places: 2, fraction: 4 },
      sp: true,
    });
    const line = async (betId: number) => (await shared(punter.token, "BET", betId)).text.split("\n")[1];

    // Each-way at 5.0 (4/1), a quarter the odds for a place: 10 + 10 returns up to 50 + 20.
    const eachWay = await json<Bet>("POST", "/bets", {
      token: punter.token,
      expect: 201,
      body: {
        bookmakerId: book.bookmakerId,
        eventId: event.id,
        eventItemId: event.items[0].id,
        amount: 10,
        coefficient: 5,
        eachWay: true,
      },
    });
    expect(await line(eachWay.betId)).toBe("Red Rum, 10.00 each-way at 5: returns up to 70.00");
    // At SP: no price until the result.
    const atSp = await json<Bet>("POST", "/bets", {
      token: punter.token,
      expect: 201,
      body: { bookmakerId: book.bookmakerId, eventId: event.id, eventItemId: event.items[1].id, amount: 5, atSp: true },
    });
    expect(await line(atSp.betId)).toBe("Shergar, 5.00 at SP: still open");
    // Cashed out, at the value offered.
    await json("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
      token: book.owner.token,
      body: { enabled: true, margin: 0.05 },
    });
    const cashed = await placeBet(punter, book, event, 2, 4);
    const { value } = await json<{ value: number }>("GET", `/bets/${cashed.betId}/cashout`, { token: punter.token });
    await json("POST", `/bets/${cashed.betId}/cashout`, { token: punter.token, body: { value } });
    expect(await line(cashed.betId)).toMatch(/^Arkle, 4\.00 at 4: cashed out for \d+\.\d\d$/);
    // Refunded: its runner withdrawn.
    const refunded = await placeBet(punter, book, event, 3, 3);
    await json("POST", `/events/${event.id}/nr/${event.items[3].id}`, { token: book.owner.token, body: {} });
    expect(await line(refunded.betId)).toBe("Mill Reef, 3.00 at 6: refunded 3.00");

    // No winner: every stake back, and the cards say so.
    await json("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [] },
    });
    expect((await shared(punter.token, "RESULT", event.id)).text).toBe(
      "Result of Horse Racing / United Kingdom, Race 1 at Ascot:\nNo winner: every stake was refunded.",
    );
    expect(await line(eachWay.betId)).toBe("Red Rum, 10.00 each-way at 5: refunded 20.00");
  });

  it("shares an abandoned event's result", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    await json("POST", `/events/${event.id}/abandon`, { token: book.owner.token });
    const card = await shared(book.owner.token, "RESULT", event.id);
    expect(card.text).toBe("Horse Racing / United Kingdom, Race 1 at Ascot was abandoned: every stake was refunded.");
  });

  it("shares an invitation to the book, its button opening the book's card", async () => {
    const book = await newBook();
    const punter = await newPunter(book);
    for (const user of [book.owner, punter]) {
      const card = await shared(user.token, "INVITE", book.bookmakerId);
      expectCard(card, user.userId, `Join ${book.name} on Bookie: tap below to see its events and ask to join.`, {
        text: `Open ${book.name}`,
        url: link(`bk_${book.bookmakerId}`),
      });
    }
  });

  it("refuses another's bet or multiple, and an event or book he is not in (404)", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const other = await newPunter(book, { coins: 100 });
    const stranger = await signIn("stranger");
    const pending = await signIn("pending");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: pending.token });
    const a = await newEvent(book);
    const b = await newEvent(book);
    const placed = await placeBet(punter, book, a, 0, 10);
    const double = await placeDouble(punter, book, a, b, 5);
    await finalize(book, a, [0]);

    const refusals: [string, string, number][] = [
      [other.token, "BET", placed.betId],
      [other.token, "MULTIPLE", double.multipleId],
      [stranger.token, "RESULT", a.id],
      [pending.token, "RESULT", a.id],
      [stranger.token, "INVITE", book.bookmakerId],
      [pending.token, "INVITE", book.bookmakerId],
      [punter.token, "BET", 999_999_999],
    ];
    for (const [token, kind, id] of refusals) {
      const res = await share(token, { kind, id });
      expect(res.status, `${kind} ${id}`).toBe(404);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("NOT_FOUND");
    }
    expect(bot.of("savePreparedInlineMessage")).toHaveLength(0);
  });

  it("refuses a wrong body naming the field (400), and a caller without a session (401)", async () => {
    const user = await signIn("sharer");
    const cases: [unknown, string][] = [
      [{ kind: "WALLET", id: 1 }, "kind"],
      [{ id: 1 }, "kind"],
      [{ kind: "BET" }, "id"],
      [{ kind: "BET", id: 1.5 }, "id"],
      [{ kind: "BET", id: 0 }, "id"],
      [{ kind: "BET", id: "1" }, "id"],
    ];
    for (const [body, field] of cases) {
      const res = await share(user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: { code: string; field: string } }>()).error).toMatchObject({
        code: "VALIDATION",
        field,
      });
    }
    const anonymous = await call("POST", "/share", { body: { kind: "INVITE", id: 1 }, env });
    expect(anonymous.status).toBe(401);
    expect(bot.calls).toHaveLength(0);
  });

  it("answers 502 when Telegram refuses or fails, and keeps nothing", async () => {
    const book = await newBook();
    for (const [status, description] of [
      [400, "Bad Request: invalid user_id"],
      [500, "Internal Server Error"],
    ] as const) {
      bot.answer("savePreparedInlineMessage", () => ({ status, body: { ok: false, error_code: status, description } }));
      const res = await share(book.owner.token, { kind: "INVITE", id: book.bookmakerId });
      expect(res.status).toBe(502);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("TELEGRAM_UNAVAILABLE");
    }
    bot.answer("savePreparedInlineMessage", () => ({ body: { ok: false, error_code: 403, description: "Forbidden" } }));
    expect((await share(book.owner.token, { kind: "INVITE", id: book.bookmakerId })).status).toBe(502);
  });
});
