import { describe, expect, it } from "vitest";
import { partReturnCents, placeReturnCents, standardTerms, termsInForce, termsText } from "./each-way";
import { ladderOdds } from "./odds";
import { rule4Deduction } from "./rule4";

const odds = (decimal: number) => ladderOdds(decimal)!;

describe("each-way terms", () => {
  it("are standard by the runners: under 5 win only, 5–7 two places at 1/4, 8 or more three at 1/5", () => {
    expect([4, 5, 7, 8, 20].map(standardTerms)).toEqual([
      { places: 1, fraction: 1 },
      { places: 2, fraction: 4 },
      { places: 2, fraction: 4 },
      { places: 3, fraction: 5 },
      { places: 3, fraction: 5 },
    ]);
  });

  it("follow the runners when standard and stand as set otherwise", () => {
    expect(termsInForce("standard", 7)).toEqual({ places: 2, fraction: 4 });
    expect(termsInForce({ places: 4, fraction: 4 }, 3)).toEqual({ places: 4, fraction: 4 });
    expect(termsInForce(null, 10)).toBeNull();
  });

  it("read as punters read them", () => {
    expect(termsText({ places: 3, fraction: 5 })).toBe("E/W 1/5 3 places");
    expect(termsText({ places: 1, fraction: 1 })).toBe("E/W win only");
  });
});

describe("an each-way bet's return (the worked examples, to the cent)", () => {
  it("10 each-way at 12/1, 4 places at 1/4: placed 2nd returns 40, wins returns 170", () => {
    const win = { stakeCents: 1000, odds: odds(13) };
    const place = { ...win, fraction: 4 };
    expect(placeReturnCents(place, null)).toBe(4000);
    expect(partReturnCents(win) + placeReturnCents(place, win)).toBe(17000);
  });

  it("10 each-way at 7/4, 3 places at 1/5, a 13/8 runner withdrawn after (35p), wins: 33.65, rounded once for the pair", () => {
    const deduction = rule4Deduction(odds(2.625));
    expect(deduction).toBe(35);
    const win = { stakeCents: 1000, odds: odds(2.75), deduction };
    const place = { ...win, fraction: 5 };
    expect(partReturnCents(win)).toBe(2137);
    expect(partReturnCents(win) + placeReturnCents(place, win)).toBe(3365);
    // Each part rounded down on its own would lose the pair a cent.
    expect(partReturnCents(win) + partReturnCents(place)).toBe(3364);
  });

  it("20 each-way at 16/1, 3 places at 1/4, dead heat for 3rd with one other: returns 50", () => {
    const place = { stakeCents: 2000, odds: odds(17), fraction: 4, share: 1, deadHeat: 2 };
    expect(placeReturnCents(place, null)).toBe(5000);
  });
});
