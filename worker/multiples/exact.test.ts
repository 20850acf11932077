import { describe, expect, it } from "vitest";
import type { BookmakerEvent } from "../contract";
import { json } from "../test/api";
import { coins } from "../test/events";
import { beforeNextBatch } from "../test/faulty-d1";
import { finalize, multiplesOf, placeDouble, placeMultiple, race } from "../test/multiples";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";

// A multiple's line returns the exact product of its legs' fractions rounded down once
// (docs/ARCHITECTURE.md "the one gate"): no float, no epsilon, however many legs.

/** Four races whose first runner has these fractional odds (as the ladder's decimals), each won by it. */
async function fourRaces(book: TestBook, decimals: number[]) {
  const races: BookmakerEvent[] = [];
  for (const d of decimals) races.push(await race(book, [d, 3]));
  return races;
}

const raiseMultiplesCap = (book: TestBook, maxMultiplesPayout: number) =>
  json("PUT", `/bookmakers/${book.bookmakerId}/limits`, {
    token: book.owner.token,
    body: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout },
  });

describe("a fourfold", () => {
  it("of 53.99 at 1/100, 1/40, 1/40 and 11/10, all won, returns 120.30 (120.30999…, not 120.31)", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const races = await fourRaces(book, [1.01, 1.025, 1.025, 2.1]);
    const legs = races.map((r): [BookmakerEvent, number] => [r, 0]);
    const placed = await placeMultiple(punter, book, "ACCUMULATOR", legs, 53.99);
    // The potential the cap counts is the same exact figure.
    expect(placed.potentialPayout).toBe(120.3);
    for (const r of races) await finalize(book, r, [0]);
    const [settled] = await multiplesOf(punter, book);
    expect(settled).toMatchObject({ status: "WON", payout: 120.3 });
    expect(await coins(punter.token, book.bookmakerId)).toBe(100 - 53.99 + 120.3);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("of 2,291,833.28 at 1/66, 7/4, 13/2 and 4/11 (cap raised) returns 65,434,444.50, past 2^53 in its product", async () => {
    const book = await newBook({ coins: 3_000_000 });
    await raiseMultiplesCap(book, 100_000_000);
    const punter = await newPunter(book, { coins: 2_291_833.28 });
    const races = await fourRaces(book, [1.015, 2.75, 7.5, 1.364]);
    const legs = races.map((r): [BookmakerEvent, number] => [r, 0]);
    await placeMultiple(punter, book, "ACCUMULATOR", legs, 2_291_833.28);
    for (const r of races) await finalize(book, r, [0]);
    const [settled] = await multiplesOf(punter, book);
    expect(settled).toMatchObject({ status: "WON", payout: 65_434_444.5 });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("two legs' events settled at once", () => {
  it("pay the multiple once, exactly, when the other event settles between a result's read and its write", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const [a, b] = await fourRaces(book, [1.01, 2.1]).then((r) => r.slice(0, 2));
    await placeDouble(punter, book, a, b, 53.99);
    // A's result reads B's leg open (so A completes nothing), then B's result lands first and
    // completes the double on A's leg still open: A's batch finds it complete on other legs.
    await beforeNextBatch(a.id, () => finalize(book, b, [0]));
    await finalize(book, a, [0]);
    const [settled] = await multiplesOf(punter, book);
    // 53.99 × 101/100 × 21/10 = 114.5127…
    expect(settled).toMatchObject({ status: "WON", payout: 114.51 });
    expect(await coins(punter.token, book.bookmakerId)).toBe(100 - 53.99 + 114.51);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});
