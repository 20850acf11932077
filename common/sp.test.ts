import { describe, expect, it } from "vitest";
import { deductsFromSp, paidAtSp, pricedPlaceReturnCents, pricedReturnCents, SP_LATE_MS } from "./sp";
import { rule4Deduction } from "./rule4";

// docs/rules/racing.md "SP and BOG", its worked examples to the cent.
const odds = (num: number, den: number) => ({ num, den });

describe("a bet at SP or with best odds guaranteed", () => {
  it("pays an SP bet at its SP: 10 at SP, SP 9/2, wins: 55.00", () => {
    expect(pricedReturnCents({ stakeCents: 1000, struck: null }, odds(9, 2))).toBe(5500);
  });

  it("pays a BOG bet at the better of its price and the SP: 10 at 3/1, SP 9/2: 55.00; SP 5/2: 40.00", () => {
    const bet = { stakeCents: 1000, struck: odds(3, 1), bog: true };
    expect(pricedReturnCents(bet, odds(9, 2))).toBe(5500);
    expect(paidAtSp(bet, odds(9, 2))).toBe(true);
    expect(pricedReturnCents(bet, odds(5, 2))).toBe(4000);
    expect(paidAtSp(bet, odds(5, 2))).toBe(false);
    // Without BOG the price is the price.
    expect(pricedReturnCents({ ...bet, bog: false }, odds(9, 2))).toBe(4000);
  });

  it("takes an early non-runner's Rule 4 off the price, not the SP: 10 at 4/1, a 2/1 two hours before, SP 3/1: 40.00", () => {
    const start = Date.UTC(2026, 11, 1, 14, 0);
    const withdrawn = start - 2 * 3_600_000;
    expect(deductsFromSp(withdrawn, start)).toBe(false);
    const deduction = rule4Deduction(odds(2, 1));
    expect(deduction).toBe(30);
    const bet = { stakeCents: 1000, struck: odds(4, 1), bog: true, deduction, spDeduction: 0 };
    // 10 + 40 × 0.7 = 38 at the price; 10 + 30 = 40 at SP.
    expect(pricedReturnCents(bet, odds(3, 1))).toBe(4000);
  });

  it("takes a late non-runner's Rule 4 off SP bets too: 10 at SP, a 6/4 five minutes before, SP 4/1: 34.00", () => {
    const start = Date.UTC(2026, 11, 1, 14, 0);
    expect(deductsFromSp(start - 5 * 60_000, start)).toBe(true);
    expect(deductsFromSp(start - SP_LATE_MS, start)).toBe(true);
    expect(deductsFromSp(start - SP_LATE_MS - 1, start)).toBe(false);
    expect(deductsFromSp(start + 60_000, start)).toBe(true);
    const spDeduction = rule4Deduction(odds(6, 4));
    expect(spDeduction).toBe(40);
    expect(pricedReturnCents({ stakeCents: 1000, struck: null, spDeduction }, odds(4, 1))).toBe(3400);
  });

  it("pays an each-way SP bet's place part at the SP's place odds: SP 8/1, 3 places at 1/5, placed 2nd: 26.00", () => {
    const place = { stakeCents: 1000, struck: null, fraction: 5 };
    expect(pricedPlaceReturnCents(place, null, odds(8, 1))).toBe(2600);
    // Both parts won: the pair rounded down once, 90 + 26.
    const win = { stakeCents: 1000, struck: null };
    expect(pricedReturnCents(win, odds(8, 1)) + pricedPlaceReturnCents(place, win, odds(8, 1))).toBe(11600);
  });
});
