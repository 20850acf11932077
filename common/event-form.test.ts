import { describe, expect, it } from "vitest";
import { descriptionError, distinctTitles, outcomeTitleError } from "./event-form";
import { DIRECTION_MESSAGE, INVISIBLE_MESSAGE, LINE_BREAK_MESSAGE } from "./text";

describe("event form rules", () => {
  it("checks a description as it is kept: trimmed, so spaces and tabs around it pass", () => {
    expect(descriptionError("\tKempton 3.15 ")).toBeNull();
    expect(descriptionError("   ")).toBe("Description is required.");
    expect(descriptionError(` ${"x".repeat(100)} `)).toBeNull();
    expect(descriptionError("x".repeat(101))).toBe("Maximum 100 characters.");
  });

  it("takes a description in any script, counted in the characters a person sees", () => {
    expect(descriptionError("Kempton – 3.15")).toBeNull();
    expect(descriptionError("Скачки в Москве, заезд 3")).toBeNull();
    expect(descriptionError("سباق الخيل في دبي")).toBeNull();
    expect(descriptionError("🇬🇧".repeat(100))).toBeNull();
    expect(descriptionError("🇬🇧".repeat(101))).toBe("Maximum 100 characters.");
    expect(descriptionError("Race\u202E 1")).toBe(DIRECTION_MESSAGE);
    expect(descriptionError("Race 1\nAscot")).toBe(LINE_BREAK_MESSAGE);
  });

  it("checks an outcome's name the same way, up to 24 characters", () => {
    expect(outcomeTitleError(" Frankel\t")).toBeNull();
    expect(outcomeTitleError("")).toBe("Outcome name is required.");
    expect(outcomeTitleError("Frankél")).toBeNull();
    expect(outcomeTitleError("Буревестник")).toBeNull();
    expect(outcomeTitleError("سهم الصحراء")).toBeNull();
    expect(outcomeTitleError("q\u0301".repeat(24))).toBeNull();
    expect(outcomeTitleError("x".repeat(25))).toBe("Maximum 24 characters.");
    expect(outcomeTitleError("Red\uFEFFRum")).toBe(INVISIBLE_MESSAGE);
  });

  it("tells outcomes apart whatever their case, surrounding spaces and normal form", () => {
    expect(distinctTitles(["Frankel", "Sea The Stars"])).toBe(true);
    expect(distinctTitles(["Frankel", " frankel"])).toBe(false);
    expect(distinctTitles(["Буря", "БУРЯ"])).toBe(false);
    expect(distinctTitles(["Zoé", "Zoe\u0301"])).toBe(false);
  });
});
