import { describe, expect, it } from "vitest";
import { NAME_LENGTH_MESSAGE, nameError, TERMS_LENGTH_MESSAGE, termsError } from "./profile";
import { CONTROL_MESSAGE, DIRECTION_MESSAGE, INVISIBLE_MESSAGE, LINE_BREAK_MESSAGE } from "./text";

describe("profile rules", () => {
  it("checks a name as it is kept: trimmed", () => {
    expect(nameError("  Joe Coral  ")).toBeNull();
    expect(nameError("   Joe    ")).toBe(NAME_LENGTH_MESSAGE);
    expect(nameError("Joe Coral and Sons")).toBe(NAME_LENGTH_MESSAGE);
  });

  it("takes a name in any script, its length in the characters a person sees", () => {
    for (const name of ["Букмекер Иван", "مراهنات أحمد", "Bahisçi Ömer", "Casa de Apuestas", "Ставки 24/7 №1"])
      expect(nameError(name), name).toBeNull();
    // 16 seen (decomposed é, a flag of 4 code units): fine; 17 seen: too long.
    expect(nameError(`Cafe\u0301 Bookie 🇧🇷🇧🇷🇧🇷`)).toBeNull();
    expect(nameError(`Cafe\u0301 Bookie 🇧🇷🇧🇷🇧🇷🇧🇷🇧🇷`)).toBe(NAME_LENGTH_MESSAGE);
    expect(nameError("🇧🇷🇧🇷🇧🇷🇧🇷")).toBe(NAME_LENGTH_MESSAGE);
  });

  it("refuses a name hiding characters before its length, naming what they are", () => {
    expect(nameError("Joe\u202E Coral")).toBe(DIRECTION_MESSAGE);
    expect(nameError("Joe\u200D Coral")).toBe(INVISIBLE_MESSAGE);
    expect(nameError("Joe\tCoral")).toBe(CONTROL_MESSAGE);
    expect(nameError("Joe\nCoral Bets")).toBe(LINE_BREAK_MESSAGE);
    expect(nameError("J\u200B")).toBe(INVISIBLE_MESSAGE);
  });

  it("lets terms in any script have line breaks, up to 150 characters a person sees", () => {
    expect(termsError("Pay on Monday.\r\nNo credit.")).toBeNull();
    expect(termsError("الدفع نقدًا فقط.\nلا ائتمان.")).toBeNull();
    expect(termsError("Оплата наличными.")).toBeNull();
    expect(termsError("x".repeat(150))).toBeNull();
    expect(termsError("x".repeat(151))).toBe(TERMS_LENGTH_MESSAGE);
    // 150 lines' breaks as "\r\n" are 150 characters seen, 300 code units.
    expect(termsError("\r\n".repeat(150))).toBeNull();
    expect(termsError("é".normalize("NFD").repeat(150))).toBeNull();
    expect(termsError("Pay\tnow")).toBe(CONTROL_MESSAGE);
    expect(termsError("Pay \u2067now")).toBe(DIRECTION_MESSAGE);
  });
});
