import { describe, expect, it } from "vitest";
import type { AuditEntry, Bet, BookmakerEvent, LiabilityBoard } from "../contract";
import { call, json, type TestUser } from "../test/api";
import { coins, inHours, newEvent, type DraftOptions } from "../test/events";
import { multiplesOf, placeMultiple, tryMultiple } from "../test/multiples";
import { giveSubscription, ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";

// Starting price and best odds guaranteed (docs/rules/racing.md "SP and BOG"):
// its worked examples through the API, to the cent, and the refusals.

const errorOf = async (res: Response) =>
  (await res.json<{ error: { code: string; field?: string; message: string } }>()).error;
const current = (book: TestBook, id: number) =>
  json<BookmakerEvent>("GET", `/events/${id}`, { token: book.owner.token });
const history = (punter: TestUser, book: TestBook) =>
  json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: punter.token });
const nr = (book: TestBook, event: BookmakerEvent, index: number) =>
  json<BookmakerEvent>("POST", `/events/${event.id}/nr/${event.items[index].id}`, { token: book.owner.token });
const unsettle = (book: TestBook, id: number) => call("POST", `/events/${id}/unsettle`, { token: book.owner.token });

/** The result: `placed` (indexes, in finishing order) and the SPs entered, by index. */
const finalize = (book: TestBook, event: BookmakerEvent, placed: number[], sp: Record<number, number> = {}) =>
  call("POST", `/events/${event.id}/finalize`, {
    token: book.owner.token,
    body: {
      eventId: event.id,
      placings: placed.map((index, i) => ({ itemId: event.items[index].id, place: i + 1 })),
      sp: Object.entries(sp).map(([index, coefficient]) => ({ itemId: event.items[Number(index)].id, coefficient })),
    },
  });

/** A bet of `amount` (per part) at SP, or at the outcome's price now with `coefficient`. */
const bet = (
  punter: TestUser,
  book: TestBook,
  event: BookmakerEvent,
  index: number,
  amount: number,
  how: { atSp?: boolean; coefficient?: number; eachWay?: boolean } = { atSp: true },
) =>
  call("POST", "/bets", {
    token: punter.token,
    body: {
      bookmakerId: book.bookmakerId,
      eventId: event.id,
      eventItemId: event.items[index].id,
      amount,
      ...how,
    },
  });

async function struck(res: Response): Promise<Bet> {
  if (res.status !== 201) throw new Error(`bet refused: ${res.status} ${await res.text()}`);
  return res.json<Bet>();
}

/** A race of six with SP (on by default for horse racing), and what else `o` asks for. */
async function race(o: DraftOptions = {}) {
  const book = await newBook({ coins: 5000 });
  const punter = await newPunter(book, { coins: 100 });
  const event = await newEvent(book, {
    items: [
      ["Red Rum", 4], // 3/1
      ["Shergar", 3], // 2/1
      ["Arkle", 2.5], // 6/4
      ["Mill Reef", 5], // 4/1
      ["Kauto Star", 9], // 8/1
      ["Desert Orchid", 11], // 10/1
    ],
    ...o,
  });
  return { book, punter, event };
}

describe("SP and BOG on an event", () => {
  it("are on (SP) and off (BOG) by default for racing, off for football, and set as asked", async () => {
    const { event } = await race();
    expect(event).toMatchObject({ sp: true, bog: false });
    const book = await newBook({ coins: 100 });
    expect(await newEvent(book, { title: "Football / United Kingdom" })).toMatchObject({ sp: false, bog: false });
    expect(await newEvent(book, { sp: false, bog: true })).toMatchObject({ sp: false, bog: true });
  });

  it("are frozen once a bet is struck, from the live edit and the draft alike", async () => {
    const { book, punter, event } = await race();
    // Before any bet, either may change.
    expect(
      (await call("POST", `/events/${event.id}/coefficients`, { token: book.owner.token, body: { bog: true } })).status,
    ).toBe(200);
    await struck(await bet(punter, book, event, 0, 10));
    const live = await call("POST", `/events/${event.id}/coefficients`, {
      token: book.owner.token,
      body: { sp: false },
    });
    expect(live.status).toBe(409);
    expect(await errorOf(live)).toMatchObject({ field: "sp" });
    await json("POST", `/events/${event.id}/draft`, { token: book.owner.token });
    const draft = await call("POST", `/drafts/${event.id}/updateCoefficients`, {
      token: book.owner.token,
      body: { items: event.items.map((i) => ({ title: i.title, coefficient: i.coefficient })), bog: false },
    });
    expect(draft.status).toBe(409);
    expect(await errorOf(draft)).toMatchObject({ field: "bog" });
    expect(await current(book, event.id)).toMatchObject({ sp: true, bog: true });
  });
});

describe("the worked examples", () => {
  it("10 at SP, SP 9/2, wins: 55.00", async () => {
    const { book, punter, event } = await race();
    const placed = await struck(await bet(punter, book, event, 0, 10));
    expect(placed).toMatchObject({ atSp: true, coefficient: 4, sp: null, paidAtSp: false });
    expect((await finalize(book, event, [0, 1], { 0: 5.5 })).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(145); // 90 + 55.00
    // Its price is its SP now.
    expect((await history(punter, book))[0]).toMatchObject({
      status: "WON",
      payout: 55,
      coefficient: 5.5,
      sp: 5.5,
      paidAtSp: true,
    });
    expect((await current(book, event.id)).items[0]).toMatchObject({ sp: 5.5 });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("BOG: 10 at 3/1, SP 9/2: 55.00; SP 5/2: 40.00", async () => {
    for (const [sp, returns, paidAtSp] of [
      [5.5, 55, true],
      [3.5, 40, false],
    ] as const) {
      const { book, punter, event } = await race({ bog: true });
      await struck(await bet(punter, book, event, 0, 10, { coefficient: 4 }));
      expect((await finalize(book, event, [0], { 0: sp })).status).toBe(200);
      expect(await coins(punter.token, book.bookmakerId)).toBe(90 + returns);
      expect((await history(punter, book))[0]).toMatchObject({ coefficient: 4, payout: returns, sp, paidAtSp });
    }
  });

  it("BOG: 10 at 4/1, a 2/1 runner withdrawn two hours before the start (30p off the price, none off SP), SP 3/1: 40.00", async () => {
    const { book, punter, event } = await race({ bog: true, startDate: inHours(2), endDate: inHours(3) });
    await struck(await bet(punter, book, event, 3, 10, { coefficient: 5 }));
    const after = await nr(book, event, 1);
    expect(after.items[1]).toMatchObject({ status: "NR", deduction: 30 });
    // At its price: 10 + 40 × 0.70 = 38.00; at SP, no deduction: 10 + 30 = 40.00.
    expect((await finalize(book, event, [3], { 3: 4 })).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(130);
    expect((await history(punter, book))[0]).toMatchObject({ deduction: 30, payout: 40, paidAtSp: true });
  });

  it("10 each-way at SP, SP 8/1, 3 places at 1/5, placed 2nd: 26.00", async () => {
    const { book, punter, event } = await race({ eachWay: { places: 3, fraction: 5 } });
    await struck(await bet(punter, book, event, 4, 10, { atSp: true, eachWay: true }));
    expect(await coins(punter.token, book.bookmakerId)).toBe(80);
    expect((await finalize(book, event, [0, 4], { 4: 9 })).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(106); // 80 + 26.00
    const [win, place] = ["WIN", "PLACE"].map((part) =>
      history(punter, book).then((h) => h.find((b) => b.part === part)!),
    );
    expect(await win).toMatchObject({ status: "LOST", atSp: true });
    expect(await place).toMatchObject({ status: "WON", payout: 26, sp: 9, paidAtSp: true });
  });

  it("10 at SP, a 6/4 runner withdrawn 5 minutes before the start (40p), SP 4/1, wins: 34.00", async () => {
    const start = new Date(Date.now() + 5 * 60_000);
    const { book, punter, event } = await race({
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3600_000).toISOString(),
    });
    await struck(await bet(punter, book, event, 0, 10));
    expect((await nr(book, event, 2)).items[2]).toMatchObject({ deduction: 40 });
    expect((await finalize(book, event, [0], { 0: 5 })).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(124); // 90 + 34.00
    expect((await history(punter, book))[0]).toMatchObject({ deduction: 40, payout: 34, paidAtSp: true });
  });
});

describe("SP bets", () => {
  it("count at the outcome's price now: the book's what-if follows the bookmaker's price, and the last price is the SP by default", async () => {
    const { book, punter, event } = await race();
    await giveSubscription(book.owner.userId, "WHAT_IF");
    await struck(await bet(punter, book, event, 0, 10));
    expect((await current(book, event.id)).items[0].whatIf).toBe(-30); // 10 staked, 40 paid at 3/1
    await json("POST", `/events/${event.id}/coefficients`, {
      token: book.owner.token,
      body: { items: [{ id: event.items[0].id, coefficient: 6 }] },
    });
    expect((await current(book, event.id)).items[0].whatIf).toBe(-50); // at 5/1 now
    // The Liability board counts it so too, and says the event takes SP bets.
    const board = await json<LiabilityBoard>("GET", "/events/liability", { token: book.owner.token });
    expect(board.events[0]).toMatchObject({ sp: true, worst: 60 });
    expect((await history(punter, book))[0]).toMatchObject({ atSp: true, coefficient: 6 });
    // No SP entered: the last price offered, 5/1.
    expect((await finalize(book, event, [0])).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(150);
    expect((await current(book, event.id)).items.map((i) => i.sp)).toEqual([6, 3, 2.5, 5, 9, 11]);
  });

  it("BOG with each-way and Rule 4: 10 e/w at 4/1, a 2/1 runner out early (30p off the price only), SP 3/1, wins: 57.50", async () => {
    const { book, punter, event } = await race({ bog: true, eachWay: { places: 3, fraction: 4 } });
    const mine = await struck(await bet(punter, book, event, 3, 10, { coefficient: 5, eachWay: true }));
    await nr(book, event, 1);
    // At its price: 10 + 40 × 0.70 = 38 and 10 + 10 × 0.70 = 17 (55.00); at the shorter SP, with
    // no deduction, 40 + 17.50 = 57.50: the SP pays more.
    expect((await finalize(book, event, [3, 0, 4], { 3: 4 })).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(137.5); // 80 + 57.50
    const rows = (await history(punter, book)).filter((b) => b.eachWayOf === mine.betId);
    expect(rows.map((b) => [b.part, b.payout, b.paidAtSp])).toEqual(
      expect.arrayContaining([
        ["WIN", 40, true],
        ["PLACE", 17.5, true],
      ]),
    );
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("are settled again at other SPs after an undo, every coin of the first settlement taken back", async () => {
    const { book, punter, event } = await race({ bog: true });
    await struck(await bet(punter, book, event, 0, 10));
    await struck(await bet(punter, book, event, 1, 10, { coefficient: 3 }));
    expect((await finalize(book, event, [0], { 0: 5.5, 1: 4 })).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(135); // 80 + 55
    // Shergar's BOG bet lost: his longer SP paid it nothing, and it says so.
    const lost = (await history(punter, book)).find((b) => b.eventItemId === event.items[1].id);
    expect(lost).toMatchObject({ status: "LOST", sp: 4, paidAtSp: false });
    expect((await unsettle(book, event.id)).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(80);
    expect((await current(book, event.id)).items[0].sp).toBeNull();
    // Shergar wins instead, starting at 5/2 (his 2/1 stands) and Red Rum's SP is another.
    expect((await finalize(book, event, [1], { 0: 7, 1: 3.5 })).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(115); // 80 + 35 at SP
    const settled = await history(punter, book);
    expect(settled.find((b) => b.eventItemId === event.items[1].id)).toMatchObject({ payout: 35, paidAtSp: true });
    expect(settled.find((b) => b.eventItemId === event.items[0].id)).toMatchObject({ status: "LOST", sp: 7 });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("record the SPs entered in the result's audit row", async () => {
    const { book, punter, event } = await race();
    await struck(await bet(punter, book, event, 0, 10));
    await finalize(book, event, [0], { 0: 5.5 });
    const log = await json<AuditEntry[]>("GET", `/audit?eventId=${event.id}`, { token: book.owner.token });
    const result = log.find((e) => e.action === "RESULT")!;
    expect(result.after).toMatchObject({ sp: [{ itemId: event.items[0].id, coefficient: 5.5 }] });
  });
});

describe("refusals", () => {
  it("a bet at SP on an event without SP: 409 SP_UNAVAILABLE, nothing written", async () => {
    const { book, punter, event } = await race({ sp: false });
    const res = await bet(punter, book, event, 0, 10);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "SP_UNAVAILABLE", message: "This event takes no SP bets." });
    expect(await coins(punter.token, book.bookmakerId)).toBe(100);
  });

  it("atSp with a coefficient, or neither: 400 naming coefficient", async () => {
    const { book, punter, event } = await race();
    const both = await bet(punter, book, event, 0, 10, { atSp: true, coefficient: 4 });
    expect(both.status).toBe(400);
    expect(await errorOf(both)).toMatchObject({ field: "coefficient", message: "A bet at SP takes no odds." });
    const neither = await bet(punter, book, event, 0, 10, {});
    expect(neither.status).toBe(400);
    expect(await errorOf(neither)).toMatchObject({ field: "coefficient" });
  });

  it("an SP that is not a rung, of a non-runner, twice, or on an event without SP or BOG: refused, nothing settled", async () => {
    const { book, punter, event } = await race();
    await struck(await bet(punter, book, event, 0, 10));
    await nr(book, event, 5);
    for (const [sp, field, status] of [
      [{ 0: 5.55 }, "sp.0.coefficient", 400],
      [{ 5: 12 }, "sp", 400],
    ] as const) {
      const res = await finalize(book, event, [0], sp);
      expect(res.status).toBe(status);
      expect((await errorOf(res)).field).toBe(field);
    }
    const twice = await call("POST", `/events/${event.id}/finalize`, {
      token: book.owner.token,
      body: {
        placings: [{ itemId: event.items[0].id, place: 1 }],
        sp: [0, 0].map(() => ({ itemId: event.items[0].id, coefficient: 5 })),
      },
    });
    expect(twice.status).toBe(400);
    expect(await errorOf(twice)).toMatchObject({ field: "sp", message: "Each outcome may have one SP." });
    expect((await current(book, event.id)).status).not.toBe("CALCULATED");

    const plain = await race({ sp: false });
    const res = await finalize(plain.book, plain.event, [0], { 0: 5 });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("SP_UNAVAILABLE");
  });
});

describe("multiples' legs at SP", () => {
  it("a double of 10, Red Rum at SP (3/1 now, SP 9/2) and Shergar at 2/1: 165.00; undone and settled again at SP 7/1: 240.00", async () => {
    const { book, punter, event } = await race();
    const other = await newEvent(book, {
      items: [
        ["Shergar", 3],
        ["Arkle", 2],
      ],
    });
    const placed = await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [event, 0, "SP"],
        [other, 0],
      ],
      10,
    );
    expect(placed.legs.map((l) => [l.atSp, l.coefficient])).toEqual([
      [true, 4],
      [false, 3],
    ]);
    expect((await finalize(book, event, [0], { 0: 5.5 })).status).toBe(200);
    expect((await multiplesOf(punter, book))[0].legs[0]).toMatchObject({
      result: "WON",
      coefficient: 5.5,
      factor: 5.5,
    });
    // Undone before the other leg's result: the leg is open again, at its runner's price.
    expect((await unsettle(book, event.id)).status).toBe(200);
    expect((await multiplesOf(punter, book))[0].legs[0]).toMatchObject({ result: "PENDING", coefficient: 4 });
    expect((await finalize(book, event, [0], { 0: 8 })).status).toBe(200);
    expect((await finalize(book, other, [0])).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(330); // 90 + 240.00
    expect((await multiplesOf(punter, book))[0]).toMatchObject({ status: "WON", payout: 240 });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("a leg at SP follows its runner's price until the result, and takes only a late withdrawal's Rule 4", async () => {
    const { book, punter, event } = await race();
    const other = await newEvent(book, {
      items: [
        ["Shergar", 3],
        ["Arkle", 2],
      ],
    });
    await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [event, 0, "SP"],
        [other, 0],
      ],
      10,
    );
    await json("POST", `/events/${event.id}/coefficients`, {
      token: book.owner.token,
      body: { items: [{ id: event.items[0].id, coefficient: 6 }] },
    });
    expect((await multiplesOf(punter, book))[0].legs[0]).toMatchObject({ coefficient: 6 });
    // Two hours before the start: the 2/1 runner's 30p reaches bets at a price, not this leg.
    await nr(book, event, 1);
    expect((await finalize(book, event, [0], { 0: 5 })).status).toBe(200);
    expect((await multiplesOf(punter, book))[0].legs[0]).toMatchObject({ result: "WON", factor: 5 });
  });

  it("on an event without SP: 409 SP_UNAVAILABLE naming the leg, nothing staked", async () => {
    const { book, punter, event } = await race({ sp: false });
    const other = await newEvent(book, {
      items: [
        ["Shergar", 3],
        ["Arkle", 2],
      ],
    });
    const res = await tryMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [other, 0],
        [event, 0, "SP"],
      ],
      10,
    );
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "SP_UNAVAILABLE", field: "legs.1" });
    expect(await coins(punter.token, book.bookmakerId)).toBe(100);
  });
});
