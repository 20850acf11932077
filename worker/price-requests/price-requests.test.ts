import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry, Bet, BookmakerEvent, ErrorBody, PriceRequest } from "../contract";
import { call, json, signIn, type TestUser } from "../test/api";
import { bet, coins, newEvent } from "../test/events";
import { fakeBotApi, sendUpdate, type FakeBotApi } from "../test/fake-telegram";
import { settle, textsTo } from "../test/notify-test-kit";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";
import { expirePriceRequests } from "../schedule/price-requests";

// Price requests (docs/rules/price-requests.md) against the real worker: a punter asks for a bet
// the box refuses, the book answers from the bot's message (a callback_query through the webhook,
// the Bot API faked at its configured address) or the mini-app, and the punter takes the offer
// as a bet struck by the room. Refusals move no coin; races leave one answer.

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
  bot.answer("answerCallbackQuery", () => ({ body: { ok: true, result: true } }));
  bot.answer("editMessageText", (p) => ({ body: { ok: true, result: { message_id: p.message_id } } }));
});
afterEach(() => bot.restore());

/**
 * The bot's messages travel the real queue, whose one consumer paces every file's sends (1 s per
 * chat): beside the other files of a full run they may take seconds.
 */
const QUEUE = { timeout: 20_000, interval: 20 };

const errorOf = async (res: Response) => (await res.json<ErrorBody>()).error;

interface World {
  book: TestBook;
  manager: TestUser;
  punter: TestUser;
  event: BookmakerEvent;
}

const RUNNERS: [string, number][] = [
  ["Red Rum", 2],
  ["Shergar", 3],
  ["Arkle", 4],
];

/** A book with a manager, a punter (100 coins, max stake 10) and a race (max payout 60) at 2.0, 3.0 and 4.0. */
async function world(options: { punterCoins?: number } = {}): Promise<World> {
  const book = await newBook({ coins: 5_000, allowsWrite: true });
  const manager = await signIn("manager", { allowsWrite: true });
  await json("PUT", `/bookmakers/${book.bookmakerId}/staff`, {
    token: book.owner.token,
    body: { username: manager.username, role: "MANAGER" },
  });
  const punter = await newPunter(book, { coins: options.punterCoins ?? 100, allowsWrite: true });
  await json("PUT", "/balances/limits", {
    token: book.owner.token,
    body: { userId: punter.userId, maxStake: 10, maxPayoutPerEvent: null },
  });
  const event = await newEvent(book, { maxTotalPayout: 60, items: RUNNERS });
  return { book, manager, punter, event };
}

const ask = (w: World, body: Partial<{ amount: number; coefficient: number; eachWay: boolean; item: number }> = {}) =>
  call("POST", "/price-requests", {
    token: w.punter.token,
    body: {
      bookmakerId: w.book.bookmakerId,
      eventId: w.event.id,
      eventItemId: w.event.items[body.item ?? 0].id,
      amount: body.amount ?? 40,
      coefficient: body.coefficient ?? w.event.items[body.item ?? 0].currCoefficient,
      ...(body.eachWay === undefined ? {} : { eachWay: body.eachWay }),
    },
  });

async function asked(w: World, body?: Parameters<typeof ask>[1]): Promise<PriceRequest> {
  const res = await ask(w, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<PriceRequest>();
}

const answer = (token: string, id: number, body: Record<string, unknown>) =>
  call("POST", `/price-requests/${id}/answer`, { token, body });

const take = (token: string, id: number, key = crypto.randomUUID()) =>
  call("POST", `/price-requests/${id}/take`, { token, headers: { "Idempotency-Key": key } });

const requestOf = async (w: World, id: number) =>
  (await json<PriceRequest[]>("GET", `/price-requests?eventId=${w.event.id}`, { token: w.book.owner.token })).find(
    (r) => r.id === id,
  )!;

interface Keyboard {
  inline_keyboard: { text: string; callback_data?: string; web_app?: { url: string } }[][];
}

/** The sendMessage calls to a chat whose buttons answer in the chat (the book's request messages). */
const requestMessages = (chatId: number) =>
  bot
    .of("sendMessage")
    .filter((c) => c.params.chat_id === chatId && (c.params.reply_markup as Keyboard).inline_keyboard[0].length === 3);

/** A press on a button, as Telegram delivers it to the webhook; answers what the bot said. */
async function press(from: TestUser | { userId: number; username: string }, data: string) {
  const res = await sendUpdate({
    callback_query: {
      id: `cq-${crypto.randomUUID()}`,
      from: { id: from.userId, is_bot: false, first_name: from.username, username: from.username },
      data,
      message: { message_id: 1, chat: { id: from.userId, type: "private" } },
    },
  });
  expect(res.status).toBe(200);
  return (await res.json<{ ok: true; callbackAnswer?: string }>()).callbackAnswer;
}

/** Waits for the bot's message to the punter containing `text`. */
async function told(punter: TestUser, text: string) {
  await vi.waitUntil(() => textsTo(bot, punter.userId).some((t) => t.includes(text)), QUEUE);
  return textsTo(bot, punter.userId).find((t) => t.includes(text));
}

const auditOf = async (w: World) =>
  (await json<AuditEntry[]>("GET", "/audit", { token: w.book.owner.token }))
    .filter((e) => e.action === "PRICE_REQUEST")
    .reverse();

describe("a price request, asked, accepted from the chat and taken", () => {
  it("goes to the owner and the manager with buttons, is accepted by a press, edited everywhere, and taken past the max payout", async () => {
    const w = await world();
    // The box refuses 40 over his max stake of 10.
    expect((await errorOf(await bet(w.punter, w.book, w.event, 0, 40))).code).toBe("LIMIT_EXCEEDED");
    const request = await asked(w);
    expect(request).toMatchObject({
      userId: w.punter.userId,
      username: w.punter.username,
      amount: 40,
      coefficient: 2,
      eachWay: false,
      status: "PENDING",
      offer: null,
      answeredBy: null,
      betId: null,
    });

    // The owner and the manager each get the message with Accept, Counter (the mini-app) and Decline.
    for (const user of [w.book.owner, w.manager]) {
      await vi.waitUntil(() => requestMessages(user.userId).length === 1, QUEUE);
      const [message] = requestMessages(user.userId);
      expect(message.params.text).toContain(`@${w.punter.username} asks for 40.00 at 2 on Red Rum`);
      expect(message.params.text).toContain("His max stake: 10.00.");
      const [accept, counter, decline] = (message.params.reply_markup as Keyboard).inline_keyboard[0];
      expect(accept).toEqual({ text: "Accept", callback_data: `pr:${request.id}:A` });
      expect(counter.web_app!.url).toContain(`startapp=pr_${request.id}`);
      expect(decline).toEqual({ text: "Decline", callback_data: `pr:${request.id}:D` });
    }

    // The manager accepts in the chat: the press is answered, and the request offered for 60 s.
    const said = await press(w.manager, `pr:${request.id}:A`);
    expect(said).toBe(`Offered to @${w.punter.username}: 60 seconds to take it.`);
    expect(bot.of("answerCallbackQuery").map((c) => c.params.text)).toEqual([said]);
    const offered = await requestOf(w, request.id);
    expect(offered).toMatchObject({
      status: "OFFERED",
      offer: { amount: 40, coefficient: 2 },
      answeredBy: { userId: w.manager.userId, username: w.manager.username },
    });
    const left = Date.parse(offered.offer!.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);

    // Every copy is edited to say who answered what, its buttons gone; the punter is told.
    await vi.waitUntil(() => bot.of("editMessageText").length === 2, QUEUE);
    for (const edit of bot.of("editMessageText")) {
      expect(edit.params.text).toContain(`@${w.manager.username} offered 40.00 at 2.`);
      expect(edit.params.reply_markup).toEqual({ inline_keyboard: [] });
    }
    expect([...bot.of("editMessageText").map((e) => e.params.chat_id)].sort()).toEqual(
      [w.book.owner.userId, w.manager.userId].sort(),
    );
    expect(await told(w.punter, "Your bookmaker offers 40.00 at 2 on Red Rum")).toBeTruthy();

    // A second press, by the owner, changes nothing and says who answered.
    expect(await press(w.book.owner, `pr:${request.id}:D`)).toBe(`@${w.manager.username} offered 40.00 at 2.`);
    expect((await requestOf(w, request.id)).status).toBe("OFFERED");

    // Taken: 40 at 2 pays 80, past the event's max payout of 60 and his max stake of 10.
    const key = crypto.randomUUID();
    const res = await take(w.punter.token, request.id, key);
    expect(res.status, await res.clone().text()).toBe(201);
    const taken = await res.json<Bet>();
    expect(taken).toMatchObject({ money: { amount: 40 }, coefficient: 2, status: "ACCEPTED" });
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(60);
    // The same key answers the same bet; another key finds it taken.
    const again = await take(w.punter.token, request.id, key);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(taken);
    expect((await errorOf(await take(w.punter.token, request.id))).code).toBe("ALREADY_TAKEN");
    expect(await requestOf(w, request.id)).toMatchObject({ status: "TAKEN", betId: taken.betId });

    // The audit log: asked, answered, taken, the last naming the bet.
    expect((await auditOf(w)).map((e) => [e.actor.userId, e.after])).toEqual([
      [
        w.punter.userId,
        expect.objectContaining({ requestId: request.id, status: "PENDING", amount: 40, coefficient: 2 }),
      ],
      [w.manager.userId, expect.objectContaining({ requestId: request.id, status: "OFFERED", action: "ACCEPT" })],
      [w.punter.userId, expect.objectContaining({ requestId: request.id, status: "TAKEN", betId: taken.betId })],
    ]);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("a counter offer from the mini-app: less stake and another price, taken at them", async () => {
    const w = await world();
    const request = await asked(w, { amount: 30, coefficient: 3 }); // 2.0 offered: a longer price asked
    expect((await errorOf(await answer(w.book.owner.token, request.id, { action: "COUNTER", amount: 31 }))).field).toBe(
      "amount",
    );
    expect((await errorOf(await answer(w.book.owner.token, request.id, { action: "COUNTER" }))).field).toBe("amount");
    expect(
      (await errorOf(await answer(w.book.owner.token, request.id, { action: "COUNTER", coefficient: 2.01 }))).field,
    ).toBe("coefficient");
    const res = await answer(w.book.owner.token, request.id, { action: "COUNTER", amount: 20, coefficient: 2.5 });
    expect(res.status).toBe(200);
    expect(await res.json<PriceRequest>()).toMatchObject({
      status: "OFFERED",
      amount: 30,
      coefficient: 3,
      offer: { amount: 20, coefficient: 2.5 },
      answeredBy: { userId: w.book.owner.userId },
    });
    const taken = await take(w.punter.token, request.id);
    expect(taken.status).toBe(201);
    expect(await taken.json<Bet>()).toMatchObject({ money: { amount: 20 }, coefficient: 2.5 });
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(80);
  });

  it("declined from the chat: the punter is told, and nothing more can be done with it", async () => {
    const w = await world();
    const request = await asked(w);
    expect(await press(w.book.owner, `pr:${request.id}:D`)).toBe("Declined.");
    expect(await requestOf(w, request.id)).toMatchObject({ status: "DECLINED", offer: null });
    expect(await told(w.punter, "Your bookmaker declined your request on Red Rum")).toBeTruthy();
    const late = await answer(w.manager.token, request.id, { action: "ACCEPT" });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(`@${w.book.owner.username} answered this request already.`);
    expect((await errorOf(await take(w.punter.token, request.id))).code).toBe("OFFER_EXPIRED");
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(100);
  });
});

describe("refusals move no coin", () => {
  it("what the box would take, without the coins, twice on one outcome, off the ladder, by a stranger", async () => {
    const w = await world({ punterCoins: 50 });
    // Within his max stake at the price offered (or a shorter one): a bet, not a request.
    expect((await errorOf(await ask(w, { amount: 5 }))).code).toBe("PRICE_REQUEST_NOT_NEEDED");
    expect((await errorOf(await ask(w, { amount: 5, coefficient: 1.5 }))).code).toBe("PRICE_REQUEST_NOT_NEEDED");
    // Without the coins: 30 each way stakes 60 of his 50.
    w.event = await newEvent(w.book, { maxTotalPayout: 60, items: RUNNERS, eachWay: { places: 2, fraction: 4 } });
    expect((await errorOf(await ask(w, { amount: 30, eachWay: true }))).code).toBe("INSUFFICIENT_COINS");
    expect((await errorOf(await ask(w, { amount: 51 }))).code).toBe("INSUFFICIENT_COINS");
    // A longer price within his stake is a request; a second on the outcome is refused.
    await asked(w, { amount: 5, coefficient: 2.5 });
    expect((await errorOf(await ask(w, { amount: 40 }))).code).toBe("PRICE_REQUEST_OPEN");
    // Bad input names its field.
    expect((await errorOf(await ask(w, { coefficient: 2.01, item: 1 }))).field).toBe("coefficient");
    expect((await errorOf(await ask(w, { amount: -1, item: 1 }))).field).toBe("amount");
    // Not a punter of the book.
    const stranger = await signIn("stranger");
    const res = await call("POST", "/price-requests", {
      token: stranger.token,
      body: {
        bookmakerId: w.book.bookmakerId,
        eventId: w.event.id,
        eventItemId: w.event.items[1].id,
        amount: 40,
        coefficient: 3,
      },
    });
    expect(res.status).toBe(403);
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(50);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("an answer by a clerk, a punter or another book; a press by anyone not the owner or a manager", async () => {
    const w = await world();
    const request = await asked(w);
    const clerk = await signIn("clerk", { allowsWrite: true });
    await json("PUT", `/bookmakers/${w.book.bookmakerId}/staff`, {
      token: w.book.owner.token,
      body: { username: clerk.username, role: "CLERK" },
    });
    const other = await newBook();
    expect((await answer(clerk.token, request.id, { action: "ACCEPT" })).status).toBe(403);
    expect((await answer(w.punter.token, request.id, { action: "ACCEPT" })).status).toBe(404);
    expect((await answer(other.owner.token, request.id, { action: "ACCEPT" })).status).toBe(404);
    expect((await errorOf(await answer(w.book.owner.token, request.id, { action: "MAYBE" }))).field).toBe("action");
    // Presses are answered, and change nothing.
    expect(await press(clerk, `pr:${request.id}:A`)).toBe("A clerk cannot do this: ask the bookmaker or a manager.");
    expect(await press(w.punter, `pr:${request.id}:A`)).toBeTruthy();
    expect(await press(other.owner, `pr:${request.id}:A`)).toBe("Price request not found.");
    expect(await press(w.book.owner, "pr:oops")).toBe("This button no longer does anything.");
    expect(bot.of("answerCallbackQuery")).toHaveLength(4);
    expect((await requestOf(w, request.id)).status).toBe("PENDING");
    // A take before any offer, or by someone else.
    expect((await errorOf(await take(w.punter.token, request.id))).code).toBe("OFFER_EXPIRED");
    await answer(w.book.owner.token, request.id, { action: "ACCEPT" });
    const someoneElse = await newPunter(w.book, { coins: 100 });
    expect((await take(someoneElse.token, request.id)).status).toBe(404);
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(100);
  });

  it("a punter sees his own requests; the book sees all of its own", async () => {
    const w = await world();
    const mine = await asked(w);
    const other = await newPunter(w.book, { coins: 100 });
    await json("PUT", "/balances/limits", {
      token: w.book.owner.token,
      body: { userId: other.userId, maxStake: 10, maxPayoutPerEvent: null },
    });
    await asked({ ...w, punter: other });
    const own = await json<PriceRequest[]>("GET", "/price-requests", { token: w.punter.token });
    expect(own.map((r) => r.id)).toEqual([mine.id]);
    const book = await json<PriceRequest[]>("GET", `/price-requests?status=PENDING`, { token: w.manager.token });
    expect(book).toHaveLength(2);
    expect(book[0].id).toBeGreaterThan(book[1].id);
    expect((await errorOf(await call("GET", "/price-requests?status=NOPE", { token: w.punter.token }))).field).toBe(
      "status",
    );
  });
});

/** Moves a request's time on, as minutes passing would. */
const age = (id: number, column: "expires_at" | "offer_expires_at") =>
  env.DB.prepare(`UPDATE price_requests SET ${column} = ?2 WHERE id = ?1`)
    .bind(id, new Date(Date.now() - 1_000).toISOString())
    .run();

describe("expiry", () => {
  it("unanswered for 5 minutes: expired by the minute's sweep, every copy edited, the punter told", async () => {
    const w = await world();
    const request = await asked(w);
    await vi.waitUntil(() => requestMessages(w.manager.userId).length === 1, QUEUE);
    await age(request.id, "expires_at");
    expect(await expirePriceRequests(env)).toContain(request.id);
    expect((await requestOf(w, request.id)).status).toBe("EXPIRED");
    await vi.waitUntil(() => bot.of("editMessageText").length === 2, QUEUE);
    expect(bot.of("editMessageText")[0].params.text).toContain("Expired: nobody answered in time.");
    expect(await told(w.punter, "expired unanswered")).toBeTruthy();
    expect(await press(w.book.owner, `pr:${request.id}:A`)).toBe("Expired: nobody answered in time.");
    expect((await auditOf(w)).at(-1)).toMatchObject({ actor: { userId: 0 }, after: { status: "EXPIRED" } });
  });

  it("an offer not taken in 60 s, and a request whose event stops taking bets", async () => {
    const w = await world();
    const request = await asked(w);
    await answer(w.book.owner.token, request.id, { action: "ACCEPT" });
    await age(request.id, "offer_expires_at");
    expect((await errorOf(await take(w.punter.token, request.id))).code).toBe("OFFER_EXPIRED");
    expect((await requestOf(w, request.id)).status).toBe("EXPIRED");

    const second = await asked(w, { item: 1, amount: 30 });
    expect((await call("POST", `/events/${w.event.id}/draft`, { token: w.book.owner.token })).status).toBe(200);
    expect((await requestOf(w, second.id)).status).toBe("EXPIRED");
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(100);
  });
});

describe("races", () => {
  it("the owner and a manager answering at once: one answer, one audit row", async () => {
    const w = await world();
    for (const item of [0, 1, 2]) {
      const request = await asked(w, { item, amount: 30 });
      const [a, b] = await Promise.all([
        answer(w.book.owner.token, request.id, { action: "ACCEPT" }),
        answer(w.manager.token, request.id, { action: "DECLINE" }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? w.book.owner : w.manager;
      expect((await requestOf(w, request.id)).answeredBy?.userId).toBe(winner.userId);
      const answers = (await auditOf(w)).filter(
        (e) => (e.after as { requestId: number }).requestId === request.id && e.before !== null,
      );
      expect(answers.map((e) => e.actor.userId)).toEqual([winner.userId]);
    }
  });

  it("a take racing its expiry: the bet and the TAKEN request, or neither", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const w = await world();
      const request = await asked(w);
      await answer(w.book.owner.token, request.id, { action: "ACCEPT" });
      // The offer ends within a few milliseconds: the take and the sweep race it.
      await env.DB.prepare(`UPDATE price_requests SET offer_expires_at = ?2 WHERE id = ?1`)
        .bind(request.id, new Date(Date.now() + 5 * round).toISOString())
        .run();
      const [res] = await Promise.all([take(w.punter.token, request.id), expirePriceRequests(env)]);
      const now = await requestOf(w, request.id);
      const balance = await coins(w.punter.token, w.book.bookmakerId);
      if (res.status === 201) {
        expect(now.status).toBe("TAKEN");
        expect(balance).toBe(60);
      } else {
        expect((await errorOf(res)).code).toBe("OFFER_EXPIRED");
        expect(now.status).toBe("EXPIRED");
        expect(balance).toBe(100);
      }
      outcomes.push(now.status);
    }
    console.log(`take racing expiry: ${outcomes.join(", ")}`);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("a take racing a price change is struck at the offer; racing a non-runner, refunded or refused", async () => {
    const w = await world();
    const request = await asked(w);
    await answer(w.book.owner.token, request.id, { action: "ACCEPT" });
    const [moved, res] = await Promise.all([
      call("POST", `/events/${w.event.id}/coefficients`, {
        token: w.book.owner.token,
        body: { items: [{ id: w.event.items[0].id, coefficient: 1.5 }] },
      }),
      take(w.punter.token, request.id),
    ]);
    expect(moved.status).toBe(200);
    expect(res.status).toBe(201);
    expect(await res.json<Bet>()).toMatchObject({ money: { amount: 40 }, coefficient: 2 });
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(60);

    const second = await asked(w, { item: 1, amount: 20 });
    await answer(w.manager.token, second.id, { action: "ACCEPT" });
    const [withdrawn, late] = await Promise.all([
      call("POST", `/events/${w.event.id}/nr/${w.event.items[1].id}`, { token: w.book.owner.token, body: {} }),
      take(w.punter.token, second.id),
    ]);
    expect(withdrawn.status).toBe(200);
    // Struck before the withdrawal: refunded with it. After: refused, as any bet on a non-runner.
    console.log(`take racing a non-runner: ${late.status} ${await late.clone().text()}`);
    if (late.status !== 201) expect((await errorOf(late)).code).toBe("EVENT_NOT_OPEN");
    await settle();
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(60);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});
