import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bet, ErrorBody, PlayerEvent } from "../contract";
import { call, json, signIn } from "../test/api";
import { bet, coins, draftBody, inHours, newEvent, placeBet, poolCoins, startEvent } from "../test/events";
import { giveSubscription, ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

const codeOf = async (res: Response) => (await res.json<{ error: { code: string } }>()).error.code;

describe("placing a bet", () => {
  it("takes the stake from the punter into the pool, with a ledger row, and answers the bet", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const placed = await placeBet(punter, book, event, 1, 25.5);
    expect(placed).toMatchObject({
      eventId: event.id,
      eventItemId: event.items[1].id,
      userId: punter.userId,
      coefficient: 3,
      status: "ACCEPTED",
      money: { amount: 25.5, currency: "COIN" },
      eventTitle: "Horse Racing / United Kingdom",
      eventDescription: "Race 1 at Ascot",
      outcomeTitle: "Shergar",
    });
    expect(await coins(punter.token, book.bookmakerId)).toBe(74.5);
    expect(await poolCoins(book)).toBe(925.5);
    const stake = await env.DB.prepare(`SELECT amount_cents FROM ledger WHERE kind = 'STAKE' AND ref = ?1`)
      .bind(`event:${event.id}`)
      .all();
    expect(stake.results).toEqual([{ amount_cents: 2550 }]);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("refuses a second bet by the same punter on the same outcome, whatever its size", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    await placeBet(punter, book, event, 0, 1);
    const res = await bet(punter, book, event, 0, 50);
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe("BET_EXISTS");
    await placeBet(punter, book, event, 1, 1); // another outcome is fine
  });

  it("refuses odds that are not the current ones with ODDS_CHANGED and the new odds", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const res = await bet(punter, book, event, 0, 10, 2.5);
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error).toMatchObject({ code: "ODDS_CHANGED", coefficient: 2 });
    expect(await coins(punter.token, book.bookmakerId)).toBe(100);
  });

  it("refuses a bet that would take the outcome past the max payout, saying what still fits", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, { maxTotalPayout: 100 }); // outcome 0 at 2.0: 50 coins of stakes at most
    const a = await newPunter(book, { coins: 100 });
    const b = await newPunter(book, { coins: 100 });
    await placeBet(a, book, event, 0, 30);
    const [shown] = await json<PlayerEvent[]>("GET", `/player/events/${book.bookmakerId}`, { token: b.token });
    expect(shown.items.map((i) => i.maxStake)).toEqual([20, 33.33]); // 100 − 60 left at 2.0; 100 at 3.0
    const res = await bet(b, book, event, 0, 20.01);
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error).toMatchObject({ code: "LIMIT_EXCEEDED", maxStake: 20 });
    await placeBet(b, book, event, 0, 20);
  });

  it("refuses a bet larger than the punter's coins with INSUFFICIENT_COINS and moves nothing", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 10 });
    const res = await bet(punter, book, event, 0, 10.01);
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe("INSUFFICIENT_COINS");
    expect(await coins(punter.token, book.bookmakerId)).toBe(10);
    await placeBet(punter, book, event, 0, 10); // and the outcome is free for him after the refusal
  });

  it("refuses bets on a suspended, started, settled or abandoned event with EVENT_NOT_OPEN", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const suspended = await newEvent(book);
    await json("POST", `/events/${suspended.id}/draft`, { token: book.owner.token });
    const started = await newEvent(book);
    await startEvent(started.id);
    const settled = await newEvent(book);
    await json("POST", `/events/${settled.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: settled.id, winners: [settled.items[0].id] },
    });
    const abandoned = await newEvent(book);
    await json("POST", `/events/${abandoned.id}/abandon`, { token: book.owner.token });
    for (const event of [suspended, started, settled, abandoned]) {
      const res = await bet(punter, book, event, 1, 5);
      expect(res.status).toBe(409);
      expect(await codeOf(res)).toBe("EVENT_NOT_OPEN");
    }
    expect(await coins(punter.token, book.bookmakerId)).toBe(100);
  });

  it("refuses bets on a withdrawn outcome", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 2],
        ["B", 3],
        ["C", 4],
      ],
    });
    await json("POST", `/events/${event.id}/nr/${event.items[2].id}`, { token: book.owner.token });
    const punter = await newPunter(book, { coins: 100 });
    const res = await bet(punter, book, event, 2, 5);
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe("EVENT_NOT_OPEN");
  });

  it("lets only approved punters bet: pending and strangers 403, another book's event 404", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const pending = await signIn("pending");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: pending.token });
    const stranger = await signIn("stranger");
    for (const user of [pending, stranger]) expect((await bet(user, book, event, 0, 1)).status).toBe(403);
    const other = await newBook({ coins: 1000 });
    const theirs = await newPunter(other, { coins: 100 });
    // a member of another book naming his own book but this event
    const res = await call("POST", "/bets", {
      token: theirs.token,
      body: {
        bookmakerId: other.bookmakerId,
        eventId: event.id,
        eventItemId: event.items[0].id,
        amount: 1,
        coefficient: 2,
      },
    });
    expect(res.status).toBe(404);
  });

  it("closes bets on the events of a bookmaker whose subscription has expired", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    await giveSubscription(book.owner.userId, "BOOKMAKER", new Date(Date.now() - 1000).toISOString());
    const res = await bet(punter, book, event, 0, 1);
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe("EVENT_NOT_OPEN");
  });

  it("refuses bad bodies with 400 and the field named", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const base = {
      bookmakerId: book.bookmakerId,
      eventId: event.id,
      eventItemId: event.items[0].id,
      amount: 1,
      coefficient: 2,
    };
    for (const [change, field] of [
      [{ amount: -1 }, "amount"],
      [{ amount: 0 }, "amount"],
      [{ amount: 1.001 }, "amount"],
      [{ amount: "1" }, "amount"],
      [{ eventId: "x" }, "eventId"],
      [{ eventItemId: null }, "eventItemId"],
      [{ coefficient: "2" }, "coefficient"],
    ] as const) {
      const res = await call("POST", "/bets", { token: punter.token, body: { ...base, ...change } });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.field).toBe(field);
    }
    expect(await coins(punter.token, book.bookmakerId)).toBe(100);
  });
});

describe("punter's view", () => {
  it("shows approved punters the published events with current odds, his stake and his what-if with WHAT_IF", async () => {
    const book = await newBook({ coins: 1000 });
    await giveSubscription(book.owner.userId, "WHAT_IF");
    const event = await newEvent(book);
    const { eventId: draftOnly } = await json<{ eventId: number }>("POST", "/drafts", {
      token: book.owner.token,
      body: draftBody(book, {
        title: "Darts / Ireland",
        description: "never published",
        startDate: inHours(1),
        endDate: inHours(2),
        maxTotalPayout: 100,
        items: [
          ["A", 2],
          ["B", 2],
        ],
      }),
    });
    const punter = await newPunter(book, { coins: 100 });
    await placeBet(punter, book, event, 0, 10);
    const events = await json<PlayerEvent[]>("GET", `/player/events/${book.bookmakerId}`, { token: punter.token });
    expect(events.map((e) => e.eventId)).toEqual([event.id]);
    expect(events.map((e) => e.eventId)).not.toContain(draftOnly);
    const membership = await env.DB.prepare(`SELECT id FROM memberships WHERE bookmaker_id = ?1 AND user_id = ?2`)
      .bind(book.bookmakerId, punter.userId)
      .first<{ id: number }>();
    expect(events[0]).toMatchObject({ status: "READY_FOR_BETS", requestId: membership!.id, maxTotalPayout: 10_000 });
    expect(events[0].items.map((i) => [i.title, i.coefficient, i.fractalCoefficient, i.myStake, i.whatIf])).toEqual([
      ["Red Rum", 2, null, 10, 10], // wins 20 back for 10 staked
      ["Shergar", 3, null, 0, -10],
    ]);
  });

  it("shows what-if as 0 without WHAT_IF, and fractional odds only with FRACTAL_ODDS (403 when asked without)", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    await placeBet(punter, book, event, 0, 10);
    let [shown] = await json<PlayerEvent[]>("GET", `/player/events/${book.bookmakerId}`, { token: punter.token });
    expect(shown.items.map((i) => i.whatIf)).toEqual([0, 0]);
    const res = await call("GET", `/player/events/${book.bookmakerId}?fractional=true`, { token: punter.token });
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).error.code).toBe("FEATURE_UNAVAILABLE");
    await giveSubscription(book.owner.userId, "FRACTAL_ODDS");
    [shown] = await json<PlayerEvent[]>("GET", `/player/events/${book.bookmakerId}?fractional=true`, {
      token: punter.token,
    });
    expect(shown.items.map((i) => i.fractalCoefficient)).toEqual(["1/1", "2/1"]);
  });

  it("shows events only to approved punters", async () => {
    const book = await newBook({ coins: 1000 });
    await newEvent(book);
    const stranger = await signIn("stranger");
    expect((await call("GET", `/player/events/${book.bookmakerId}`, { token: stranger.token })).status).toBe(403);
    expect((await call("GET", `/player/events/99999999`, { token: stranger.token })).status).toBe(404);
  });

  it("lists a punter's own bets newest first; the bookmaker may read a punter's, nobody else", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const first = await placeBet(punter, book, event, 0, 5);
    const second = await placeBet(punter, book, event, 1, 7);
    const own = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: punter.token });
    expect(own.map((b) => b.betId)).toEqual([second.betId, first.betId]);
    expect(own[0]).toMatchObject({
      outcomeTitle: "Shergar",
      eventTitle: "Horse Racing / United Kingdom",
      money: { amount: 7 },
    });
    const asOwner = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/?userId=${punter.userId}`, {
      token: book.owner.token,
    });
    expect(asOwner.map((b) => b.betId)).toEqual([second.betId, first.betId]);
    const other = await newPunter(book, { coins: 1 });
    expect(
      (await call("GET", `/bets/${book.bookmakerId}/?userId=${punter.userId}`, { token: other.token })).status,
    ).toBe(403);
    expect(await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: other.token })).toEqual([]);
  });
});
