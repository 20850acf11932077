import { describe, expect, it } from "vitest";
import type { Bet, BookmakerEvent, CashOutOffer, ErrorBody } from "../contract";
import { call, json, type TestUser } from "../test/api";
import { bet, betAtSp, coins, newEvent, placeBet, type DraftOptions } from "../test/events";
import { placeMultiple } from "../test/multiples";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";

// Cash out as a punter who wants to drain the book would try it (docs/decisions/events.md, "Cash out:
// the book's own prices"): with the equalizer on, a bet moves its own outcome's price, and
// another's bet lengthens the others; at SP a bet's price is the book's; and a cash-out races the
// bookmaker's price cut. The rule: with no change by the book itself, bets and cash-outs never
// return more than the stakes less the margin, however many punters act together.

const MARGIN = 0.05;

/** A book with cash out on (margin 0.05), and an event of it. */
async function world(o: DraftOptions) {
  const book = await newBook({ coins: 100_000 });
  await json("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
    token: book.owner.token,
    body: { enabled: true, margin: MARGIN },
  });
  return { book, event: await newEvent(book, o) };
}

/** A race with the equalizer on (return 0.95): X at 5.0, Y at 3.0, Z at 4.0. */
const EQUALIZED: DraftOptions = {
  botEqualizer: true,
  returnPrice: 0.95,
  maxTotalPayout: 100_000,
  items: [
    ["X", 5],
    ["Y", 3],
    ["Z", 4],
  ],
};

const offerOf = (punter: TestUser, betId: number) =>
  json<CashOutOffer>("GET", `/bets/${betId}/cashout`, { token: punter.token });

const cashOut = (punter: TestUser, betId: number, value: number) =>
  call("POST", `/bets/${betId}/cashout`, { token: punter.token, body: { value } });

const current = (book: TestBook, event: BookmakerEvent) =>
  json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });

/** Takes the offer at its value: what it paid. */
async function takeOffer(punter: TestUser, betId: number): Promise<number> {
  const { value } = await offerOf(punter, betId);
  const res = await cashOut(punter, betId, value);
  expect(res.status).toBe(200);
  expect((await res.json<Bet>()).payout).toBe(value);
  return value;
}

describe("with the equalizer on, a punter's own bet", () => {
  it("moves the price bets are taken at, not his cash-out: 500 on X at 5.0 is worth 475.00, paid", async () => {
    const { book, event } = await world(EQUALIZED);
    const punter = await newPunter(book, { coins: 5000 });
    const placed = await placeBet(punter, book, event, 0, 500);
    expect(placed.coefficient).toBe(5);
    // His bet moved X a rung or more: that is the price the next punter gets.
    expect((await current(book, event)).items[0].currCoefficient).toBeLessThan(5);
    expect(await offerOf(punter, placed.betId)).toEqual({ betId: placed.betId, value: 475, coefficientNow: 5 });
    expect(await takeOffer(punter, placed.betId)).toBe(475);
    expect(await coins(punter.token, book.bookmakerId)).toBe(4975);
  });

  it("then cashed out, on each runner in turn, never leaves him a coin up", async () => {
    const { book, event } = await world(EQUALIZED);
    const punter = await newPunter(book, { coins: 5000 });
    let expected = 5000;
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < event.items.length; i++) {
        const res = await bet(punter, book, await current(book, event), i, 500);
        // One bet per punter per outcome: the second round finds his first round's bets cashed out.
        if (res.status !== 201) continue;
        const placed = await res.json<Bet>();
        const paid = await takeOffer(punter, placed.betId);
        expect(paid).toBeLessThanOrEqual(500 * (1 - MARGIN));
        expected = Math.round((expected - 500 + paid) * 100) / 100;
        expect(await coins(punter.token, book.bookmakerId)).toBe(expected);
      }
    expect(expected).toBeLessThan(5000);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("on football with a max payout of 1,000: 100 at 2.5 is worth 95.00, a stake of 1.00 0.95", async () => {
    const { book, event } = await world({
      title: "Football / United Kingdom",
      botEqualizer: true,
      returnPrice: 0.95,
      maxTotalPayout: 1000,
      items: [
        ["Home", 2.5],
        ["Draw", 3.25],
        ["Away", 3],
      ],
    });
    const big = await newPunter(book, { coins: 1000 });
    const small = await newPunter(book, { coins: 1000 });
    const first = await placeBet(big, book, event, 0, 100);
    expect((await offerOf(big, first.betId)).value).toBe(95);
    const second = await placeBet(small, book, await current(book, event), 2, 1);
    expect((await offerOf(small, second.betId)).value).toBe(0.95);
  });

  it("an each-way bet and a double are worth their stake less the margin too", async () => {
    const { book, event } = await world({ ...EQUALIZED, eachWay: { places: 2, fraction: 4 } });
    const punter = await newPunter(book, { coins: 5000 });
    const res = await bet(punter, book, event, 0, 100, 5, true);
    expect(res.status).toBe(201);
    const eachWay = await res.json<Bet>();
    expect((await offerOf(punter, eachWay.betId)).value).toBe(190);
    const second = await newEvent(book, EQUALIZED);
    const fresh = await current(book, event);
    const double = await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [fresh, 1],
        [second, 1],
      ],
      100,
    );
    const offer = await json<CashOutOffer>("GET", `/bets/multiple/${double.multipleId}/cashout`, {
      token: punter.token,
    });
    expect(offer.value).toBeLessThanOrEqual(95);
  });
});

describe("punters acting together under the equalizer", () => {
  it("one lengthening X with his bet, the other striking X above the book's price: each worth his stake less the margin", async () => {
    const { book, event } = await world({ ...EQUALIZED, maxTotalPayout: 2000 });
    const [a, b] = [await newPunter(book, { coins: 5000 }), await newPunter(book, { coins: 5000 })];
    const onY = await placeBet(a, book, event, 1, 600);
    const lengthened = await current(book, event);
    // A's money on Y lengthened X past the bookmaker's 5.0.
    expect(lengthened.items[0].currCoefficient).toBeGreaterThan(5);
    const onX = await placeBet(b, book, lengthened, 0, 300);
    expect(onX.coefficient).toBe(lengthened.items[0].currCoefficient);
    // X counts at the book's 5.0, the price it stands at now too.
    expect((await offerOf(b, onX.betId)).value).toBe(285);
    const paid = (await takeOffer(b, onX.betId)) + (await takeOffer(a, onY.betId));
    expect(paid).toBeLessThanOrEqual(900 * (1 - MARGIN));
    expect((await coins(a.token, book.bookmakerId)) + (await coins(b.token, book.bookmakerId))).toBe(
      10_000 - 900 + paid,
    );
  });

  it("the bookmaker's own cut still pays: X struck above his 5.0, cut by him to 3.0, is worth 300 × 5/3 × 0.95", async () => {
    const { book, event } = await world({ ...EQUALIZED, maxTotalPayout: 2000 });
    const [a, b] = [await newPunter(book, { coins: 5000 }), await newPunter(book, { coins: 5000 })];
    await placeBet(a, book, event, 1, 600);
    const onX = await placeBet(b, book, await current(book, event), 0, 300);
    expect(onX.coefficient).toBeGreaterThan(5);
    await json("POST", `/events/${event.id}/coefficients`, {
      token: book.owner.token,
      body: { items: [{ id: event.items[0].id, coefficient: 3 }], botEqualizer: false },
    });
    expect(await offerOf(b, onX.betId)).toEqual({ betId: onX.betId, value: 475, coefficientNow: 3 });
  });
});

describe("a bet at SP", () => {
  it("is worth what is left of its stake after the margin, with the equalizer on: 500 at SP, 475.00", async () => {
    const { book, event } = await world(EQUALIZED);
    const punter = await newPunter(book, { coins: 5000 });
    const res = await betAtSp(punter, book, event, 0, 500);
    expect(res.status).toBe(201);
    const placed = await res.json<Bet>();
    expect((await offerOf(punter, placed.betId)).value).toBe(475);
    expect(await takeOffer(punter, placed.betId)).toBe(475);
  });

  it(
    "racing the bookmaker's cut from 11 to 3: never paid from the old price (34.83), always its 9.50",
    { timeout: 120_000 },
    async () => {
      const { book, event } = await world({
        items: [
          ["X", 11],
          ["Y", 2],
        ],
      });
      for (let attempt = 0; attempt < 20; attempt++) {
        const punter = await newPunter(book, { coins: 100 });
        const res = await betAtSp(punter, book, event, 0, 10);
        expect(res.status).toBe(201);
        const placed = await res.json<Bet>();
        const cut = (to: number) =>
          call("POST", `/events/${event.id}/coefficients`, {
            token: book.owner.token,
            body: { items: [{ id: event.items[0].id, coefficient: to }] },
          });
        // 10 × 11/3 × 0.95: what a cash-out priced from the bet as read before the cut would pay.
        const [stale, moved] = await Promise.all([cashOut(punter, placed.betId, 34.83), cut(3)]);
        expect(moved.status).toBe(200);
        expect(stale.status).toBe(409);
        expect((await stale.json<ErrorBody & { error: { value: number } }>()).error).toMatchObject({
          code: "CASH_OUT_CHANGED",
          value: 9.5,
        });
        // The value a punter is shown holds whichever lands first.
        const [taken] = await Promise.all([cashOut(punter, placed.betId, 9.5), cut(11)]);
        expect(taken.status).toBe(200);
        expect(await coins(punter.token, book.bookmakerId)).toBe(99.5);
      }
      expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
    },
  );
});
