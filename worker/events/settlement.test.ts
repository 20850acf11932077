import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bet, BookmakerEvent, ErrorBody } from "../contract";
import { call, json } from "../test/api";
import { coins, draftBody, inHours, newEvent, placeBet, poolCoins } from "../test/events";
import { giveSubscription, ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

const finalize = (token: string, event: BookmakerEvent, winners: number[]) =>
  call("POST", `/events/${event.id}/finalize`, { token, body: { eventId: event.id, winners } });

describe("settlement", () => {
  it("worked example: stakes 100 @2 and 100 @3, a non-runner withdrawn, the winner paid 200", async () => {
    const book = await newBook({ coins: 1000 });
    await giveSubscription(book.owner.userId, "WHAT_IF");
    // The spec's own example: without Rule 4 (on by default for horse racing), the winner is paid in full.
    const event = await newEvent(book, {
      items: [
        ["Favourite", 2],
        ["Outsider", 3],
        ["Non runner", 5],
      ],
      maxTotalPayout: 1000,
      rule4: false,
    });
    const p1 = await newPunter(book, { coins: 100 });
    const p2 = await newPunter(book, { coins: 100 });
    await placeBet(p1, book, event, 0, 100);
    await placeBet(p2, book, event, 1, 100);
    expect(await poolCoins(book)).toBe(1000);

    const afterNr = await json<BookmakerEvent>("POST", `/events/${event.id}/nr/${event.items[2].id}`, {
      token: book.owner.token,
    });
    expect(afterNr.items[2].status).toBe("NR");
    // the others shorten; accepted bets keep their odds
    expect(afterNr.items[0].coefficient).toBeLessThan(2);
    expect(afterNr.items[1].coefficient).toBeLessThan(3);
    expect(afterNr.items.map((i) => i.whatIf)).toEqual([0, -100, 200]);

    const settled = await json<BookmakerEvent>("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [event.items[0].id] },
    });
    expect(settled.status).toBe("CALCULATED");
    expect(settled.items.map((i) => i.status)).toEqual(["WINNER", "LOSER", "NR"]);
    expect(settled.items[0].whatIf).toBe(0); // realised gain: 200 staked, 200 paid

    expect(await coins(p1.token, book.bookmakerId)).toBe(200);
    expect(await coins(p2.token, book.bookmakerId)).toBe(0);
    expect(await poolCoins(book)).toBe(800);
    const bets = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: p1.token });
    expect(bets[0]).toMatchObject({ status: "WON", payout: 200, coefficient: 2 });
    expect((await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: p2.token }))[0].status).toBe("LOST");
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("shows the bookmaker what-if as 0 without WHAT_IF, and the figures with it", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const p = await newPunter(book, { coins: 100 });
    await placeBet(p, book, event, 0, 10);
    expect(
      (await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token })).items.map(
        (i) => i.whatIf,
      ),
    ).toEqual([0, 0]);
    await giveSubscription(book.owner.userId, "WHAT_IF");
    expect(
      (await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token })).items.map(
        (i) => i.whatIf,
      ),
    ).toEqual([-10, 10]);
  });

  it("settles once: a second finalize or an abandon afterwards is 409 ALREADY_SETTLED and pays nothing", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 50 });
    await placeBet(punter, book, event, 0, 50);
    const responses = await Promise.all([
      finalize(book.owner.token, event, [event.items[0].id]),
      finalize(book.owner.token, event, [event.items[0].id]),
      call("POST", `/events/${event.id}/abandon`, { token: book.owner.token }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const again = await finalize(book.owner.token, event, [event.items[0].id]);
    expect((await again.json<ErrorBody>()).error.code).toBe("ALREADY_SETTLED");
    const coinsNow = await coins(punter.token, book.bookmakerId);
    expect([100, 50]).toContain(coinsNow); // paid 100, or refunded 50 if the abandon came first
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("refunds every bet when finalized with no winner", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const a = await newPunter(book, { coins: 20 });
    await placeBet(a, book, event, 0, 5);
    await placeBet(a, book, event, 1, 7);
    const settled = await json<BookmakerEvent>("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [] },
    });
    expect(settled.status).toBe("CALCULATED");
    expect(await coins(a.token, book.bookmakerId)).toBe(20);
    const bets = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: a.token });
    expect(bets.map((b) => [b.status, b.payout])).toEqual([
      ["CANCELLED", 7],
      ["CANCELLED", 5],
    ]);
  });

  it("refunds every bet when abandoned (CANCELLED), and the event leaves the open list for history", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const a = await newPunter(book, { coins: 20 });
    await placeBet(a, book, event, 1, 20);
    expect(
      (await json<BookmakerEvent>("POST", `/events/${event.id}/abandon`, { token: book.owner.token })).status,
    ).toBe("CANCELLED");
    expect(await coins(a.token, book.bookmakerId)).toBe(20);
    const open = await json<BookmakerEvent[]>("GET", "/events?view=open", { token: book.owner.token });
    expect(open.map((e) => e.id)).not.toContain(event.id);
    const history = await json<BookmakerEvent[]>("GET", "/events?view=history", { token: book.owner.token });
    expect(history.map((e) => [e.id, e.status])).toContainEqual([event.id, "CANCELLED"]);
  });

  it("refuses winners that are not running outcomes of the event", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 2],
        ["B", 2],
        ["C", 2],
      ],
    });
    await json("POST", `/events/${event.id}/nr/${event.items[2].id}`, { token: book.owner.token });
    for (const winners of [[999_999_999], [event.items[2].id]]) {
      const res = await finalize(book.owner.token, event, winners);
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.field).toBe("winners");
    }
    const bad = await call("POST", `/events/${event.id}/finalize`, { token: book.owner.token, body: { winners: "A" } });
    expect(bad.status).toBe(400);
  });

  it("refunds a non-runner's bets, and closes the event refunding all when fewer than 2 outcomes remain", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 2],
        ["B", 3],
        ["C", 4],
      ],
    });
    const a = await newPunter(book, { coins: 30 });
    await placeBet(a, book, event, 0, 10);
    await placeBet(a, book, event, 1, 10);
    await placeBet(a, book, event, 2, 10);
    await json("POST", `/events/${event.id}/nr/${event.items[2].id}`, { token: book.owner.token });
    expect(await coins(a.token, book.bookmakerId)).toBe(10);
    const closed = await json<BookmakerEvent>("POST", `/events/${event.id}/nr/${event.items[1].id}`, {
      token: book.owner.token,
    });
    expect(closed.status).toBe("CANCELLED");
    expect(closed.items.map((i) => i.status)).toEqual(["ACTIVE", "NR", "NR"]);
    expect(await coins(a.token, book.bookmakerId)).toBe(30);
    expect(
      (await call("POST", `/events/${event.id}/nr/${event.items[0].id}`, { token: book.owner.token })).status,
    ).toBe(409);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("lets a bookmaker whose pool went below zero close his events but not start new ones", async () => {
    const book = await newBook({ coins: 10 });
    const event = await newEvent(book, {
      items: [
        ["Longshot", 101],
        ["Fav", 1.01],
      ],
      maxTotalPayout: 10_000,
    });
    const p = await newPunter(book, { coins: 10 });
    await placeBet(p, book, event, 0, 10);
    await json("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [event.items[0].id] },
    });
    expect(await poolCoins(book)).toBe(10 - 10 + 10 - 1010); // bought, allocated, staked back, paid out
    expect(await coins(p.token, book.bookmakerId)).toBe(1010);
    const res = await call("POST", "/drafts", {
      token: book.owner.token,
      body: draftBody(book, {
        title: "Darts / Ireland",
        description: "next",
        startDate: inHours(1),
        endDate: inHours(2),
        maxTotalPayout: 100,
        items: [
          ["A", 2],
          ["B", 2],
        ],
      }),
    });
    expect(res.status).toBe(409);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("stores the settled bets with statuses and payouts that match the ledger", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 1.5],
        ["B", 2.5],
      ],
    });
    const a = await newPunter(book, { coins: 10 });
    await placeBet(a, book, event, 0, 3.33); // 3.33 × 1.5 = 4.995 → 4.99
    await json("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: { eventId: event.id, winners: [event.items[0].id] },
    });
    expect(await coins(a.token, book.bookmakerId)).toBe(10 - 3.33 + 4.99);
    const row = await env.DB.prepare(`SELECT status, payout_cents FROM bets WHERE event_id = ?1`)
      .bind(event.id)
      .first();
    expect(row).toEqual({ status: "WON", payout_cents: 499 });
  });
});
