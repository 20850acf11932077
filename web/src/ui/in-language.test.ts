import { describe, expect, it } from "vitest";
import { showLanguage } from "@/i18n/language";
import { fieldNumber, joinList } from "./in-language";
import { formatAmount } from "./amount";
import { typedCents } from "./typed-cents";

// A field's number and a sentence's list in the language shown (in-language.ts).

describe("a number in a field", () => {
  it("takes the decimal sign the language's amounts have, and reads back as typed", async () => {
    for (const [language, written] of [
      ["en", "12.5"],
      ["ru", "12,5"],
      ["fr", "12,5"],
      ["pt-BR", "12,5"],
      ["ar", "12.5"],
    ] as const) {
      await showLanguage(language);
      expect(fieldNumber(12.5), language).toBe(written);
      expect(formatAmount(12.5).replace(/[\u2066-\u2069]/g, "")).toContain(written);
      expect(typedCents(fieldNumber(12.5)), language).toBe(1250);
    }
  });

  it("writes whole numbers without grouping, as a field is typed", async () => {
    await showLanguage("ru");
    expect(fieldNumber(10000)).toBe("10000");
  });
});

describe("a list in a sentence", () => {
  it("is joined by the Arabic comma in Arabic and by a comma elsewhere", async () => {
    await showLanguage("ar");
    expect(joinList(["برق", "رعد"])).toBe("برق، رعد");
    await showLanguage("en");
    expect(joinList(["Arkle", "Shergar"])).toBe("Arkle, Shergar");
  });
});
