import { describe, expect, it } from "vitest";
import { multipleCashOutCents, pendingFactor, singleCashOutCents } from "./cashout";
import { linesOf, wonFactor } from "./multiples";
import { rule4Deduction } from "./rule4";

// docs/rules/cash-out.md "Cash out", its worked examples to the cent (margin 0.05).
const odds = (num: number, den: number) => ({ num, den });

describe("a cash-out's value", () => {
  it("is a single's return at its struck price over the price now, less the margin, rounded down once", () => {
    expect(singleCashOutCents({ stakeCents: 1000, struck: odds(4, 1), now: odds(2, 1) }, 5)).toBe(1583);
    expect(singleCashOutCents({ stakeCents: 1000, struck: odds(4, 1), now: odds(7, 1) }, 5)).toBe(593);
  });

  it("adds an each-way bet's place part, on its own odds, before the rounding", () => {
    const bet = { stakeCents: 1000, struck: odds(12, 1), now: odds(6, 1), placeFraction: 4 };
    expect(singleCashOutCents(bet, 5)).toBe(3284);
  });

  it("takes Rule 4 already known off the struck price", () => {
    const deduction = rule4Deduction(odds(2, 1));
    expect(deduction).toBe(30);
    expect(singleCashOutCents({ stakeCents: 1000, struck: odds(4, 1), now: odds(3, 1), deduction }, 5)).toBe(902);
  });

  it("multiplies a multiple's lines by its legs: won as settled, open struck over now", () => {
    const legs = [wonFactor(odds(1, 1)), pendingFactor({ struck: odds(2, 1), now: odds(1, 1) })];
    expect(multipleCashOutCents(1000, linesOf("DOUBLE", 2), legs, 5)).toBe(2850);
  });

  it("counts a price struck above the book's of that moment at the book's (the equalizer's longer price)", () => {
    // 300 struck at 11/2 while the book stood at 4/1, the book still at 4/1: 285.00, not 300 × 6.5/5 × 0.95.
    expect(
      singleCashOutCents({ stakeCents: 30000, struck: odds(11, 2), bookThen: odds(4, 1), now: odds(4, 1) }, 5),
    ).toBe(28500);
    // Cut by the book to 2/1 since: 300 × 5/3 × 0.95 = 475.00.
    expect(
      singleCashOutCents({ stakeCents: 30000, struck: odds(11, 2), bookThen: odds(4, 1), now: odds(2, 1) }, 5),
    ).toBe(47500);
    // Struck shorter than the book's price (its outcome backed): its own price.
    expect(singleCashOutCents({ stakeCents: 1000, struck: odds(7, 2), bookThen: odds(4, 1), now: odds(4, 1) }, 5)).toBe(
      855,
    );
  });

  it("is the whole return when the price is unchanged and the margin nothing", () => {
    expect(singleCashOutCents({ stakeCents: 1234, struck: odds(5, 2), now: odds(5, 2) }, 0)).toBe(1234);
  });
});
