import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runMoneyBatch } from "../../ledger/transfer";
import { newEvent, runners } from "../../test/events";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../../test/world";
import type { BookmakerEvent } from "../../contract";
import { groupStatements, insertedIds, type GroupBet } from "./bet-group";

// A group of bets written by its few statements (bet-group.ts) straight into D1: each bet's
// rows as the single bet's statements wrote them, nothing for anyone outside the group, and
// the reads driven by the group, not by the size of the book.

const TERMS = { places: 3, fraction: 5 };

function groupBet(book: TestBook, event: BookmakerEvent, userId: number, itemIndex: number, stakeCents: number) {
  return (o: Partial<GroupBet> = {}): GroupBet => ({
    row: {
      eventId: event.id,
      itemId: event.items[itemIndex].id,
      userId,
      bookmakerId: book.bookmakerId,
      stakeCents,
      odds: { num: 2, den: 1 },
      atSp: false,
      createdAt: new Date().toISOString(),
    },
    poolOwnerId: book.owner.userId,
    placeTerms: null,
    totals: { stakeCents, payoutCents: 3 * stakeCents, placeCents: 0 },
    ...o,
  });
}

/** `n` more punters with an account in the book (and no coins), straight into D1. */
async function crowd(book: TestBook, n: number) {
  const base = 8_000_000_000 + Math.floor(Math.random() * 1e9);
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < ?2)
       INSERT INTO users (id, username, created_at, updated_at) SELECT ?1 + i, 'crowd_' || i, ?3, ?3 FROM k`,
    ).bind(base, n, now),
    env.DB.prepare(
      `WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < ?2)
       INSERT INTO accounts (kind, pool_owner_id, punter_id) SELECT 'PUNTER', ?3, ?1 + i FROM k`,
    ).bind(base, n, book.owner.userId),
  ]);
}

const balanceOf = async (ownerId: number, punterId: number | null) =>
  (
    await env.DB.prepare(
      `SELECT balance_cents FROM accounts WHERE pool_owner_id = ?1 AND ${punterId === null ? "kind = 'POOL'" : "punter_id = ?2"}`,
    )
      .bind(ownerId, ...(punterId === null ? [] : [punterId]))
      .first<{ balance_cents: number }>()
  )?.balance_cents;

describe("a group of bets in one batch", () => {
  it("writes each bet's stake, rows, marker and totals, reading only the group's accounts in a book of 2,000", async () => {
    const book = await newBook({ coins: 1_000 });
    const [ann, bob] = [await newPunter(book, { coins: 50 }), await newPunter(book, { coins: 50 })];
    const event = await newEvent(book, { items: runners(3), maxTotalPayout: 10_000 });
    await crowd(book, 2_000);
    const pool = await balanceOf(book.owner.userId, null);

    const bets = [
      groupBet(book, event, ann.userId, 0, 500)(),
      groupBet(
        book,
        event,
        ann.userId,
        1,
        700,
      )({
        placeTerms: TERMS,
        totals: { stakeCents: 1_400, payoutCents: 2_100, placeCents: 280 },
      }),
      groupBet(
        book,
        event,
        bob.userId,
        0,
        1_000,
      )({ idempotency: { key: "k-1", hash: "h", ref: "bet:ref", answer: '{"betId":0,"x":1}', userId: bob.userId } }),
    ];
    const { statements, idsAt } = groupStatements(env.DB, bets);
    const results = await runMoneyBatch(env.DB, statements);

    // Every statement reads a few rows whatever the book's size (2,000 more accounts here).
    for (const r of results) expect(r.meta.rows_read).toBeLessThan(40);
    const ids = insertedIds(results[idsAt]);
    expect(ids.size).toBe(3);

    // Ann staked 5 + 2 × 7 (each way), Bob 10; the pool took the 29.
    expect(await balanceOf(book.owner.userId, ann.userId)).toBe(5_000 - 500 - 1_400);
    expect(await balanceOf(book.owner.userId, bob.userId)).toBe(5_000 - 1_000);
    expect(await balanceOf(book.owner.userId, null)).toBe(pool! + 2_900);
    const { results: stakes } = await env.DB.prepare(
      `SELECT amount_cents, ref FROM ledger WHERE kind = 'STAKE' AND ref = ?1 ORDER BY id`,
    )
      .bind(`event:${event.id}`)
      .all<{ amount_cents: number }>();
    expect(stakes.map((s) => s.amount_cents)).toEqual([500, 1_400, 1_000]);

    const { results: rows } = await env.DB.prepare(
      `SELECT id, user_id, item_id, stake_cents, part, each_way_of, place_places, place_fraction
       FROM bets WHERE event_id = ?1 ORDER BY id`,
    )
      .bind(event.id)
      .all<Record<string, number | string | null>>();
    const win = rows.filter((r) => r.part === "WIN");
    expect(win.map((r) => [r.user_id, r.item_id, r.stake_cents])).toEqual([
      [ann.userId, event.items[0].id, 500],
      [ann.userId, event.items[1].id, 700],
      [bob.userId, event.items[0].id, 1_000],
    ]);
    for (const r of win) expect(ids.get(`${r.user_id}:${r.item_id}`)).toBe(r.id);
    const place = rows.filter((r) => r.part === "PLACE");
    expect(place).toHaveLength(1);
    expect(place[0]).toMatchObject({
      user_id: ann.userId,
      stake_cents: 700,
      each_way_of: win[1].id,
      place_places: 3,
      place_fraction: 5,
    });

    // Bob's key: its row DONE with his bet's answer, its id filled in.
    const key = await env.DB.prepare(
      `SELECT state, ref, status, body FROM idempotency_keys WHERE user_id = ?1 AND key = 'k-1'`,
    )
      .bind(bob.userId)
      .first();
    expect(key).toEqual({ state: "DONE", ref: "bet:ref", status: 201, body: `{"betId":${win[2].id},"x":1}` });

    const { results: totals } = await env.DB.prepare(
      `SELECT stake_cents, liability_cents, place_liability_cents FROM event_items WHERE event_id = ?1 ORDER BY position`,
    )
      .bind(event.id)
      .all();
    expect(totals).toEqual([
      { stake_cents: 1_500, liability_cents: 4_500, place_liability_cents: 0 },
      { stake_cents: 1_400, liability_cents: 2_100, place_liability_cents: 280 },
      { stake_cents: 0, liability_cents: 0, place_liability_cents: 0 },
    ]);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("writes nothing at all when one punter of the group is short, or has no account", async () => {
    const book = await newBook({ coins: 1_000 });
    const [ann, bob] = [await newPunter(book, { coins: 50 }), await newPunter(book, { coins: 5 })];
    const stranger = await newPunter(await newBook({ coins: 10 }), { coins: 5 });
    const event = await newEvent(book, { items: runners(2), maxTotalPayout: 10_000 });
    const pool = await balanceOf(book.owner.userId, null);

    for (const odd of [groupBet(book, event, bob.userId, 1, 600)(), groupBet(book, event, stranger.userId, 1, 100)()]) {
      const { statements } = groupStatements(env.DB, [groupBet(book, event, ann.userId, 0, 500)(), odd]);
      await expect(runMoneyBatch(env.DB, statements)).rejects.toThrow("Not enough coins.");
    }
    expect(await balanceOf(book.owner.userId, ann.userId)).toBe(5_000);
    expect(await balanceOf(book.owner.userId, bob.userId)).toBe(500);
    expect(await balanceOf(book.owner.userId, null)).toBe(pool);
    const count = await env.DB.prepare(`SELECT COUNT(*) AS n FROM bets WHERE event_id = ?1`).bind(event.id).first();
    expect(count).toEqual({ n: 0 });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});
