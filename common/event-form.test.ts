import { describe, expect, it } from "vitest";
import { descriptionError, distinctTitles, outcomeTitleError } from "./event-form";

describe("event form rules", () => {
  it("checks a description as it is kept: trimmed, so spaces and tabs around it pass", () => {
    expect(descriptionError("\tKempton 3.15 ")).toBeNull();
    expect(descriptionError("   ")).toBe("Description is required.");
    expect(descriptionError("Kempton – 3.15")).toBe("Description must contain only English (ASCII) characters.");
    expect(descriptionError(` ${"x".repeat(100)} `)).toBeNull();
    expect(descriptionError("x".repeat(101))).toBe("Maximum 100 characters.");
  });

  it("checks an outcome's name the same way, up to 24 characters", () => {
    expect(outcomeTitleError(" Frankel\t")).toBeNull();
    expect(outcomeTitleError("")).toBe("Outcome name is required.");
    expect(outcomeTitleError("Frankél")).toBe("Only English (ASCII) characters are allowed.");
    expect(outcomeTitleError("x".repeat(25))).toBe("Maximum 24 characters.");
  });

  it("tells outcomes apart whatever their case and surrounding spaces", () => {
    expect(distinctTitles(["Frankel", "Sea The Stars"])).toBe(true);
    expect(distinctTitles(["Frankel", " frankel"])).toBe(false);
  });
});
