import { describe, expect, it } from "vitest";
import { ASCII_MESSAGE, NAME_LENGTH_MESSAGE, nameError, TERMS_LENGTH_MESSAGE, termsError } from "./profile";

describe("profile rules", () => {
  it("checks a name as it is kept: trimmed", () => {
    expect(nameError("  Joe Coral  ")).toBeNull();
    expect(nameError("   Joe    ")).toBe(NAME_LENGTH_MESSAGE);
    expect(nameError("Joe Coral and Sons")).toBe(NAME_LENGTH_MESSAGE);
  });

  it("refuses a name outside printable ASCII before its length", () => {
    expect(nameError("Bookié")).toBe(ASCII_MESSAGE);
    expect(nameError("Joe\tCoral")).toBe(ASCII_MESSAGE);
  });

  it("lets terms have line breaks but nothing outside ASCII, up to 150 characters", () => {
    expect(termsError("Pay on Monday.\nNo credit.")).toBeNull();
    expect(termsError("Payé")).toBe(ASCII_MESSAGE);
    expect(termsError("x".repeat(150))).toBeNull();
    expect(termsError("x".repeat(151))).toBe(TERMS_LENGTH_MESSAGE);
  });
});
