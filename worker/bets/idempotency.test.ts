import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bet, BookmakerEvent, ErrorBody } from "../contract";
import { markCommitted, requestHash } from "../lib/idempotency";
import { nowIso } from "../lib/time";
import { call, json, type TestUser } from "../test/api";
import { coins, newEvent, placeBet } from "../test/events";
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
});
