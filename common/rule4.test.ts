import { describe, expect, it } from "vitest";
import { ladderFraction, ladderOdds, payoutCents } from "./odds";
import { rule4Deduction, settledPayoutCents, totalDeduction } from "./rule4";

const at = (fraction: string) =>
  rule4Deduction(
    ladderFraction(fraction) ?? { num: Number(fraction.split("/")[0]), den: Number(fraction.split("/")[1]) },
  );

describe("Rule 4 deductions", () => {
  // Each band's shorter and longer edge, as the Tattersalls table writes them.
  const EDGES: [string, string, number][] = [
    ["1/200", "1/9", 90],
    ["2/17", "2/11", 85],
    ["1/5", "1/4", 80],
    ["2/7", "3/10", 75],
    ["1/3", "2/5", 70],
    ["4/9", "8/15", 65],
    ["4/7", "8/13", 60],
    ["4/6", "4/5", 55],
    ["5/6", "20/21", 50],
    ["1/1", "6/5", 45],
    ["5/4", "6/4", 40],
    ["13/8", "7/4", 35],
    ["15/8", "9/4", 30],
    ["5/2", "3/1", 25],
    ["10/3", "4/1", 20],
    ["9/2", "11/2", 15],
    ["6/1", "9/1", 10],
    ["10/1", "14/1", 5],
  ];

  it.each(EDGES)("takes %s to %s at %ip", (shorter, longer, pence) => {
    expect(at(shorter)).toBe(pence);
    expect(at(longer)).toBe(pence);
  });

  it("gives a price between two bands the band of the shorter price", () => {
    expect(at("1/8")).toBe(85); // between 1/9 and 2/17
    expect(at("2/9")).toBe(80); // between 1/5 and 1/4
    expect(at("10/11")).toBe(50);
    expect(at("11/10")).toBe(45);
    expect(at("11/4")).toBe(25);
    expect(at("5/1")).toBe(15);
    expect(at("12/1")).toBe(5);
  });

  it("takes nothing for a runner longer than 14/1", () => {
    expect(at("16/1")).toBe(0);
    expect(at("1000/1")).toBe(0);
  });

  it("reads decimal odds through the ladder the same way", () => {
    expect(rule4Deduction(ladderOdds(1.25)!)).toBe(80); // 1/4
    expect(rule4Deduction(ladderOdds(2)!)).toBe(45); // evens
    expect(rule4Deduction(ladderOdds(15)!)).toBe(5); // 14/1
    expect(rule4Deduction(ladderOdds(17)!)).toBe(0); // 16/1
  });

  it("adds several non-runners up to at most 90p", () => {
    expect(totalDeduction([25, 20])).toBe(45);
    expect(totalDeduction([80, 45])).toBe(90);
    expect(totalDeduction([])).toBe(0);
  });

  it("pays the worked example: 10 at 2.25 with a 1/4 non-runner after returns 12.50", () => {
    expect(settledPayoutCents(1000, ladderOdds(2.25)!, rule4Deduction(ladderOdds(1.25)!))).toBe(1250);
  });

  it("pays a dead heat on stake ÷ n at the odds, after any deduction, rounded down", () => {
    const evens = ladderOdds(2)!;
    expect(settledPayoutCents(1000, evens, 0, 2)).toBe(1000);
    expect(settledPayoutCents(1000, ladderOdds(4)!, 0, 3)).toBe(1333);
    expect(settledPayoutCents(1000, ladderOdds(3)!, 25, 2)).toBe(1250); // (10 + 20 × 0.75) / 2
  });

  it("is the plain payout with no deduction and no dead heat", () => {
    for (const decimal of [1.005, 1.5, 2, 3.5, 11, 1001]) {
      const odds = ladderOdds(decimal)!;
      expect(settledPayoutCents(1234, odds)).toBe(payoutCents(1234, odds));
      expect(Math.floor((1234 * (odds.den * 100 + odds.num * 100)) / (odds.den * 100))).toBe(payoutCents(1234, odds));
    }
  });
});
