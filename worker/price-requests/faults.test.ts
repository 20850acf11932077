import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PriceRequest } from "../contract";
import { call, json } from "../test/api";
import { coins, newEvent } from "../test/events";
import { fakeBotApi, type FakeBotApi } from "../test/fake-telegram";
import { faultyD1, injectFaults, type Fault } from "../test/faulty-d1";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

// A price request's writes failing as D1 fails in production: before writing (nothing happened)
// and after (it happened, the answer was lost). What the request is afterwards is what D1 says,
// and a retry finds it so.

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
});
afterEach(() => bot.restore());

async function world() {
  const book = await newBook({ coins: 1_000 });
  const punter = await newPunter(book, { coins: 100 });
  await json("PUT", "/balances/limits", {
    token: book.owner.token,
    body: { userId: punter.userId, maxStake: 10, maxPayoutPerEvent: null },
  });
  const event = await newEvent(book, {
    items: [
      ["A", 2],
      ["B", 3],
      ["C", 4],
    ],
  });
  const body = (item: number) => ({
    bookmakerId: book.bookmakerId,
    eventId: event.id,
    eventItemId: event.items[item].id,
    amount: 40,
    coefficient: event.items[item].currCoefficient,
  });
  return { book, punter, event, body };
}

/** The batch with `size` statements or more fails as `fault`; every other batch goes through. */
const batchOf = (size: number, fault: Fault) => (_n: number, statements: number) => (statements >= size ? fault : null);

/** The route's first batch fails as `fault`: its change's (nothing is due to expire first). */
const change = (fault: Fault) => (n: number) => (n === 1 ? fault : null);

const statusOf = async (id: number) =>
  (await env.DB.prepare(`SELECT status FROM price_requests WHERE id = ?1`).bind(id).first<{ status: string }>())
    ?.status;

describe("a price request's writes failing", () => {
  it("asking: before the write nothing is asked; after it, the request stands and a retry finds it open", async () => {
    const w = await world();
    const before = await call("POST", "/price-requests", {
      token: w.punter.token,
      body: w.body(0),
      env: { DB: faultyD1(env.DB, change("before")) },
    });
    expect(before.status).toBeGreaterThanOrEqual(500);
    expect(await json<PriceRequest[]>("GET", "/price-requests", { token: w.punter.token })).toEqual([]);

    const after = await call("POST", "/price-requests", {
      token: w.punter.token,
      body: w.body(0),
      env: { DB: faultyD1(env.DB, change("after")) },
    });
    expect(after.status).toBeGreaterThanOrEqual(500);
    const [kept] = await json<PriceRequest[]>("GET", "/price-requests", { token: w.punter.token });
    expect(kept).toMatchObject({ status: "PENDING", amount: 40 });
    const retry = await call("POST", "/price-requests", { token: w.punter.token, body: w.body(0) });
    expect((await retry.json<{ error: { code: string } }>()).error.code).toBe("PRICE_REQUEST_OPEN");
  });

  it("answering: a lost answer is what D1 says, and a retry is told who answered", async () => {
    const w = await world();
    const request = await json<PriceRequest>("POST", "/price-requests", { token: w.punter.token, body: w.body(0) });
    const path = `/price-requests/${request.id}/answer`;
    const accept = { action: "ACCEPT" };
    const failed = await call("POST", path, {
      token: w.book.owner.token,
      body: accept,
      env: { DB: faultyD1(env.DB, change("before")) },
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await statusOf(request.id)).toBe("PENDING");
    const lost = await call("POST", path, {
      token: w.book.owner.token,
      body: accept,
      env: { DB: faultyD1(env.DB, change("after")) },
    });
    expect(lost.status).toBeGreaterThanOrEqual(500);
    expect(await statusOf(request.id)).toBe("OFFERED");
    const retry = await call("POST", path, { token: w.book.owner.token, body: accept });
    expect(retry.status).toBe(409);
    expect((await retry.json<{ error: { message: string } }>()).error.message).toBe(
      `@${w.book.owner.username} answered this request already.`,
    );
  });

  it("taking: a bet batch that fails takes nothing; one whose answer was lost is the bet, found by the retry", async () => {
    const w = await world();
    const take = (id: number, key: string) =>
      call("POST", `/price-requests/${id}/take`, { token: w.punter.token, headers: { "Idempotency-Key": key } });
    const offered = async (item: number) => {
      const request = await json<PriceRequest>("POST", "/price-requests", {
        token: w.punter.token,
        body: w.body(item),
      });
      await json("POST", `/price-requests/${request.id}/answer`, {
        token: w.book.owner.token,
        body: { action: "ACCEPT" },
      });
      return request;
    };

    const first = await offered(0);
    await injectFaults(w.event.id, batchOf(4, "before"));
    expect((await take(first.id, "k1")).status).toBe(503);
    expect(await statusOf(first.id)).toBe("OFFERED");
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(100);
    await injectFaults(w.event.id, () => null);
    const again = await take(first.id, "k1");
    expect(again.status).toBe(201);
    expect(await statusOf(first.id)).toBe("TAKEN");

    const second = await offered(1);
    await injectFaults(w.event.id, batchOf(4, "after"));
    const lost = await take(second.id, "k2");
    // The room reads D1 back after a lost answer: the bet is there, so it is answered.
    expect([201, 500]).toContain(lost.status);
    await injectFaults(w.event.id, () => null);
    const found = await take(second.id, "k2");
    expect(found.status).toBe(201);
    expect(await statusOf(second.id)).toBe("TAKEN");
    expect(await coins(w.punter.token, w.book.bookmakerId)).toBe(20);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});
