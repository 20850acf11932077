import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bet, BookmakerEvent, ErrorBody } from "../contract";
import { markCommitted, requestHash } from "../idempotency/keys";
import { nowIso } from "../lib/time";
import { call, json, type TestUser } from "../test/api";
import { coins, newEvent, placeBet, runners } from "../test/events";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";
import { betRef } from "./replay";

const betBody = (book: TestBook, event: BookmakerEvent, itemIndex: number, amount: number) => ({
  requestId: 0,
  bookmakerId: book.bookmakerId,
  eventId: event.id,
  eventItemId: event.items[itemIndex].id,
  amount,
  coefficient: event.items[itemIndex].currCoefficient,
});
const postBet = (punter: TestUser, body: unknown, key: string) =>
  call("POST", "/bets", { token: punter.token, body, headers: { "Idempotency-Key": key } });
const freshKey = () => `bet-${crypto.randomUUID()}`;
const answer = async (res: Response) => ({ status: res.status, body: await res.json<unknown>() });

async function betCount(eventId: number, userId: number) {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n FROM bets WHERE event_id = ?1 AND user_id = ?2`)
    .bind(eventId, userId)
    .first<{ n: number }>())!.n;
}

describe("Idempotency-Key on POST /bets", () => {
  it("answers a retry with the same 201 and places one bet", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const key = freshKey();
    const first = await answer(await postBet(punter, betBody(book, event, 0, 10), key));
    const again = await answer(await postBet(punter, betBody(book, event, 0, 10), key));
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect(await betCount(event.id, punter.userId)).toBe(1);
    expect(await coins(punter.token, book.bookmakerId)).toBe(90);
  });

  it("places one bet and takes the stake once under 20 parallel retries", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postBet(punter, betBody(book, event, 1, 7.5), key).then(answer)),
    );
    const placed = answers.find((a) => a.status === 201);
    expect(placed).toBeDefined();
    for (const a of answers) {
      if (a.status === 201) expect(a).toEqual(placed);
      else expect(a).toMatchObject({ status: 409, body: { error: { code: "IDEMPOTENCY_KEY_IN_USE" } } });
    }
    expect(await betCount(event.id, punter.userId)).toBe(1);
    expect(await coins(punter.token, book.bookmakerId)).toBe(92.5);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("refuses the same key with another bet with 422 IDEMPOTENCY_KEY_REUSED", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const key = freshKey();
    await postBet(punter, betBody(book, event, 0, 10), key);
    const res = await postBet(punter, betBody(book, event, 1, 10), key);
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await betCount(event.id, punter.userId)).toBe(1);
  });

  it("replays a refused bet: a retry after the punter was given coins is still INSUFFICIENT_COINS", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 5 });
    const key = freshKey();
    const first = await answer(await postBet(punter, betBody(book, event, 0, 10), key));
    expect(first).toMatchObject({ status: 409, body: { error: { code: "INSUFFICIENT_COINS" } } });
    await json("POST", "/balances/add", {
      token: book.owner.token,
      body: { userId: punter.userId, balance: { amount: 50 } },
    });
    expect(await answer(await postBet(punter, betBody(book, event, 0, 10), key))).toEqual(first);
    expect(await betCount(event.id, punter.userId)).toBe(0);
    expect(await coins(punter.token, book.bookmakerId)).toBe(55);
  });

  it("answers with the bet itself when the attempt that placed it died before answering", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const key = freshKey();
    const body = betBody(book, event, 1, 20);
    // The dead attempt: its claim, then its batch (the bet and the committed marker).
    const at = nowIso(Date.now() - 40_000);
    await env.DB.prepare(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, state, claim, claimed_at, created_at) VALUES (?1, ?2, ?3, 'PENDING', 'dead', ?4, ?4)`,
    )
      .bind(punter.userId, key, await requestHash("POST", "/bets", JSON.stringify(body)), at)
      .run();
    const placed: Bet = await placeBet(punter, book, event, 1, 20);
    await markCommitted(
      env.DB,
      punter.userId,
      key,
      betRef({ bookmakerId: book.bookmakerId, eventId: event.id, itemId: body.eventItemId }),
    ).run();

    const res = await postBet(punter, body, key);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(placed);
    expect(await betCount(event.id, punter.userId)).toBe(1);
    expect(await coins(punter.token, book.bookmakerId)).toBe(80);
  });

  it("keeps a placed bet's answer in the bet's own batch: the key's row holds the 201 as sent", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, { eachWay: "standard", items: runners(8) });
    const punter = await newPunter(book, { coins: 100 });
    for (const eachWay of [false, true]) {
      const key = freshKey();
      const res = await postBet(
        punter,
        { ...betBody(book, event, eachWay ? 1 : 0, 10), ...(eachWay ? { eachWay } : {}) },
        key,
      );
      expect(res.status).toBe(201);
      const text = await res.text();
      const row = await env.DB.prepare(
        `SELECT state, status, body FROM idempotency_keys WHERE user_id = ?1 AND key = ?2`,
      )
        .bind(punter.userId, key)
        .first();
      expect(row).toEqual({ state: "DONE", status: 201, body: text });
      const bet = JSON.parse(text) as Bet;
      expect(bet.eachWayOf).toBe(eachWay ? bet.betId : null);
    }
  });

  it("takes over a stale claim of the same bet, and waits for a live one, then answers 409 IN_USE with nothing placed", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const claim = async (key: string, body: unknown, ageMs: number) => {
      const at = nowIso(Date.now() - ageMs);
      await env.DB.prepare(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, state, claim, claimed_at, created_at) VALUES (?1, ?2, ?3, 'PENDING', 'other', ?4, ?4)`,
      )
        .bind(punter.userId, key, await requestHash("POST", "/bets", JSON.stringify(body)), at)
        .run();
    };
    const stale = freshKey();
    await claim(stale, betBody(book, event, 0, 10), 40_000);
    expect((await postBet(punter, betBody(book, event, 0, 10), stale)).status).toBe(201);

    const live = freshKey();
    await claim(live, betBody(book, event, 1, 10), 0);
    const res = await postBet(punter, betBody(book, event, 1, 10), live);
    expect(res.status).toBe(409);
    expect(res.headers.get("Retry-After")).toBe("1");
    expect((await res.json<ErrorBody>()).error.code).toBe("IDEMPOTENCY_KEY_IN_USE");
    expect(await betCount(event.id, punter.userId)).toBe(1);
    expect(await coins(punter.token, book.bookmakerId)).toBe(90);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("places each bet once when a group carries a key used before: the others are written, that one answered from its row", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, { items: runners(4) });
    const punters = await Promise.all(Array.from({ length: 6 }, () => newPunter(book, { coins: 100 })));
    const reused = freshKey();
    const first = await answer(await postBet(punters[0], betBody(book, event, 0, 5), reused));
    // Six bets at once (a group), one of them the same key with another bet.
    const answers = await Promise.all(
      punters.map((p, i) => postBet(p, betBody(book, event, 1, 5), i === 0 ? reused : freshKey()).then(answer)),
    );
    expect(answers[0]).toMatchObject({ status: 422, body: { error: { code: "IDEMPOTENCY_KEY_REUSED" } } });
    for (const a of answers.slice(1)) expect(a.status).toBe(201);
    expect(first.status).toBe(201);
    expect(await betCount(event.id, punters[0].userId)).toBe(1);
    for (const p of punters.slice(1)) expect(await coins(p.token, book.bookmakerId)).toBe(95);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});
