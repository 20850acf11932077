import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalOf, fractionalText, ladderFraction, type Odds } from "../../../common/odds";
import { equalizerOdds, oddsAfterWithdrawal, resultCents, resultsCents, type BookOutcome } from "./book";

const odds = (f: string): Odds => ladderFraction(f)!;
const item = (id: number, f: string, stakeCents = 0, active = true): BookOutcome => ({
  id,
  odds: odds(f),
  active,
  stakeCents,
});

describe("odds after a non-runner", () => {
  it("shortens the others so the book keeps its margin, snapping down", () => {
    // 2.0, 3.0, 3.0: B = 0.5 + 1/3 + 1/3 = 1.1667. Without #3, B' = 0.8333;
    // 2.0 → 1/(0.5 × 1.4) = 1.4286 → 2/5 (1.4); 3.0 → 1/(0.3333 × 1.4) = 2.1429 → 11/10 (2.1).
    const result = oddsAfterWithdrawal([item(1, "1/1"), item(2, "2/1"), item(3, "2/1")], 3);
    expect(fractionalText(result.get(1)!)).toBe("2/5");
    expect(fractionalText(result.get(2)!)).toBe("11/10");
    expect(result.has(3)).toBe(false);
  });

  it("ignores outcomes already withdrawn", () => {
    const result = oddsAfterWithdrawal([item(1, "1/1"), item(2, "1/1"), item(3, "1/1", 0, false), item(4, "1/1")], 4);
    expect([...result.keys()]).toEqual([1, 2]);
    // three running at 2.0: B = 1.5, B' = 1.0, so each becomes 1/(0.5 × 1.5) = 1.333, exactly 1/3
    expect(fractionalText(result.get(1)!)).toBe("1/3");
  });
});

describe("equalizer", () => {
  it("equals the bookmaker's odds while no money is staked", () => {
    const items = [item(1, "1/1"), item(2, "6/4"), item(3, "5/1")];
    const result = equalizerOdds(items, 50, 100_000);
    for (const i of items) expect(result.get(i.id)).toEqual(i.odds);
  });

  it("shortens the outcome the money goes on and lengthens the others", () => {
    const result = equalizerOdds([item(1, "1/1", 50_000), item(2, "1/1")], 50, 100_000);
    expect(decimalOf(result.get(1)!)).toBeLessThan(2);
    expect(decimalOf(result.get(2)!)).toBeGreaterThan(2);
  });

  it("never sets odds above twice the bookmaker's", () => {
    const result = equalizerOdds([item(1, "1/1", 10_000_000), item(2, "1/1")], 95, 1000);
    expect(decimalOf(result.get(2)!)).toBeLessThanOrEqual(4);
  });
});

describe("the book's results with each-way place parts", () => {
  it("are, for each winner, its liability plus the largest place parts of the other paying places (every finishing order tried)", () => {
    const item = fc.record({ winCents: fc.nat(10_000), placeCents: fc.nat(5_000), active: fc.boolean() });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 9 }), fc.integer({ min: 1, max: 5 }), (drawn, places) => {
        const items = drawn.map((i, id) => ({ ...i, id }));
        const running = items.filter((i) => i.active);
        const subsets = (rest: typeof running, k: number): (typeof running)[] =>
          k === 0 || rest.length === 0
            ? [[]]
            : [...subsets(rest.slice(1), k - 1).map((s) => [rest[0], ...s]), ...subsets(rest.slice(1), k)];
        const results = resultsCents(items, places);
        expect([...results.keys()].sort()).toEqual(running.map((i) => i.id).sort());
        for (const x of running) {
          const others = subsets(
            running.filter((y) => y !== x),
            places - 1,
          );
          const worst = Math.max(...others.map((o) => x.winCents + o.reduce((sum, y) => sum + y.placeCents, 0)));
          expect(results.get(x.id)).toBe(worst);
          expect(resultCents(items, places, x)).toBe(worst);
        }
      }),
    );
  });
});
