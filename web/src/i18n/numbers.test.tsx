import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OddsStepper } from "@/features/event-editing/OddsStepper";
import { ReturnSelect } from "@/features/event-editing/ReturnSelect";
import { defaultText } from "@/features/limits/limits";
import { countdownText } from "@/ui/Countdown";
import { showLanguage } from "./language";

// The screens' other numbers by language (docs/decisions/languages.md, "Numbers and dates by language"):
// the return for punters with the decimal sign of the amounts beside it, a limit grouped, the
// countdown in Latin digits in Arabic; English as it was.

const NBSP = "\u00a0";
const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;

/** The 'Return for punters' choices as the select shows them. */
function returnChoices(): string[] {
  render(<ReturnSelect value={90} onChange={() => {}} />);
  return within(screen.getByRole("combobox"))
    .getAllByRole("option")
    .map((o) => o.textContent ?? "");
}

/** The odds box of the event form, showing 6/4. */
function oddsBox(): HTMLInputElement {
  render(<OddsStepper value={{ num: 3, den: 2 }} onChange={() => {}} asFractional={false} label="Red Rum" />);
  return screen.getByRole("textbox", { name: "Red Rum" });
}

describe("in Russian", () => {
  it("the event form's odds box has the decimal comma", async () => {
    await showLanguage("ru");
    expect(oddsBox().value).toBe("2,5");
  });

  it("the return for punters has the decimal comma", async () => {
    await showLanguage("ru");
    expect(returnChoices()).toContain("0,90");
  });

  it("a book's default limit is grouped", async () => {
    await showLanguage("ru");
    expect(defaultText(10_000)).toContain(`10${NBSP}000`);
  });
});

describe("in Arabic", () => {
  it("the return for punters and the countdown have Latin digits", async () => {
    await showLanguage("ar");
    expect(returnChoices()).toContain("0.90");
    expect(countdownText(90_061_000)).not.toMatch(ARABIC_INDIC);
    expect(defaultText(10_000)).toContain("10,000");
  });
});

describe("in English", () => {
  it("they read as before", async () => {
    await showLanguage("en");
    expect(returnChoices()).toContain("0.90");
    expect(defaultText(50)).toBe("Book default: 50");
    expect(oddsBox().value).toBe("2.5");
  });
});
