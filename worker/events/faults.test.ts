import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent } from "../contract";
import { call, json } from "../test/api";
import { bet, coins, newEvent, placeBet, poolCoins } from "../test/events";
import { expectRoomMatchesD1, inOrder, injectFaults } from "../test/faulty-d1";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

// D1 fails in production. A write that fails before it lands, or lands and loses its answer,
// must leave the room holding what D1 holds, and answer as D1 says.

const betCount = async (eventId: number) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM bets WHERE event_id = ?1`).bind(eventId).first<{ n: number }>())!.n;

async function world() {
  const book = await newBook({ coins: 1000 });
  const event = await newEvent(book, {
    items: [
      ["A", 2],
      ["B", 3],
      ["C", 5],
    ],
  });
  const punter = await newPunter(book, { coins: 100 });
  await placeBet(punter, book, event, 0, 10); // the room now knows the punter: his next bet is one batch
  return { book, event, punter };
}

describe("the room when D1 fails", () => {
  it("answers 201 for a bet whose batch committed but lost its answer, and holds it once", async () => {
    const { book, event, punter } = await world();
    await injectFaults(event.id, inOrder("after"));
    const res = await bet(punter, book, event, 1, 20);
    expect(res.status).toBe(201);
    expect(await betCount(event.id)).toBe(2);
    expect(await coins(punter.token, book.bookmakerId)).toBe(70);
    await expectRoomMatchesD1(event.id);
    expect((await bet(punter, book, event, 1, 5)).status).toBe(409); // BET_EXISTS: it is there
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("marks a bet's idempotency key committed in the bet's own batch, so a retry after a lost answer replays the bet", async () => {
    const { book, event, punter } = await world();
    await injectFaults(event.id, inOrder("after"));
    const headers = { "Idempotency-Key": `lost-answer-${event.id}` };
    const body = {
      requestId: 0,
      bookmakerId: book.bookmakerId,
      eventId: event.id,
      eventItemId: event.items[1].id,
      amount: 20,
      coefficient: event.items[1].currCoefficient,
    };
    const first = await call("POST", "/bets", { token: punter.token, body, headers });
    expect(first.status).toBe(201);
    const key = await env.DB.prepare(`SELECT state, ref FROM idempotency_keys WHERE user_id = ?1 AND key = ?2`)
      .bind(punter.userId, headers["Idempotency-Key"])
      .first();
    expect(key).toMatchObject({ ref: `bet:${book.bookmakerId}:${event.id}:${event.items[1].id}` });
    const retry = await call("POST", "/bets", { token: punter.token, body, headers });
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(await first.json());
    expect(await betCount(event.id)).toBe(2);
    expect(await coins(punter.token, book.bookmakerId)).toBe(70);
  });

  it("answers 503 for a bet whose batch never landed, moves nothing, and takes the same bet next time", async () => {
    const { book, event, punter } = await world();
    await injectFaults(event.id, inOrder("before"));
    const res = await bet(punter, book, event, 1, 20);
    expect(res.status).toBe(503);
    expect(await betCount(event.id)).toBe(1);
    expect(await coins(punter.token, book.bookmakerId)).toBe(90);
    await expectRoomMatchesD1(event.id);
    expect((await bet(punter, book, event, 1, 20)).status).toBe(201);
    await expectRoomMatchesD1(event.id);
  });

  it("answers each bet of a group whose batch lost its answer as written", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 2],
        ["B", 3],
      ],
    });
    const punters = await Promise.all(Array.from({ length: 6 }, () => newPunter(book, { coins: 50 })));
    await Promise.all(punters.map((p) => placeBet(p, book, event, 0, 1)));
    await injectFaults(event.id, (_n, size) => (size > 8 ? "after" : null)); // every multi-bet group
    const statuses = await Promise.all(punters.map((p) => bet(p, book, event, 1, 10).then((r) => r.status)));
    expect(statuses).toEqual(punters.map(() => 201));
    expect(await betCount(event.id)).toBe(12);
    await expectRoomMatchesD1(event.id);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("never fails a bet because the equalizer's price flush failed; the next write carries the prices", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      botEqualizer: true,
      maxTotalPayout: 200,
      items: [
        ["A", 2],
        ["B", 2],
      ],
    });
    const rich = await newPunter(book, { coins: 100 });
    const poor = await newPunter(book, { coins: 1 });
    const current = () => json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
    await placeBet(rich, book, await current(), 1, 1);
    await placeBet(poor, book, await current(), 1, 1);
    // Price-only batches (2 prices + the version) fail; bet batches go through.
    await injectFaults(event.id, (_n, size) => (size === 3 ? "before" : null));
    const fresh = await current();
    const [ok, short] = await Promise.all([bet(rich, book, fresh, 0, 40), bet(poor, book, fresh, 0, 40)]);
    expect(ok.status).toBe(201);
    expect(short.status).toBe(409);
    await injectFaults(event.id, () => null);
    // D1 still shows the prices of before; a bet at them is told the new odds, and the room pays what it owes.
    const third = await newPunter(book, { coins: 10 });
    expect([201, 409]).toContain((await bet(third, book, fresh, 1, 1)).status);
    expect((await bet(third, book, await current(), 0, 1)).status).toBe(201);
    await expectRoomMatchesD1(event.id);
  });

  it("answers a bet that arrives while owed prices are being written", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      botEqualizer: true,
      maxTotalPayout: 200,
      items: [
        ["A", 2],
        ["B", 2],
      ],
    });
    const current = () => json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
    const poor = await newPunter(book, { coins: 1 });
    const late = await newPunter(book, { coins: 10 });
    for (const p of [poor, late]) await placeBet(p, book, await current(), 1, 1);
    // A bet refused at its write leaves the prices it moved owed to D1; that flush is slow, and a bet comes in meanwhile.
    await injectFaults(event.id, (_n, size) => (size === 3 ? "slow" : null));
    const fresh = await current();
    expect((await bet(poor, book, fresh, 0, 40)).status).toBe(409);
    const answer = await Promise.race([
      bet(late, book, fresh, 0, 1).then((r) => r.status),
      new Promise((r) => setTimeout(() => r("no answer"), 5000)),
    ]);
    expect(answer).toBe(201);
  });

  it("settles once when finalize lands but loses its answer, and answers it as done", async () => {
    const { book, event, punter } = await world();
    await injectFaults(event.id, (_n, size) => (size > 4 ? "after" : null));
    const res = await call("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [event.items[0].id] },
    });
    expect(res.status).toBe(200);
    expect((await res.json<BookmakerEvent>()).status).toBe("CALCULATED");
    expect(await coins(punter.token, book.bookmakerId)).toBe(110); // 90 + 10 × 2
    await injectFaults(event.id, () => null);
    expect(
      (
        await call("POST", `/events/${event.id}/finalize`, {
          token: book.owner.token,
          body: { eventId: event.id, winners: [] },
        })
      ).status,
    ).toBe(409);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("answers 503 for a finalize that never landed: nothing paid, the event still open and settled by the next try", async () => {
    const { book, event, punter } = await world();
    const pool = await poolCoins(book);
    await injectFaults(event.id, inOrder("before"));
    const res = await call("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [event.items[0].id] },
    });
    expect(res.status).toBe(503);
    expect(await poolCoins(book)).toBe(pool);
    expect((await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token })).status).toBe(
      "READY_FOR_BETS",
    );
    await json("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [event.items[0].id] },
    });
    expect(await coins(punter.token, book.bookmakerId)).toBe(110);
  });

  it("keeps the old odds in memory and in D1 when a non-runner's write fails, and the old price still takes bets", async () => {
    const { book, event, punter } = await world();
    await injectFaults(event.id, inOrder("before"));
    expect(
      (await call("POST", `/events/${event.id}/nr/${event.items[2].id}`, { token: book.owner.token })).status,
    ).toBe(503);
    const now = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
    expect(now.items.map((i) => [i.status, i.currCoefficient])).toEqual(
      event.items.map((i) => ["ACTIVE", i.currCoefficient]),
    );
    expect((await bet(punter, book, event, 1, 10)).status).toBe(201);
    await expectRoomMatchesD1(event.id);
  });

  it("applies a non-runner that landed but lost its answer, and prices new bets at the new odds", async () => {
    const { book, event, punter } = await world();
    await injectFaults(event.id, (_n, size) => (size > 4 ? "after" : null));
    expect(
      (await call("POST", `/events/${event.id}/nr/${event.items[2].id}`, { token: book.owner.token })).status,
    ).toBe(200);
    await injectFaults(event.id, () => null);
    const now = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
    expect(now.items[2].status).toBe("NR");
    expect((await bet(punter, book, now, 1, 10)).status).toBe(201);
    await expectRoomMatchesD1(event.id);
  });
});
