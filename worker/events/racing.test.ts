import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ladderOdds } from "../../common/odds";
import { rule4Deduction, settledPayoutCents } from "../../common/rule4";
import type { AuditEntry, Bet, BookmakerEvent, PlayerEvent } from "../contract";
import { call, json, type TestUser } from "../test/api";
import { coins, newEvent, placeBet, poolCoins, roomStub, startEvent } from "../test/events";
import { inOrder, injectFaults } from "../test/faulty-d1";
import { giveSubscription, ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";
import { runInDurableObject } from "cloudflare:test";
import type { EventRoom } from "./room/room";

// Racing rules: Rule 4 deductions for late non-runners, dead heats, and undoing a result.

const errorOf = async (res: Response) =>
  (await res.json<{ error: { code: string; message: string; punters?: unknown } }>()).error;
const current = (book: TestBook, id: number) =>
  json<BookmakerEvent>("GET", `/events/${id}`, { token: book.owner.token });
const history = async (punter: TestUser, book: TestBook) =>
  json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: punter.token });
const nr = (book: TestBook, id: number, itemId: number) =>
  json<BookmakerEvent>("POST", `/events/${id}/nr/${itemId}`, { token: book.owner.token });
const finalize = (book: TestBook, id: number, winners: number[]) =>
  call("POST", `/events/${id}/finalize`, { token: book.owner.token, body: { eventId: id, winners } });
const unsettle = (book: TestBook, id: number) => call("POST", `/events/${id}/unsettle`, { token: book.owner.token });

describe("Rule 4", () => {
  it("pays the worked example: 10 at 2.25, a 1/4 non-runner after, returns 12.50", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const event = await newEvent(book, {
      items: [
        ["Red Rum", 2.25],
        ["Shergar", 1.25],
        ["Arkle", 5],
      ],
    });
    expect(event).toMatchObject({ rule4: true, deadHeat: true }); // horse racing: on by default
    await placeBet(punter, book, event, 0, 10);
    const after = await nr(book, event.id, event.items[1].id);
    expect(after.items[1]).toMatchObject({ status: "NR", deduction: 80 });
    expect(after.items[1].withdrawnAt).toBeTruthy();
    expect((await history(punter, book))[0]).toMatchObject({ deduction: 80, deadHeat: 1 });
    expect((await finalize(book, event.id, [event.items[0].id])).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(102.5); // 90 + 12.50
    expect((await history(punter, book))[0]).toMatchObject({ status: "WON", payout: 12.5, deduction: 80 });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("shows the punter his Rule 4 what-if: 10 at 2.25 less 80p in the pound returns 12.50", async () => {
    const book = await newBook({ coins: 1000 });
    await giveSubscription(book.owner.userId, "WHAT_IF");
    const punter = await newPunter(book, { coins: 100 });
    const event = await newEvent(book, {
      items: [
        ["Red Rum", 2.25],
        ["Shergar", 1.25],
        ["Arkle", 5],
      ],
    });
    await placeBet(punter, book, event, 0, 10);
    await placeBet(punter, book, event, 2, 4);
    await nr(book, event.id, event.items[1].id); // refunds nothing of his, deducts 80p
    const [shown] = await json<PlayerEvent[]>("GET", `/player/events/${book.bookmakerId}`, { token: punter.token });
    // Red Rum wins: 12.50 back less 14 staked; Arkle wins: 4 × (1 + 4 × 0.2) = 7.20 less 14.
    expect(shown.items.map((i) => [i.myStake, i.whatIf])).toEqual([
      [10, -1.5],
      [0, -14],
      [4, -6.8],
    ]);
  });

  it("leaves a bet placed after the withdrawal at its full price", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const event = await newEvent(book, {
      items: [
        ["A", 3],
        ["B", 1.25],
        ["C", 5],
      ],
    });
    const after = await nr(book, event.id, event.items[1].id);
    await placeBet(punter, book, after, 0, 10);
    const [bet] = await history(punter, book);
    expect(bet.deduction).toBe(0);
    await finalize(book, event.id, [event.items[0].id]);
    expect(await coins(punter.token, book.bookmakerId)).toBe(90 + 10 * after.items[0].currCoefficient);
  });

  it("adds up the deductions of two non-runners, at their prices when withdrawn", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const event = await newEvent(book, {
      items: [
        ["A", 3],
        ["B", 4],
        ["C", 5],
        ["D", 11],
      ],
    });
    await placeBet(punter, book, event, 0, 10);
    const first = rule4Deduction(ladderOdds(event.items[1].currCoefficient)!); // 3/1: 25
    const afterFirst = await nr(book, event.id, event.items[1].id);
    const second = rule4Deduction(ladderOdds(afterFirst.items[2].currCoefficient)!); // C, shortened by the first
    const afterSecond = await nr(book, event.id, event.items[2].id);
    expect(afterSecond.items.map((i) => i.deduction)).toEqual([0, first, second, 0]);
    expect((await history(punter, book))[0].deduction).toBe(Math.min(90, first + second));
    // Liability counts the deducted payout: a what-if of the pool and the punter's max stake follow it.
    await finalize(book, event.id, [event.items[0].id]);
    expect(await coins(punter.token, book.bookmakerId)).toBe(
      90 + settledPayoutCents(1000, ladderOdds(3)!, first + second) / 100,
    );
  });

  it("is off by default outside racing, and a non-runner then takes nothing", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const event = await newEvent(book, {
      title: "Football / United Kingdom",
      items: [
        ["Home", 2.25],
        ["Draw", 1.25],
        ["Away", 5],
      ],
    });
    expect(event).toMatchObject({ rule4: false, deadHeat: false });
    await placeBet(punter, book, event, 0, 10);
    expect((await nr(book, event.id, event.items[1].id)).items[1].deduction).toBe(0);
    await finalize(book, event.id, [event.items[0].id]);
    expect(await coins(punter.token, book.bookmakerId)).toBe(112.5);
  });

  it("switched on with a non-runner, in its batch: the withdrawal takes its deduction, and the audit row says both", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      title: "Football / United Kingdom",
      items: [
        ["Home", 2.25],
        ["Draw", 1.25],
        ["Away", 5],
      ],
    });
    const after = await json<BookmakerEvent>("POST", `/events/${event.id}/nr/${event.items[1].id}`, {
      token: book.owner.token,
      body: { rule4: true },
    });
    expect(after).toMatchObject({ rule4: true, deadHeat: false });
    expect(after.items[1]).toMatchObject({ status: "NR", deduction: 80 });
    const [row] = await json<AuditEntry[]>("GET", `/audit?eventId=${event.id}`, { token: book.owner.token });
    expect(row).toMatchObject({
      action: "NR",
      before: { rule4: false },
      after: { status: "NR", deduction: 80, rule4: true },
    });
  });

  it("is not switched with a non-runner once a bet was struck under it: refused, and nothing withdrawn", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const event = await newEvent(book, { title: "Football / United Kingdom" });
    await placeBet(punter, book, event, 0, 10);
    const res = await call("POST", `/events/${event.id}/nr/${event.items[1].id}`, {
      token: book.owner.token,
      body: { rule4: true },
    });
    expect(res.status).toBe(409);
    const unchanged = await current(book, event.id);
    expect(unchanged.rule4).toBe(false);
    expect(unchanged.items[1].status).toBe("ACTIVE");
    const bad = await call("POST", `/events/${event.id}/nr/${event.items[1].id}`, {
      token: book.owner.token,
      body: { rule4: "yes" },
    });
    expect(bad.status).toBe(400);
  });

  it("switched with a non-runner in a batch that fails: none of it when it never landed, all of it when its answer was lost", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      title: "Football / United Kingdom",
      items: [
        ["Home", 2.25],
        ["Draw", 1.25],
        ["Away", 5],
      ],
    });
    const withdraw = () =>
      call("POST", `/events/${event.id}/nr/${event.items[1].id}`, { token: book.owner.token, body: { rule4: true } });
    await injectFaults(event.id, inOrder("before"));
    expect((await withdraw()).status).toBe(503);
    const untouched = await current(book, event.id);
    expect([untouched.rule4, untouched.items[1].status]).toEqual([false, "ACTIVE"]);
    await injectFaults(event.id, inOrder("after"));
    expect((await withdraw()).status).toBe(200);
    const landed = await current(book, event.id);
    expect([landed.rule4, landed.items[1].status, landed.items[1].deduction]).toEqual([true, "NR", 80]);
  });

  it("can be switched by the bookmaker on /coefficients, and punters see it", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const event = await newEvent(book, { title: "Football / United Kingdom" });
    const changed = await json<BookmakerEvent>("POST", `/events/${event.id}/coefficients`, {
      token: book.owner.token,
      body: { rule4: true },
    });
    expect(changed).toMatchObject({ rule4: true, deadHeat: false });
    const seen = await json<{ eventId: number; rule4: boolean }[]>("GET", `/player/events/${book.bookmakerId}`, {
      token: punter.token,
    });
    expect(seen.find((e) => e.eventId === event.id)?.rule4).toBe(true);
    const bad = await call("POST", `/events/${event.id}/coefficients`, {
      token: book.owner.token,
      body: { rule4: "yes" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("dead heat", () => {
  /** A book with three punters each backing a different outcome with 10. */
  async function threeBacked(o: { deadHeat?: boolean } = {}) {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 3],
        ["B", 4],
        ["C", 5],
        ["D", 2],
      ],
    });
    if (o.deadHeat === false)
      await json("POST", `/events/${event.id}/coefficients`, { token: book.owner.token, body: { deadHeat: false } });
    const punters = await Promise.all([0, 1, 2].map(() => newPunter(book, { coins: 100 })));
    for (const [i, p] of punters.entries()) await placeBet(p, book, event, i, 10);
    return { book, event, punters, pool: await poolCoins(book) };
  }

  it("pays two winners each on half the stake at their odds", async () => {
    const { book, event, punters, pool } = await threeBacked();
    await finalize(book, event.id, [event.items[0].id, event.items[1].id]);
    const held = await Promise.all(punters.map((p) => coins(p.token, book.bookmakerId)));
    expect(held).toEqual([90 + 15, 90 + 20, 90]); // 10 × 3 / 2, 10 × 4 / 2, lost
    expect(await poolCoins(book)).toBe(pool - 35);
    expect((await history(punters[0], book))[0]).toMatchObject({ status: "WON", payout: 15, deadHeat: 2 });
  });

  it("pays three winners each on a third of the stake, rounded down to the cent", async () => {
    const { book, event, punters, pool } = await threeBacked();
    await finalize(
      book,
      event.id,
      event.items.slice(0, 3).map((i) => i.id),
    );
    const held = await Promise.all(punters.map((p) => coins(p.token, book.bookmakerId)));
    expect(held).toEqual([100, 103.33, 106.66]); // 30/3, 40/3, 50/3
    expect(await poolCoins(book)).toBe(pool - 39.99);
  });

  it("settles a share that rounds down to nothing: a cent at 2.0 in a three-way dead heat is WON and pays 0", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 2],
        ["B", 2],
        ["C", 2],
        ["D", 2],
      ],
    });
    const punter = await newPunter(book, { coins: 100 });
    await placeBet(punter, book, event, 0, 0.01);
    const pool = await poolCoins(book);
    const res = await finalize(
      book,
      event.id,
      event.items.slice(0, 3).map((i) => i.id),
    );
    expect(res.status).toBe(200);
    expect((await history(punter, book))[0]).toMatchObject({ status: "WON", payout: 0, deadHeat: 3 }); // ⌊1 × 2 / 3⌋
    expect(await coins(punter.token, book.bookmakerId)).toBe(99.99);
    expect(await poolCoins(book)).toBe(pool);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("pays every winner in full when the rule is off (the spec's behaviour)", async () => {
    const { book, event, punters } = await threeBacked({ deadHeat: false });
    await finalize(book, event.id, [event.items[0].id, event.items[1].id]);
    expect(await Promise.all(punters.map((p) => coins(p.token, book.bookmakerId)))).toEqual([120, 130, 90]);
  });

  it("applies Rule 4 first, then the dead heat", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 3],
        ["B", 3],
        ["C", 1.25],
      ],
    });
    const punter = await newPunter(book, { coins: 100 });
    await placeBet(punter, book, event, 0, 10);
    await nr(book, event.id, event.items[2].id); // 1/4: 80p
    await finalize(book, event.id, [event.items[0].id, event.items[1].id]);
    // (10 + 20 × 0.20) / 2 = 7
    expect(await coins(punter.token, book.bookmakerId)).toBe(97);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("undoing a result", () => {
  async function settledWrongly() {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, {
      items: [
        ["A", 3],
        ["B", 4],
        ["C", 2],
      ],
    });
    const punters = await Promise.all([0, 1, 2].map(() => newPunter(book, { coins: 100 })));
    for (const [i, p] of punters.entries()) await placeBet(p, book, event, i, 10);
    await placeBet(punters[0], book, event, 2, 5);
    return { book, event, punters };
  }

  const balances = async (w: Awaited<ReturnType<typeof settledWrongly>>) => [
    await poolCoins(w.book),
    ...(await Promise.all(w.punters.map((p) => coins(p.token, w.book.bookmakerId)))),
  ];

  it("gives the same coins as settling right the first time", async () => {
    const right = await settledWrongly();
    expect((await finalize(right.book, right.event.id, [right.event.items[0].id])).status).toBe(200);
    const wrong = await settledWrongly();
    const before = await balances(wrong);
    expect((await finalize(wrong.book, wrong.event.id, [wrong.event.items[1].id])).status).toBe(200);
    const undone = await unsettle(wrong.book, wrong.event.id);
    expect(undone.status).toBe(200);
    expect(await undone.json<BookmakerEvent>()).toMatchObject({ status: "WAITING_FOR_RESULT", settledAt: null });
    expect(await balances(wrong)).toEqual(before);
    expect((await history(wrong.punters[1], wrong.book))[0]).toMatchObject({ status: "ACCEPTED", payout: 0 });
    expect((await finalize(wrong.book, wrong.event.id, [wrong.event.items[0].id])).status).toBe(200);
    // Both worlds started alike (pool 700, punters 100 each): they must end alike.
    expect(await balances(wrong)).toEqual(await balances(right));
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("undoes an abandonment, and undoes exactly once", async () => {
    const w = await settledWrongly();
    const before = await balances(w);
    await json("POST", `/events/${w.event.id}/abandon`, { token: w.book.owner.token });
    const [a, b] = await Promise.all([unsettle(w.book, w.event.id), unsettle(w.book, w.event.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balances(w)).toEqual(before);
    expect((await unsettle(w.book, w.event.id)).status).toBe(409);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("is refused, naming the punter, when he no longer holds what it takes back; nothing moves", async () => {
    const w = await settledWrongly();
    await finalize(w.book, w.event.id, [w.event.items[1].id]); // punter 1 gets 40
    await json("POST", "/balances/subtract", {
      token: w.book.owner.token,
      body: { userId: w.punters[1].userId, balance: { amount: 110 } },
    });
    const settled = await balances(w);
    const res = await unsettle(w.book, w.event.id);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error).toMatchObject({
      code: "CANNOT_UNSETTLE",
      punters: [{ userId: w.punters[1].userId, username: w.punters[1].username, short: 20 }],
    });
    expect(await balances(w)).toEqual(settled);
    expect((await current(w.book, w.event.id)).status).toBe("CALCULATED");
  });

  it("is refused 24 hours after the settlement", async () => {
    const w = await settledWrongly();
    await finalize(w.book, w.event.id, [w.event.items[0].id]);
    const settled = await balances(w);
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString();
    await env.DB.batch([
      env.DB.prepare(`UPDATE events SET settled_at = ?2 WHERE id = ?1`).bind(w.event.id, dayAgo),
      env.DB.prepare(`UPDATE bets SET settled_at = ?2 WHERE event_id = ?1`).bind(w.event.id, dayAgo),
    ]);
    await runInDurableObject(roomStub(w.event.id), (room: EventRoom) => {
      (room as unknown as { memory: { stale: boolean } }).memory.stale = true; // read D1 again
    });
    const res = await unsettle(w.book, w.event.id);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("A result can be undone only within 24 hours of settling it.");
    expect(await balances(w)).toEqual(settled);
  });

  it("keeps every coin with an undo, a finalize and bets at once", async () => {
    const w = await settledWrongly();
    await startEvent(w.event.id);
    await finalize(w.book, w.event.id, [w.event.items[1].id]);
    const late = await newPunter(w.book, { coins: 50 });
    const statuses = await Promise.all([
      unsettle(w.book, w.event.id).then((r) => r.status),
      finalize(w.book, w.event.id, [w.event.items[0].id]).then((r) => r.status),
      call("POST", "/bets", {
        token: late.token,
        body: {
          requestId: 0,
          bookmakerId: w.book.bookmakerId,
          eventId: w.event.id,
          eventItemId: w.event.items[0].id,
          amount: 5,
          coefficient: 3,
        },
      }).then((r) => r.status),
    ]);
    expect(statuses[0]).toBe(200);
    expect(statuses[2]).toBe(409); // waiting for its result: no bets
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
    const event = await current(w.book, w.event.id);
    expect(["CALCULATED", "WAITING_FOR_RESULT"]).toContain(event.status);
  });

  it("lets only the bookmaker undo, and tells him what it moves", async () => {
    const w = await settledWrongly();
    await finalize(w.book, w.event.id, [w.event.items[0].id]);
    expect((await call("POST", `/events/${w.event.id}/unsettle`, { token: w.punters[0].token })).status).toBe(404);
    const size = await json<{ bets: number; coins: number; undoUntil: string }>(
      "GET",
      `/events/${w.event.id}/settlement`,
      { token: w.book.owner.token },
    );
    expect(size).toMatchObject({ bets: 4, coins: 30 });
    expect(Date.parse(size.undoUntil)).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });
});
