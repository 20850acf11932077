import { describe, expect, it } from "vitest";
import {
  decimalOf,
  decimalText,
  fractionalText,
  LADDER,
  ladderDown,
  ladderFraction,
  ladderOdds,
  payoutCents,
  RETURN_CHOICES,
} from "./odds";

describe("odds ladder", () => {
  it("runs from 1/200 (1.005) to 1000/1 (1001), strictly rising", () => {
    expect(fractionalText(LADDER[0])).toBe("1/200");
    expect(decimalText(LADDER[0])).toBe(1.005);
    expect(decimalText(LADDER[LADDER.length - 1])).toBe(1001);
    for (let i = 1; i < LADDER.length; i++) expect(decimalOf(LADDER[i])).toBeGreaterThan(decimalOf(LADDER[i - 1]));
  });

  it("holds the spec's examples", () => {
    for (const d of [1.01, 1.5, 2, 10, 101, 1001]) expect(ladderOdds(d)).toBeDefined();
    for (const f of ["1/2", "1/1", "2/1", "100/1"]) expect(ladderFraction(f)).toBeDefined();
  });

  it("tells every rung apart by its 3-decimal text, both ways", () => {
    for (const o of LADDER) {
      expect(ladderOdds(decimalText(o))).toEqual(o);
      expect(ladderFraction(fractionalText(o))).toEqual(o);
    }
    expect(ladderOdds(1.51)).toBeUndefined();
    expect(ladderFraction("3/2")).toBeUndefined();
  });

  it("snaps down, never up, and clamps below the first rung", () => {
    const ratio = (num: number, den = 1) => ({ num: BigInt(num), den: BigInt(den) });
    expect(fractionalText(ladderDown(ratio(299, 100)))).toBe("15/8");
    expect(fractionalText(ladderDown(ratio(3)))).toBe("2/1");
    expect(fractionalText(ladderDown(ratio(10001, 10000)))).toBe("1/200");
    expect(fractionalText(ladderDown(ratio(5000)))).toBe("1000/1");
    // a price exactly on a rung, however it was reached, is that rung: 0.5 × 1000 / (1000 × 0.5 / 3)
    expect(fractionalText(ladderDown(ratio(5 * 1000 * 3, 1000 * 5)))).toBe("2/1");
  });

  it("pays stake × decimal odds in whole cents, rounded down", () => {
    expect(payoutCents(10000, { num: 1, den: 1 })).toBe(20000);
    expect(payoutCents(10000, { num: 2, den: 1 })).toBe(30000);
    expect(payoutCents(100, { num: 8, den: 15 })).toBe(153); // 153.33…
    expect(payoutCents(1, { num: 1, den: 200 })).toBe(1);
  });

  it("offers 0.01 and 0.50 to 0.95 as returns for punters", () => {
    expect(RETURN_CHOICES).toHaveLength(47);
    expect(RETURN_CHOICES[0]).toBe(1);
    expect(RETURN_CHOICES.slice(1, 3)).toEqual([50, 51]);
    expect(RETURN_CHOICES[RETURN_CHOICES.length - 1]).toBe(95);
  });
});
