import { describe, expect, it } from "vitest";
import { cleanOutcome, pastedOutcomes } from "./paste";

describe("the paste rule", () => {
  it("treats a single name as an ordinary paste", () => {
    expect(pastedOutcomes("Red Rum")).toBeNull();
    expect(pastedOutcomes("Red Rum\n")).toBeNull();
  });

  it("splits lines and tab, comma, semicolon or pipe separated text", () => {
    expect(pastedOutcomes("Red Rum\nShergar\r\nArkle")).toEqual(["Red Rum", "Shergar", "Arkle"]);
    expect(pastedOutcomes("A1\tB2,C3;D4|E5")).toEqual(["A1", "B2", "C3", "D4", "E5"]);
  });

  it("strips numbering and bullets", () => {
    expect(
      pastedOutcomes("1. Red Rum\n2) Shergar\n(3) Arkle\n- Frankel\n• Kauto Star\n* Desert Orchid\n#7 Best Mate"),
    ).toEqual(["Red Rum", "Shergar", "Arkle", "Frankel", "Kauto Star", "Desert Orchid", "Best Mate"]);
  });

  it("keeps digits that are part of a name", () => {
    expect(cleanOutcome("7 Seas")).toBe("7 Seas");
    expect(cleanOutcome("Team 2")).toBe("Team 2");
  });

  it("keeps names in any script, removes hidden characters and cuts names to 24 characters a person sees", () => {
    expect(pastedOutcomes("Zoë Spirit\nA horse with a very very long name")).toEqual([
      "Zoë Spirit",
      "A horse with a very very",
    ]);
    expect(pastedOutcomes("1. Буревестник\n2. سهم\u200F الصحراء\n3. Red\u200B Rum\u202E")).toEqual([
      "Буревестник",
      "سهم الصحراء",
      "Red Rum",
    ]);
    expect(cleanOutcome("🇬🇧".repeat(30))).toBe("🇬🇧".repeat(24));
  });

  it("drops a name already there in another normal form", () => {
    expect(pastedOutcomes("Zoe\u0301\nArkle", ["Zoé"])).toEqual(["Arkle"]);
  });

  it("drops case-insensitive duplicates, within the paste and of the outcomes already there", () => {
    expect(pastedOutcomes("Red Rum\nred rum\nSHERGAR\nArkle", ["Shergar"])).toEqual(["Red Rum", "Arkle"]);
  });

  it("drops lines that are empty once cleaned", () => {
    expect(pastedOutcomes("1.\n\nRed Rum\n  \n•\nShergar")).toEqual(["Red Rum", "Shergar"]);
  });
});
