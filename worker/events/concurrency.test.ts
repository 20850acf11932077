import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent, ErrorBody } from "../contract";
import { json } from "../test/api";
import { bet, coins, newEvent, placeBet, poolCoins, roomStub, startEvent } from "../test/events";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

const thirty = Array.from({ length: 30 }, (_, i): [string, number] => [`Runner ${i + 1}`, 10]);

describe("a room under concurrent calls", () => {
  it("30 parallel bets of 10 from a punter holding 100 on 30 outcomes accept exactly 10 and leave 0", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, { items: thirty });
    const punter = await newPunter(book, { coins: 100 });
    const statuses = await Promise.all(
      event.items.map((_, i) => bet(punter, book, event, i, 10).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(await coins(punter.token, book.bookmakerId)).toBe(0);
    const n = await env.DB.prepare(`SELECT COUNT(*) AS n FROM bets WHERE event_id = ?1`)
      .bind(event.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(10);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("parallel bets never push an outcome's potential payout above the max payout", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      maxTotalPayout: 500,
      items: [
        ["A", 2],
        ["B", 2],
      ],
    }); // 250 of stakes on A at most
    const punters = await Promise.all(Array.from({ length: 20 }, () => newPunter(book, { coins: 40 })));
    const statuses = await Promise.all(punters.map((p) => bet(p, book, event, 0, 30).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(8); // 8 × 30 × 2 = 480 ≤ 500 < 540
    const row = await env.DB.prepare(
      `SELECT SUM(stake_cents * (odds_num + odds_den) / odds_den) AS liability FROM bets WHERE item_id = ?1`,
    )
      .bind(event.items[0].id)
      .first<{ liability: number }>();
    expect(row!.liability).toBeLessThanOrEqual(50_000);
  });

  it("continues correctly after the room is evicted mid-event", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      maxTotalPayout: 100,
      items: [
        ["A", 2],
        ["B", 3],
      ],
    });
    const a = await newPunter(book, { coins: 100 });
    const b = await newPunter(book, { coins: 100 });
    await placeBet(a, book, event, 0, 30);
    await evictDurableObject(roomStub(event.id));
    // the rebuilt room still knows a's bet and the liability on A
    expect((await bet(a, book, event, 0, 1)).status).toBe(409);
    const over = await bet(b, book, event, 0, 20.01);
    expect((await over.json<ErrorBody>()).error.code).toBe("LIMIT_EXCEEDED");
    await placeBet(b, book, event, 0, 20);
    await evictDurableObject(roomStub(event.id));
    await json("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [event.items[0].id] },
    });
    expect(await coins(a.token, book.bookmakerId)).toBe(130);
    expect(await coins(b.token, book.bookmakerId)).toBe(120);
    expect(await poolCoins(book)).toBe(1000 - 200 + 50 - 100);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("keeps the equalizer's prices across an eviction, moving them with the money", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      botEqualizer: true,
      maxTotalPayout: 100,
      items: [
        ["A", 2],
        ["B", 2],
      ],
    });
    const a = await newPunter(book, { coins: 100 });
    await placeBet(a, book, event, 0, 40);
    const moved = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
    expect(moved.items[0].currCoefficient).toBeLessThan(2);
    expect(moved.items[1].currCoefficient).toBeGreaterThan(2);
    expect(moved.items.map((i) => i.coefficient)).toEqual([2, 2]);
    await evictDurableObject(roomStub(event.id));
    // the rebuilt room takes bets at the same prices it published
    const b = await newPunter(book, { coins: 100 });
    const placed = await placeBet(b, book, { ...event, items: moved.items }, 1, 5);
    expect(placed.coefficient).toBe(moved.items[1].currCoefficient);
  });

  it("abandons and refunds an event left unsettled 30 days after its end (alarm)", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 10 });
    await placeBet(punter, book, event, 0, 10);
    const longAgo = new Date(Date.now() - 31 * 864e5).toISOString();
    await env.DB.prepare(
      `UPDATE events SET start_date = ?2, end_date = ?2, status = 'WAITING_FOR_RESULT' WHERE id = ?1`,
    )
      .bind(event.id, longAgo)
      .run();
    await evictDurableObject(roomStub(event.id));
    expect(await runDurableObjectAlarm(roomStub(event.id))).toBe(true);
    expect((await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token })).status).toBe(
      "CANCELLED",
    );
    expect(await coins(punter.token, book.bookmakerId)).toBe(10);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("stops bets when the start passes (alarm: WAITING_FOR_RESULT)", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    await startEvent(event.id);
    expect(await runDurableObjectAlarm(roomStub(event.id))).toBe(true);
    expect((await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token })).status).toBe(
      "WAITING_FOR_RESULT",
    );
  });
});
