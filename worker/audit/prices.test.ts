import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditEntry, BookmakerEvent, OfferedPrice } from "../contract";
import { call, json, signIn } from "../test/api";
import { newEvent, placeBet } from "../test/events";
import { newBook, newPunter, type TestBook } from "../test/world";

// Price history: every price an outcome was offered at, from the audit log's PRICE rows.

const pricesOf = (book: TestBook, eventId: number, token = book.owner.token) =>
  json<OfferedPrice[]>("GET", `/player/events/${book.bookmakerId}/${eventId}/prices`, { token });

const offeredNow = async (book: TestBook, eventId: number) =>
  (await json<BookmakerEvent>("GET", `/events/${eventId}`, { token: book.owner.token })).items.map((i) => ({
    itemId: i.id,
    coefficient: i.currCoefficient,
  }));

/** Each outcome's prices in order, as [itemId, coefficient] pairs. */
const byItem = (prices: { itemId: number; coefficient: number }[]) =>
  prices.map((p) => [p.itemId, p.coefficient]).sort((a, b) => a[0] - b[0]);

const rowCount = async (eventId: number) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM audit WHERE event_id = ?1`).bind(eventId).first<{ n: number }>())!.n;

/** Two runners at evens under the equalizer: every bet moves both prices. */
const equalized = (book: TestBook) =>
  newEvent(book, {
    botEqualizer: true,
    maxTotalPayout: 200,
    items: [
      ["A", 2],
      ["B", 2],
    ],
  });

describe("price history", () => {
  it("lists every price the equalizer offered, oldest first, as punters saw them", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await equalized(book);
    const punter = await newPunter(book);
    const seen = [await offeredNow(book, event.id)];
    for (const [index, stake] of [
      [0, 10],
      [0, 15],
      [1, 5],
    ]) {
      // One bet per punter and outcome: a new punter for each.
      const now = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
      await placeBet(await newPunter(book, { coins: 100 }), book, now, index, stake);
      seen.push(await offeredNow(book, event.id));
    }
    // Each outcome's price whenever it changed: what the bookmaker's screen showed after each bet.
    const expected = event.items.flatMap((item) =>
      seen
        .map((prices) => prices.find((p) => p.itemId === item.id)!)
        .filter((p, i, all) => i === 0 || p.coefficient !== all[i - 1].coefficient),
    );
    const history = await pricesOf(book, event.id, punter.token);
    expect(history.length).toBeGreaterThan(2);
    expect(byItem(history)).toEqual(byItem(expected));
    expect(history.map((p) => p.at)).toEqual([...history.map((p) => p.at)].sort());
    for (const item of event.items)
      expect(history.filter((p) => p.itemId === item.id).map((p) => p.coefficient)).toEqual(
        expected.filter((p) => p.itemId === item.id).map((p) => p.coefficient),
      );
  });

  it("shows the equalizer's moves in the audit log as the system's, and not the bookmaker's own prices", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await equalized(book);
    const punter = await newPunter(book, { coins: 100 });
    await placeBet(punter, book, event, 0, 10);
    const rows = await json<AuditEntry[]>("GET", `/audit?eventId=${event.id}`, { token: book.owner.token });
    const prices = rows.filter((r) => r.action === "PRICE");
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((r) => r.actor.userId === 0 && r.after !== null && r.before !== null)).toBe(true);
    expect(rows[rows.length - 1].action).toBe("PUBLISH");
  });

  it("records a price the bookmaker sets and the others' after a non-runner, once each", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 2],
        ["B", 3],
        ["C", 5],
      ],
    });
    const [a, b, c] = event.items.map((i) => i.id);
    expect(byItem(await pricesOf(book, event.id))).toEqual([
      [a, 2],
      [b, 3],
      [c, 5],
    ]);
    await json("POST", `/events/${event.id}/coefficients`, {
      token: book.owner.token,
      body: { items: [{ id: b, coefficient: 4 }] },
    });
    expect((await pricesOf(book, event.id)).slice(3)).toMatchObject([{ itemId: b, coefficient: 4 }]);
    await json("POST", `/events/${event.id}/nr/${c}`, { token: book.owner.token });
    const afterNr = (await pricesOf(book, event.id)).slice(4);
    expect(afterNr.map((p) => p.itemId).sort()).toEqual([a, b].sort());
    expect(byItem(afterNr)).toEqual(byItem(await offeredNow(book, event.id)).filter(([id]) => id !== c));
  });

  it("adds nothing to the log for a bet that moves no price", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 100 });
    const rows = await rowCount(event.id);
    await placeBet(punter, book, event, 0, 10);
    expect(await rowCount(event.id)).toBe(rows);
  });

  it("shows a draft's prices to nobody until it is published", async () => {
    const book = await newBook({ coins: 1000 });
    const { eventId } = await json<{ eventId: number }>("POST", "/drafts", {
      token: book.owner.token,
      body: {
        title: "Horse Racing / United Kingdom",
        description: "Race 2",
        startDate: new Date(Date.now() + 7200_000).toISOString(),
        endDate: new Date(Date.now() + 10800_000).toISOString(),
        bookmakerId: book.bookmakerId,
        maxTotalPayout: 1000,
        items: [
          { title: "A", coefficient: 2 },
          { title: "B", coefficient: 3 },
        ],
      },
    });
    expect(await pricesOf(book, eventId)).toEqual([]);
  });

  it("is for the book's approved punters and its owner only", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const stranger = await signIn("stranger");
    const path = `/player/events/${book.bookmakerId}/${event.id}/prices`;
    expect((await call("GET", path, { token: stranger.token })).status).toBe(403);
    expect((await call("GET", path)).status).toBe(401);
    const other = await newBook({ coins: 1000 });
    const elsewhere = await newEvent(other);
    const punter = await newPunter(book);
    expect(
      (await call("GET", `/player/events/${book.bookmakerId}/${elsewhere.id}/prices`, { token: punter.token })).status,
    ).toBe(404);
    expect(await pricesOf(book, event.id, punter.token)).toHaveLength(2);
  });
});
