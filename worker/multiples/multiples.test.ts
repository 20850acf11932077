import { describe, expect, it } from "vitest";
import type { ErrorBody, Multiple } from "../contract";
import { call, json } from "../test/api";
import { coins, poolCoins } from "../test/events";
import { finalize, multiplesOf, nonRunner, placeMultiple, race, tryMultiple } from "../test/multiples";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

// Multiples through the API: placement, settlement by the legs' events, undo.

describe("a Yankee", () => {
  it(
    "of 1 coin a line on A 2/1, B 4/1, C 7/1 and D, D withdrawn, A, B and C winning, returns 414.00 on 11.00",
    { timeout: 60_000 },
    async () => {
      const book = await newBook({ coins: 10_000 });
      const punter = await newPunter(book, { coins: 20 });
      const [a, b, c, d] = [
        await race(book, [3, 4]),
        await race(book, [5, 4]),
        await race(book, [8, 4]),
        await race(book, [6, 4, 3]),
      ];
      const yankee = await placeMultiple(
        punter,
        book,
        "YANKEE",
        [
          [a, 0],
          [b, 0],
          [c, 0],
          [d, 0],
        ],
        1,
      );
      expect(yankee).toMatchObject({ kind: "YANKEE", amount: 1, lines: 11, staked: 11, status: "ACCEPTED", payout: 0 });
      expect(yankee.legs.map((l) => [l.coefficient, l.result])).toEqual([
        [3, "PENDING"],
        [5, "PENDING"],
        [8, "PENDING"],
        [6, "PENDING"],
      ]);
      expect(await coins(punter.token, book.bookmakerId)).toBe(9);

      await nonRunner(book, d, 0);
      await finalize(book, a, [0]);
      await finalize(book, b, [0]);
      expect((await multiplesOf(punter, book))[0]).toMatchObject({ status: "ACCEPTED", payout: 0 });
      await finalize(book, c, [0]);
      const [settled] = await multiplesOf(punter, book);
      expect(settled).toMatchObject({ status: "WON", payout: 414, staked: 11 });
      expect(settled.legs.map((l) => [l.result, l.factor])).toEqual([
        ["WON", 3],
        ["WON", 5],
        ["WON", 8],
        ["VOID", 1],
      ]);
      expect(await coins(punter.token, book.bookmakerId)).toBe(9 + 414);
      expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
    },
  );
});

describe("placing a multiple", () => {
  it(
    "refuses two legs in one event, the wrong number of legs and an unknown kind, naming the field",
    { timeout: 60_000 },
    async () => {
      const book = await newBook({ coins: 1000 });
      const punter = await newPunter(book, { coins: 20 });
      const [a, b] = [await race(book, [3, 4]), await race(book, [5, 4])];
      const cases: [Parameters<typeof tryMultiple>, string][] = [
        [
          [
            punter,
            book,
            "DOUBLE",
            [
              [a, 0],
              [a, 1],
            ],
            1,
          ],
          "legs",
        ],
        [
          [
            punter,
            book,
            "TREBLE",
            [
              [a, 0],
              [b, 1],
            ],
            1,
          ],
          "legs",
        ],
        [
          [
            punter,
            book,
            "NOPE" as "DOUBLE",
            [
              [a, 0],
              [b, 1],
            ],
            1,
          ],
          "kind",
        ],
        [
          [
            punter,
            book,
            "DOUBLE",
            [
              [a, 0],
              [b, 1],
            ],
            0,
          ],
          "amount",
        ],
      ];
      for (const [args, field] of cases) {
        const res = await tryMultiple(...args);
        expect(res.status).toBe(400);
        expect((await res.json<ErrorBody>()).error.field).toBe(field);
      }
      expect(await coins(punter.token, book.bookmakerId)).toBe(20);
    },
  );

  it("refuses a leg at changed odds, naming it, with nothing moved", { timeout: 60_000 }, async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 20 });
    const [a, b] = [await race(book, [3, 4]), await race(book, [5, 4])];
    const pool = await poolCoins(book);
    const res = await tryMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [a, 0],
        [b, 1, 6],
      ],
      5,
    );
    expect(res.status).toBe(409);
    const body = await res.json<ErrorBody>();
    expect(body.error).toMatchObject({ code: "ODDS_CHANGED", field: "legs.1", coefficient: 4 });
    expect(await coins(punter.token, book.bookmakerId)).toBe(20);
    expect(await poolCoins(book)).toBe(pool);
    expect(await multiplesOf(punter, book)).toEqual([]);
  });

  it("takes lines × amount once, and refuses what the punter cannot cover", { timeout: 60_000 }, async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 20 });
    const [a, b, c] = [await race(book, [3, 4]), await race(book, [5, 4]), await race(book, [2, 4])];
    const patent = await placeMultiple(
      punter,
      book,
      "PATENT",
      [
        [a, 0],
        [b, 0],
        [c, 0],
      ],
      2,
    );
    expect(patent).toMatchObject({ lines: 7, staked: 14 });
    const res = await tryMultiple(
      punter,
      book,
      "TRIXIE",
      [
        [a, 1],
        [b, 1],
        [c, 1],
      ],
      2,
    );
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error.code).toBe("INSUFFICIENT_COINS");
    expect(await coins(punter.token, book.bookmakerId)).toBe(6);
  });
});

describe("a multiple past any cap", () => {
  it(
    "of eight legs at 1000/1 (a potential payout past any integer D1 holds) is refused by the cap",
    { timeout: 60_000 },
    async () => {
      const book = await newBook({ coins: 1000 });
      const punter = await newPunter(book, { coins: 20 });
      const events = [];
      for (let i = 0; i < 8; i++) events.push(await race(book, [1001, 2]));
      const res = await tryMultiple(
        punter,
        book,
        "ACCUMULATOR",
        events.map((e): [typeof e, number] => [e, 0]),
        1,
      );
      expect(res.status).toBe(409);
      expect((await res.json<ErrorBody>()).error).toMatchObject({ code: "LIMIT_EXCEEDED", field: "amount" });
      expect(await coins(punter.token, book.bookmakerId)).toBe(20);
    },
  );
});

describe("settling a multiple", () => {
  it(
    "marks a double LOST when a leg loses, once its last leg settles, and pays nothing",
    { timeout: 60_000 },
    async () => {
      const book = await newBook({ coins: 1000 });
      const punter = await newPunter(book, { coins: 20 });
      const [a, b] = [await race(book, [3, 4]), await race(book, [5, 4])];
      await placeMultiple(
        punter,
        book,
        "DOUBLE",
        [
          [a, 0],
          [b, 0],
        ],
        10,
      );
      await finalize(book, a, [1]);
      expect((await multiplesOf(punter, book))[0].legs[0]).toMatchObject({ result: "LOST", factor: 0 });
      expect((await multiplesOf(punter, book))[0].status).toBe("ACCEPTED");
      await finalize(book, b, [0]);
      expect((await multiplesOf(punter, book))[0]).toMatchObject({ status: "LOST", payout: 0 });
      expect(await coins(punter.token, book.bookmakerId)).toBe(10);
    },
  );

  it("refunds the stake when every leg is void (an abandon and a non-runner)", { timeout: 60_000 }, async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 20 });
    const [a, b] = [await race(book, [3, 4]), await race(book, [5, 4, 6])];
    await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [a, 0],
        [b, 0],
      ],
      10,
    );
    await json("POST", `/events/${a.id}/abandon`, { token: book.owner.token });
    await nonRunner(book, b, 0);
    expect((await multiplesOf(punter, book))[0]).toMatchObject({ status: "CANCELLED", payout: 10 });
    expect(await coins(punter.token, book.bookmakerId)).toBe(20);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("undoes a leg's result and the payment it completed, then settles again", { timeout: 60_000 }, async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 20 });
    const [a, b] = [await race(book, [3, 4]), await race(book, [5, 4])];
    await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [a, 0],
        [b, 0],
      ],
      1,
    );
    await finalize(book, a, [0]);
    await finalize(book, b, [0]);
    expect((await multiplesOf(punter, book))[0]).toMatchObject({ status: "WON", payout: 15 });
    expect(await coins(punter.token, book.bookmakerId)).toBe(34);
    // Undo the first leg's event: the multiple paid by the second's settlement is open again.
    expect((await call("POST", `/events/${a.id}/unsettle`, { token: book.owner.token })).status).toBe(200);
    const reopened = (await multiplesOf(punter, book))[0];
    expect(reopened).toMatchObject({ status: "ACCEPTED", payout: 0 });
    expect(reopened.legs.map((l) => l.result)).toEqual(["PENDING", "WON"]);
    expect(await coins(punter.token, book.bookmakerId)).toBe(19);
    await finalize(book, a, [1]);
    expect((await multiplesOf(punter, book))[0]).toMatchObject({ status: "LOST", payout: 0 });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

export type { Multiple };
