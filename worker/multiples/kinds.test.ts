import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent, ErrorBody, Multiple, MultipleKind } from "../contract";
import { linesOf, MULTIPLE_KINDS } from "../../common/multiples";
import { json } from "../test/api";
import { coins } from "../test/events";
import { finalize, multiplesOf, nonRunner, placeMultiple, race, type Selection, tryMultiple } from "../test/multiples";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

// Each kind's lines and return, a leg's Rule 4 and dead heat, and the book's cap on open multiples.

describe("each kind", () => {
  // Winners at evens (2), 2/1 (3), 3/1 (4), 4/1 (5), by hand: every line's odds multiplied, added up.
  const expected: Record<MultipleKind, { legs: number; lines: number; returns: number }> = {
    DOUBLE: { legs: 2, lines: 1, returns: 2 * 3 },
    TREBLE: { legs: 3, lines: 1, returns: 2 * 3 * 4 },
    ACCUMULATOR: { legs: 4, lines: 1, returns: 2 * 3 * 4 * 5 },
    TRIXIE: { legs: 3, lines: 4, returns: 6 + 8 + 12 + 24 },
    PATENT: { legs: 3, lines: 7, returns: 6 + 8 + 12 + 24 + 2 + 3 + 4 },
    YANKEE: { legs: 4, lines: 11, returns: 6 + 8 + 10 + 12 + 15 + 20 + (24 + 30 + 40 + 60) + 120 },
    LUCKY15: { legs: 4, lines: 15, returns: 6 + 8 + 10 + 12 + 15 + 20 + (24 + 30 + 40 + 60) + 120 + 2 + 3 + 4 + 5 },
  };

  it("makes its lines and returns every line's odds multiplied when all legs win", { timeout: 60_000 }, async () => {
    const book = await newBook({ coins: 100_000 });
    const punter = await newPunter(book, { coins: 1000 });
    const events = [
      await race(book, [2, 3]),
      await race(book, [3, 3]),
      await race(book, [4, 3]),
      await race(book, [5, 3]),
    ];
    const placed = new Map<MultipleKind, Multiple>();
    for (const kind of MULTIPLE_KINDS) {
      const legs = events.slice(0, expected[kind].legs).map((e): Selection => [e, 0]);
      placed.set(kind, await placeMultiple(punter, book, kind, legs, 1));
    }
    for (const e of events) await finalize(book, e, [0]);
    const settled = new Map((await multiplesOf(punter, book)).map((m) => [m.kind, m]));
    for (const kind of MULTIPLE_KINDS) {
      const { lines, returns } = expected[kind];
      expect(placed.get(kind), kind).toMatchObject({ lines, staked: lines, potentialPayout: returns });
      expect(linesOf(kind, expected[kind].legs)).toHaveLength(lines);
      expect(settled.get(kind), kind).toMatchObject({ status: "WON", payout: returns });
    }
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("lines match the table the settlement multiplies by", { timeout: 60_000 }, async () => {
    const { results } = await env.DB.prepare(
      `SELECT kind, legs, mask FROM multiple_lines ORDER BY kind, legs, mask`,
    ).all<{
      kind: MultipleKind;
      legs: number;
      mask: number;
    }>();
    const fromCode = MULTIPLE_KINDS.flatMap((kind) =>
      (kind === "ACCUMULATOR" ? [4, 5, 6, 7, 8] : [expected[kind].legs]).flatMap((legs) =>
        linesOf(kind, legs).map((line) => ({ kind, legs, mask: line.reduce((m, i) => m | (1 << i), 0) })),
      ),
    );
    const order = (a: { kind: string; legs: number; mask: number }, b: typeof a) =>
      a.kind.localeCompare(b.kind) || a.legs - b.legs || a.mask - b.mask;
    expect(results.sort(order)).toEqual(fromCode.sort(order));
  });
});

describe("a leg", () => {
  it("takes Rule 4 for a runner withdrawn after the multiple was struck, not before", { timeout: 60_000 }, async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const early = await race(book, [5, 3, 3, 3], { rule4: true });
    await nonRunner(book, early, 3); // before: no deduction for the multiple
    const afterEarly = await json<BookmakerEvent>("GET", `/events/${early.id}`, { token: book.owner.token });
    const late = await race(book, [5, 3, 3], { rule4: true });
    const other = await race(book, [2, 3]);
    await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [afterEarly, 0],
        [other, 0],
      ],
      10,
    );
    await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [late, 0],
        [other, 1],
      ],
      10,
    );
    const withdrawn = await nonRunner(book, late, 2); // after: deducted
    const deduction = withdrawn.items[2].deduction;
    expect(deduction).toBeGreaterThan(0);
    await finalize(book, afterEarly, [0]);
    await finalize(book, late, [0]);
    await finalize(book, other, [0]);
    const [second, first] = await multiplesOf(punter, book);
    const earlyOdds = afterEarly.items[0].currCoefficient;
    expect(first.legs[0]).toMatchObject({ result: "WON", factor: earlyOdds });
    expect(first).toMatchObject({ status: "WON", payout: Math.floor(1000 * earlyOdds * 2 + 1e-6) / 100 });
    // 4/1 less the deduction (pence in the pound) on the winnings; the other leg lost.
    expect(second.legs[0]).toMatchObject({ result: "WON", factor: 1 + (4 * (100 - deduction)) / 100 });
    expect(second).toMatchObject({ status: "LOST", payout: 0 });
  });

  it(
    "on a dead heat under the rule is paid at its odds over the winners sharing first place",
    { timeout: 60_000 },
    async () => {
      const book = await newBook({ coins: 10_000 });
      const punter = await newPunter(book, { coins: 100 });
      const heat = await race(book, [5, 3, 4], { deadHeat: true });
      const other = await race(book, [2, 3]);
      await placeMultiple(
        punter,
        book,
        "DOUBLE",
        [
          [heat, 0],
          [other, 0],
        ],
        10,
      );
      await finalize(book, heat, [0, 1]);
      await finalize(book, other, [0]);
      const [m] = await multiplesOf(punter, book);
      expect(m.legs[0]).toMatchObject({ result: "WON", factor: 2.5 });
      expect(m).toMatchObject({ status: "WON", payout: 50 });
      expect(await coins(punter.token, book.bookmakerId)).toBe(140);
    },
  );
});

describe("the book's cap on open multiples", () => {
  it(
    "holds under 30 parallel multiples: never past it, and refused with what is left",
    { timeout: 60_000 },
    async () => {
      const book = await newBook({ coins: 100_000 });
      // Each double potentially pays 6.00 (evens × 2/1 on 1.00): a cap of 100 takes 16 of them.
      await json("PUT", `/bookmakers/${book.bookmakerId}/limits`, {
        token: book.owner.token,
        body: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 100 },
      });
      const punters = await Promise.all(Array.from({ length: 30 }, () => newPunter(book, { coins: 10 })));
      const [a, b] = [await race(book, [2, 3]), await race(book, [3, 3])];
      const answers = await Promise.all(
        punters.map((p) =>
          tryMultiple(
            p,
            book,
            "DOUBLE",
            [
              [a, 0],
              [b, 0],
            ],
            1,
          ),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(16);
      expect(statuses.filter((s) => s === 409)).toHaveLength(14);
      const refused = await answers.find((r) => r.status === 409)!.json<ErrorBody>();
      expect(refused.error).toMatchObject({ code: "LIMIT_EXCEEDED", field: "amount" });
      expect(refused.error.message).toContain("100.00: 4.00 left");
      const owed = await env.DB.prepare(
        `SELECT SUM(potential_cents) AS owed, COUNT(*) AS n FROM multiples WHERE bookmaker_id = ?1 AND status = 'ACCEPTED'`,
      )
        .bind(book.bookmakerId)
        .first<{ owed: number; n: number }>();
      expect(owed).toEqual({ owed: 9600, n: 16 });
      expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
    },
  );
});

describe("a punter's max stake", () => {
  it(
    "bounds what a multiple stakes in all: lines × amount up to it passes, past it is refused",
    { timeout: 60_000 },
    async () => {
      const book = await newBook({ coins: 10_000 });
      const punter = await newPunter(book, { coins: 100 });
      await json("PUT", "/balances/limits", {
        token: book.owner.token,
        body: { userId: punter.userId, maxStake: 20, maxPayoutPerEvent: null },
      });
      const events = [await race(book, [2, 3]), await race(book, [3, 3]), await race(book, [4, 3])];
      const legs = events.map((e): Selection => [e, 0]);
      expect((await placeMultiple(punter, book, "TRIXIE", legs, 5)).staked).toBe(20);
      const res = await tryMultiple(punter, book, "TRIXIE", legs, 5.01);
      expect(res.status).toBe(409);
      expect((await res.json<ErrorBody>()).error).toMatchObject({
        code: "LIMIT_EXCEEDED",
        field: "amount",
        message: "Your maximum stake is 20.00.",
      });
      expect(await coins(punter.token, book.bookmakerId)).toBe(80);
    },
  );
});
