import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type {
  AuditEntry,
  Bet,
  BookmakerEvent,
  CashOutOffer,
  CashOutOffers,
  ErrorBody,
  Figure,
  Multiple,
  PlayerEvent,
} from "../contract";
import { call, json, type TestUser } from "../test/api";
import { faultyD1, inOrder } from "../test/faulty-d1";
import { bet, coins, placeBet, poolCoins, roomStub, startEvent } from "../test/events";
import { singleState } from "./queries";
import { finalize, multiplesOf, nonRunner, placeDouble, race } from "../test/multiples";
import { giveSubscription, ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";

// Cash out (docs/rules/cash-out.md "Cash out"): the book's setting, the offers, taking one through
// the event's room (a single) or a guarded batch (a multiple), its worked examples to the cent,
// every refusal, and the cash-out's finality against later non-runners, results, abandonment and
// undo.

const setCashOut = (book: TestBook, body: unknown, token = book.owner.token) =>
  call("PUT", `/bookmakers/${book.bookmakerId}/cashout`, { token, body });

/** A book with cash out on at a margin of 0.05, and a punter holding `coins`. */
async function cashOutBook(coinsGiven = 1000) {
  const book = await newBook({ coins: 10_000 });
  await json("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
    token: book.owner.token,
    body: { enabled: true, margin: 0.05 },
  });
  const punter = await newPunter(book, { coins: coinsGiven });
  return { book, punter };
}

const refusal = async (res: Response) => ({ status: res.status, ...(await res.json<ErrorBody>()).error });

const setOdds = (book: TestBook, event: BookmakerEvent, itemIndex: number, coefficient: number) =>
  json("POST", `/events/${event.id}/coefficients`, {
    token: book.owner.token,
    body: { items: [{ id: event.items[itemIndex].id, coefficient }] },
  });

const offerOf = (punter: TestUser, betId: number) =>
  json<CashOutOffer>("GET", `/bets/${betId}/cashout`, { token: punter.token });

const cashOut = (punter: TestUser, betId: number, value: number, headers?: Record<string, string>) =>
  call("POST", `/bets/${betId}/cashout`, { token: punter.token, body: { value }, headers });

const cashOutMultiple = (punter: TestUser, multipleId: number, value: number, headers?: Record<string, string>) =>
  call("POST", `/bets/multiple/${multipleId}/cashout`, { token: punter.token, body: { value }, headers });

/** Backs `itemIndex` for `amount`, the bookmaker moves it to `now`, and the punter reads his offer. */
async function backThenMove(book: TestBook, punter: TestUser, event: BookmakerEvent, amount: number, now: number) {
  const placed = await placeBet(punter, book, event, 0, amount);
  await setOdds(book, event, 0, now);
  return { placed, offer: await offerOf(punter, placed.betId) };
}

describe("the book's cash-out setting", () => {
  it("is off at 0.05 by default; its bookmaker sets it, with an audit row; nobody else may", async () => {
    const book = await newBook();
    const path = `/bookmakers/${book.bookmakerId}/cashout`;
    expect(await json("GET", path, { token: book.owner.token })).toEqual({ enabled: false, margin: 0.05 });
    expect(await json("PUT", path, { token: book.owner.token, body: { enabled: true, margin: 0.1 } })).toEqual({
      enabled: true,
      margin: 0.1,
    });
    expect(await json("GET", path, { token: book.owner.token })).toEqual({ enabled: true, margin: 0.1 });
    const rows = await json<AuditEntry[]>("GET", `/audit?days=1`, { token: book.owner.token });
    const row = rows.find((r) => r.action === "CASH_OUT_SETTING")!;
    expect([row.before, row.after]).toEqual([
      { enabled: false, margin: 0.05 },
      { enabled: true, margin: 0.1 },
    ]);

    const stranger = await newBook();
    expect((await setCashOut(book, { enabled: false, margin: 0.05 }, stranger.owner.token)).status).toBe(403);
    expect((await call("GET", path, { token: stranger.owner.token })).status).toBe(403);
    expect((await call("PUT", path, { body: { enabled: false, margin: 0.05 } })).status).toBe(401);
  });

  it("is what D1 holds when its write fails before landing or after (its answer lost), with its audit row or neither", async () => {
    const book = await newBook();
    const path = `/bookmakers/${book.bookmakerId}/cashout`;
    const settingRows = async () =>
      (await json<AuditEntry[]>("GET", `/audit?days=1`, { token: book.owner.token })).filter(
        (r) => r.action === "CASH_OUT_SETTING",
      ).length;
    const put = (fault: "before" | "after") =>
      call("PUT", path, {
        token: book.owner.token,
        body: { enabled: true, margin: 0.2 },
        env: { DB: faultyD1(env.DB, inOrder(fault)) },
      });
    expect((await put("before")).status).toBeGreaterThanOrEqual(500);
    expect(await json("GET", path, { token: book.owner.token })).toEqual({ enabled: false, margin: 0.05 });
    expect(await settingRows()).toBe(0);
    expect((await put("after")).status).toBeGreaterThanOrEqual(500);
    expect(await json("GET", path, { token: book.owner.token })).toEqual({ enabled: true, margin: 0.2 });
    expect(await settingRows()).toBe(1);
  });

  it("refuses a bad body naming the field", async () => {
    const book = await newBook();
    for (const [body, field] of [
      [{ enabled: true, margin: 0.51 }, "margin"],
      [{ enabled: true, margin: -0.01 }, "margin"],
      [{ enabled: true, margin: 0.055 }, "margin"],
      [{ enabled: "yes", margin: 0.05 }, "enabled"],
      [{ enabled: true }, "margin"],
    ] as const) {
      const res = await setCashOut(book, body);
      expect(await refusal(res)).toMatchObject({ status: 400, code: "VALIDATION", field });
    }
  });
});

describe("the worked examples (margin 0.05)", () => {
  it("10 at 4/1, now 2/1: 15.83; the punter's coins rise by exactly that, the pool's fall", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [5, 6]);
    const { placed, offer } = await backThenMove(book, punter, event, 10, 3);
    expect(offer).toEqual({ betId: placed.betId, value: 15.83, coefficientNow: 3 });
    const [before, poolBefore] = [await coins(punter.token, book.bookmakerId), await poolCoins(book)];
    const res = await cashOut(punter, placed.betId, 15.83);
    expect(res.status).toBe(200);
    const answer = await res.json<Bet>();
    expect(answer).toMatchObject({ betId: placed.betId, status: "CASHED_OUT", payout: 15.83 });
    // The room's answer is the bet as D1 now has it.
    const history = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: punter.token });
    expect(history.find((b) => b.betId === placed.betId)).toEqual(answer);
    expect(await coins(punter.token, book.bookmakerId)).toBeCloseTo(before + 15.83, 10);
    expect(await poolCoins(book)).toBeCloseTo(poolBefore - 15.83, 10);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("10 at 4/1, now 7/1: 5.93", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [5, 6]);
    const { placed, offer } = await backThenMove(book, punter, event, 10, 8);
    expect(offer.value).toBe(5.93);
    expect((await cashOut(punter, placed.betId, 5.93)).status).toBe(200);
  });

  it("10 each-way at 12/1, 4 places at 1/4, now 6/1: 32.84, the pair cashed out whole from either row", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [13, 4, 5, 6, 7, 8, 9, 10], { eachWay: { places: 4, fraction: 4 } });
    const res = await bet(punter, book, event, 0, 10, undefined, true);
    expect(res.status).toBe(201);
    const win = await res.json<Bet>();
    await setOdds(book, event, 0, 7);
    const place = (await env.DB.prepare(`SELECT id FROM bets WHERE each_way_of = ?1 AND part = 'PLACE'`)
      .bind(win.betId)
      .first<{ id: number }>())!;
    expect(await offerOf(punter, place.id)).toEqual({ betId: win.betId, value: 32.84, coefficientNow: 7 });
    const before = await coins(punter.token, book.bookmakerId);
    const taken = await cashOut(punter, place.id, 32.84);
    const answer = await taken.json<Bet>();
    expect(answer).toMatchObject({ betId: win.betId, status: "CASHED_OUT", payout: 32.84 });
    const history = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: punter.token });
    expect(history.find((b) => b.betId === win.betId)).toEqual(answer);
    const rows = await env.DB.prepare(
      `SELECT part, status, payout_cents FROM bets WHERE id = ?1 OR each_way_of = ?1 ORDER BY part DESC`,
    )
      .bind(win.betId)
      .all();
    expect(rows.results).toEqual([
      { part: "WIN", status: "CASHED_OUT", payout_cents: 3284 },
      { part: "PLACE", status: "CASHED_OUT", payout_cents: 0 },
    ]);
    expect(await coins(punter.token, book.bookmakerId)).toBeCloseTo(before + 32.84, 10);
  });

  it("a double of 10, first leg won at evens, second struck at 2/1 and now evens: 28.50", async () => {
    const { book, punter } = await cashOutBook();
    const first = await race(book, [2, 3]);
    const second = await race(book, [3, 4]);
    const double = await placeDouble(punter, book, first, second, 10);
    await finalize(book, first, [0]);
    await setOdds(book, second, 0, 2);
    const offer = await json<CashOutOffer>("GET", `/bets/multiple/${double.multipleId}/cashout`, {
      token: punter.token,
    });
    expect(offer).toEqual({ multipleId: double.multipleId, value: 28.5, coefficientNow: null });
    const before = await coins(punter.token, book.bookmakerId);
    const res = await cashOutMultiple(punter, double.multipleId, 28.5);
    expect(res.status).toBe(200);
    expect(await res.json<Multiple>()).toMatchObject({ status: "CASHED_OUT", payout: 28.5 });
    expect(await coins(punter.token, book.bookmakerId)).toBeCloseTo(before + 28.5, 10);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("10 at 4/1, then a 2/1 runner withdrawn (30p), now 3/1: 9.02", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [5, 3, 6, 7], { rule4: true });
    const placed = await placeBet(punter, book, event, 0, 10);
    await nonRunner(book, event, 1);
    await setOdds(book, event, 0, 4);
    expect((await offerOf(punter, placed.betId)).value).toBe(9.02);
    expect((await cashOut(punter, placed.betId, 9.02)).status).toBe(200);
  });
});

describe("refusals", () => {
  it("cash out off, a stale value, someone else's bet, a second cash-out, an event started", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const other = await newPunter(book, { coins: 100 });
    const event = await race(book, [5, 6]);
    const placed = await placeBet(punter, book, event, 0, 10);
    await setOdds(book, event, 0, 3);

    const off = await refusal(await call("GET", `/bets/${placed.betId}/cashout`, { token: punter.token }));
    expect(off).toMatchObject({ status: 409, code: "CASH_OUT_UNAVAILABLE", reason: "OFF" });
    expect(off.message).toBe("Cash out is off for this book");
    expect(await refusal(await cashOut(punter, placed.betId, 15.83))).toMatchObject({ reason: "OFF" });

    await setCashOut(book, { enabled: true, margin: 0.05 });
    expect(await refusal(await cashOut(punter, placed.betId, 15))).toMatchObject({
      status: 409,
      code: "CASH_OUT_CHANGED",
      value: 15.83,
    });
    // Someone else's bet is no bet at all.
    expect((await call("GET", `/bets/${placed.betId}/cashout`, { token: other.token })).status).toBe(404);
    expect((await cashOut(other, placed.betId, 15.83)).status).toBe(404);
    expect((await cashOut(punter, 987654321, 1)).status).toBe(404);
    // A bad body names its field.
    expect(await refusal(await cashOut(punter, placed.betId, 0))).toMatchObject({ status: 400, field: "value" });
    expect(
      await refusal(await call("POST", `/bets/${placed.betId}/cashout`, { token: punter.token, body: {} })),
    ).toMatchObject({ status: 400, field: "value" });

    expect((await cashOut(punter, placed.betId, 15.83)).status).toBe(200);
    expect(await refusal(await cashOut(punter, placed.betId, 15.83))).toMatchObject({
      code: "CASH_OUT_UNAVAILABLE",
      reason: "SETTLED",
    });

    const later = await placeBet(other, book, event, 1, 10);
    await startEvent(event.id);
    expect(await refusal(await cashOut(other, later.betId, 1))).toMatchObject({ reason: "STARTED" });
    expect(await refusal(await call("GET", `/bets/${later.betId}/cashout`, { token: other.token }))).toMatchObject({
      reason: "STARTED",
    });
  });

  it("a suspended event offers none, and the margin in force is the one read with the cash-out", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [5, 6]);
    const placed = await placeBet(punter, book, event, 0, 10);
    await setOdds(book, event, 0, 3);
    await json("POST", `/events/${event.id}/draft`, { token: book.owner.token });
    expect(await refusal(await cashOut(punter, placed.betId, 15.83))).toMatchObject({ reason: "SUSPENDED" });
    await json("POST", `/events`, { token: book.owner.token, body: { draftId: event.id } });
    await setCashOut(book, { enabled: true, margin: 0.1 });
    // 10 × 5 ÷ 3 × 0.9 = 15.00
    expect(await refusal(await cashOut(punter, placed.betId, 15.83))).toMatchObject({ value: 15 });
    expect((await cashOut(punter, placed.betId, 15)).status).toBe(200);
  });
});

describe("a cash-out is final", () => {
  it("a later result, non-runner, undo and re-settlement leave it as it is; the book's liability dropped with it", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [5, 3, 6], { rule4: true });
    const placed = await placeBet(punter, book, event, 0, 10);
    const liability = () =>
      env.DB.prepare(`SELECT liability_cents FROM event_items WHERE id = ?1`)
        .bind(event.items[0].id)
        .first<number>("liability_cents");
    expect(await liability()).toBe(5000);
    await setOdds(book, event, 0, 3);
    expect((await cashOut(punter, placed.betId, 15.83)).status).toBe(200);
    expect(await liability()).toBe(0);
    const after = await coins(punter.token, book.bookmakerId);

    await nonRunner(book, event, 1);
    await finalize(book, event, [0]);
    await json("POST", `/events/${event.id}/unsettle`, { token: book.owner.token });
    await finalize(book, event, [0]);
    const row = await env.DB.prepare(`SELECT status, payout_cents, deduction FROM bets WHERE id = ?1`)
      .bind(placed.betId)
      .first();
    expect(row).toEqual({ status: "CASHED_OUT", payout_cents: 1583, deduction: 0 });
    expect(await coins(punter.token, book.bookmakerId)).toBe(after);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("an abandoned event refunds the other bets, not a cashed-out one", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [5, 6]);
    const placed = await placeBet(punter, book, event, 0, 10);
    expect((await cashOut(punter, placed.betId, (await offerOf(punter, placed.betId)).value)).status).toBe(200);
    const after = await coins(punter.token, book.bookmakerId);
    await json("POST", `/events/${event.id}/abandon`, { token: book.owner.token });
    expect(await coins(punter.token, book.bookmakerId)).toBe(after);
  });

  it("a multiple cashed out after its first leg won: its second leg's result, and undoing the first, leave it", async () => {
    const { book, punter } = await cashOutBook();
    const first = await race(book, [2, 3]);
    const second = await race(book, [3, 4]);
    const double = await placeDouble(punter, book, first, second, 10);
    await finalize(book, first, [0]);
    const { value } = await json<CashOutOffer>("GET", `/bets/multiple/${double.multipleId}/cashout`, {
      token: punter.token,
    });
    expect((await cashOutMultiple(punter, double.multipleId, value)).status).toBe(200);
    const after = await coins(punter.token, book.bookmakerId);
    await finalize(book, second, [0]);
    await json("POST", `/events/${first.id}/unsettle`, { token: book.owner.token });
    await finalize(book, first, [1]);
    const [m] = await multiplesOf(punter, book);
    expect(m).toMatchObject({ status: "CASHED_OUT", payout: value });
    expect(await coins(punter.token, book.bookmakerId)).toBe(after);
    expect(await refusal(await cashOutMultiple(punter, double.multipleId, value))).toMatchObject({
      code: "CASH_OUT_UNAVAILABLE",
      reason: "SETTLED",
    });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("a multiple's stale value is refused with the value now; someone else's is not found", async () => {
    const { book, punter } = await cashOutBook();
    const other = await newPunter(book, { coins: 10 });
    const first = await race(book, [2, 3]);
    const second = await race(book, [3, 4]);
    const double = await placeDouble(punter, book, first, second, 10);
    await setOdds(book, second, 0, 2);
    // 10 × 2/2 × 3/2 × 0.95 = 14.25
    expect(await refusal(await cashOutMultiple(punter, double.multipleId, 14))).toMatchObject({
      code: "CASH_OUT_CHANGED",
      value: 14.25,
    });
    expect((await cashOutMultiple(other, double.multipleId, 14.25)).status).toBe(404);
    await startEvent(first.id);
    expect(await refusal(await cashOutMultiple(punter, double.multipleId, 14.25))).toMatchObject({
      reason: "STARTED",
    });
  });
});

describe("the bet as the route read it", () => {
  it("is held to what it was in the batch: a deduction or a margin that moved since is refused, not paid", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [5, 3, 6, 7], { rule4: true });
    const placed = await placeBet(punter, book, event, 0, 10);
    const seen = (await singleState(env.DB, placed.betId, punter.userId))!;
    // A 2/1 runner withdrawn after the route read the bet: its Rule 4 deduction (30p) is D1's, not
    // the read's, and Runner 1 now stands at 3.0. Worked out from the read, the value is what the
    // punter was shown (10 × 5 ÷ 3 × 0.95 = 15.83): the batch must refuse it.
    await nonRunner(book, event, 1);
    const room = roomStub(event.id);
    const ask = { betId: placed.betId, userId: punter.userId, valueCents: 1583, seen };
    // 10 × (1 + 4 × 0.7) ÷ 3 × 0.95
    expect(await room.cashOut(event.id, ask)).toMatchObject({
      ok: false,
      code: "CASH_OUT_CHANGED",
      extra: { value: 12.03 },
    });
    expect((await offerOf(punter, placed.betId)).value).toBe(12.03);

    // The margin raised after the route read the bet: 12.03 from the read, 11.40 (0.9) in D1.
    const fresh = (await singleState(env.DB, placed.betId, punter.userId))!;
    await setCashOut(book, { enabled: true, margin: 0.1 });
    expect(await room.cashOut(event.id, { ...ask, valueCents: 1203, seen: fresh })).toMatchObject({
      ok: false,
      code: "CASH_OUT_CHANGED",
      extra: { value: 11.4 },
    });
    const row = await env.DB.prepare(`SELECT status FROM bets WHERE id = ?1`).bind(placed.betId).first();
    expect(row).toEqual({ status: "ACCEPTED" });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("what-if and figures count a cash-out as a return", () => {
  it("the book's and the punter's result per outcome take its stake kept and its value paid, whatever wins", async () => {
    const { book, punter } = await cashOutBook();
    await giveSubscription(book.owner.userId, "WHAT_IF");
    const other = await newPunter(book, { coins: 100 });
    const event = await race(book, [5, 6]);
    const { placed } = await backThenMove(book, punter, event, 10, 3);
    await placeBet(other, book, event, 1, 10);
    expect((await cashOut(punter, placed.betId, 15.83)).status).toBe(200);
    // The book: 10 staked on Runner 2 kept, 10 × 6 paid should it win, 10 − 15.83 on the cash-out.
    const booked = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
    expect(booked.items.map((i) => i.whatIf)).toEqual([4.17, -55.83]);
    // The punter: 15.83 − 10 whatever wins.
    const [seen] = await json<PlayerEvent[]>("GET", `/player/events/${book.bookmakerId}`, { token: punter.token });
    expect(seen.items.map((i) => i.whatIf)).toEqual([5.83, 5.83]);
    // His figures: 10 staked, 15.83 returned.
    const day = new Date().toISOString().slice(0, 10);
    const mine = await json<Figure>("GET", `/figures/${book.bookmakerId}/mine?from=${day}&to=${day}`, {
      token: punter.token,
    });
    expect([mine.staked, mine.returned]).toEqual([10, 15.83]);
  });
});

describe("the offers of a punter's open bets at once", () => {
  it("one per open single and multiple, with an ETag that holds until a price moves", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [5, 6]);
    const other = await race(book, [3, 4]);
    const placed = await placeBet(punter, book, event, 0, 10);
    const double = await placeDouble(punter, book, event, other, 10);
    const path = `/bets/${book.bookmakerId}/cashouts`;
    const first = await call("GET", path, { token: punter.token });
    const offers = await first.json<CashOutOffers>();
    // 10 × 5 ÷ 5 × 0.95
    expect(offers.bets).toEqual([{ betId: placed.betId, value: 9.5, coefficientNow: 5 }]);
    expect(offers.multiples).toEqual([{ multipleId: double.multipleId, value: 9.5, coefficientNow: null }]);
    const etag = first.headers.get("ETag")!;
    expect((await call("GET", path, { token: punter.token, headers: { "If-None-Match": etag } })).status).toBe(304);
    await setOdds(book, event, 0, 3);
    const moved = await call("GET", path, { token: punter.token, headers: { "If-None-Match": etag } });
    expect(moved.status).toBe(200);
    expect((await moved.json<CashOutOffers>()).bets[0]).toMatchObject({ value: 15.83 });

    await startEvent(other.id);
    const started = await json<CashOutOffers>("GET", path, {
      token: punter.token,
      headers: { "Accept-Language": "fr" },
    });
    expect(started.multiples[0]).toMatchObject({ reason: "STARTED" });
    expect((started.multiples[0] as { message: string }).message).not.toBe("The event has started");
  });
});

describe("idempotency", () => {
  it("a retry with the same key answers the first answer and pays once", async () => {
    const { book, punter } = await cashOutBook();
    const event = await race(book, [5, 6]);
    const { placed } = await backThenMove(book, punter, event, 10, 3);
    const before = await coins(punter.token, book.bookmakerId);
    const headers = { "Idempotency-Key": "cash-1" };
    const a = await cashOut(punter, placed.betId, 15.83, headers);
    const b = await cashOut(punter, placed.betId, 15.83, headers);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await b.json()).toEqual(await a.json());
    expect(await coins(punter.token, book.bookmakerId)).toBeCloseTo(before + 15.83, 10);
  });
});
