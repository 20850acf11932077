import { describe, expect, it } from "vitest";
import { amountOf, customAmount, exceedsCoins, maxStake, presetAmount } from "./volume";

describe("bet volume", () => {
  it("Max is the max total payout over the odds, to the cent", () => {
    expect(maxStake(1000, 4)).toBe(250);
    expect(amountOf("max", 1000, 4, 10_000)).toBe(250);
    expect(amountOf("max", 1000, 3, 10_000)).toBe(333.33);
  });

  it("Max is capped at what the outcome still takes once other punters' bets count", () => {
    expect(amountOf("max", 1000, 2, 10_000, 120)).toBe(120);
    expect(amountOf("1/2", 1000, 2, 10_000, 120)).toBe(60);
    expect(customAmount("300", 1000, 2, 10_000, 120)).toBe(120);
    expect(amountOf("max", 1000, 2, 10_000, 900)).toBe(500); // the spec's Max is the smaller here
  });

  it("Max is capped at the punter's coins", () => {
    expect(amountOf("max", 1000, 2, 120.5)).toBe(120.5);
  });

  it("the fractions take 0.8, 0.75, 0.5, 0.33 and 0.25 of the max stake", () => {
    expect(["4/5", "3/4", "1/2", "1/3", "1/4"].map((c) => amountOf(c as "4/5", 1000, 2, 10_000))).toEqual([
      400, 375, 250, 165, 125,
    ]);
  });

  it("the fractions are of Max once Max is capped at the coins", () => {
    // 1000 at evens allows 500; with 100 coins Max is 100 and each fraction is of those 100.
    expect(presetAmount(1, 1000, 2, 100)).toBe(100);
    expect(["4/5", "3/4", "1/2", "1/3", "1/4"].map((c) => amountOf(c as "4/5", 1000, 2, 100))).toEqual([
      80, 75, 50, 33, 25,
    ]);
    expect(presetAmount(0.33, 1000, 2, 10.01)).toBe(3.3);
  });

  it("never rounds a stake up past the payout limit", () => {
    // 1000 / 2.75 = 363.6363…: 363.64 would pay 1000.01.
    expect(amountOf("max", 1000, 2.75, 10_000)).toBe(363.63);
  });

  it("No Bet and My bet have no preset amount", () => {
    expect(amountOf("none", 1000, 2, 100)).toBe(0);
    expect(amountOf("custom", 1000, 2, 100)).toBe(0);
  });

  it("My bet is the smaller of the typed amount, the max stake and the coins", () => {
    expect(customAmount("50", 1000, 2, 100)).toBe(50);
    expect(customAmount("12,345", 1000, 2, 100)).toBe(12.34);
    expect(customAmount("800", 1000, 2, 10_000)).toBe(500);
    expect(customAmount("300", 1000, 2, 100)).toBe(100);
  });

  it("ignores My bet when it is not a number", () => {
    expect(customAmount("abc", 1000, 2, 100)).toBeNull();
    expect(customAmount("", 1000, 2, 100)).toBeNull();
  });

  it("tells when the chosen stakes add up to more than the coins, counting in cents", () => {
    expect(exceedsCoins([0.1, 0.2], 0.3)).toBe(false);
    expect(exceedsCoins([60, 40.01], 100)).toBe(true);
    expect(exceedsCoins([60, 40], 100)).toBe(false);
  });
});
