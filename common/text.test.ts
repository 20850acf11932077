import { describe, expect, it } from "vitest";
import {
  charactersError,
  CONTROL_MESSAGE,
  DIRECTION_MESSAGE,
  INVISIBLE_MESSAGE,
  LINE_BREAK_MESSAGE,
  seenLength,
  seenSlice,
  UNASSIGNED_MESSAGE,
} from "./text";

// common/ tests run inside workerd (the worker project): what is counted here is what the API counts.

describe("texts in any script", () => {
  it("counts the characters a person sees, with Intl.Segmenter inside workerd", () => {
    expect(typeof Intl.Segmenter).toBe("function");
    expect(seenLength("Bookie")).toBe(6);
    expect(seenLength("Букмекер Иван")).toBe(13);
    expect(seenLength("e\u0301")).toBe(1);
    expect(seenLength("Ọ̀ṣọ́")).toBe(3);
    expect(seenLength("🇬🇧🇫🇷")).toBe(2);
    expect(seenLength("👍🏽")).toBe(1);
    expect(seenLength("\r\n")).toBe(1);
    expect(seenLength("مراهنات أحمد")).toBe(12);
    expect(seenSlice("🇬🇧🇫🇷🇪🇸", 2)).toBe("🇬🇧🇫🇷");
    expect(seenSlice("Zoe\u0301 Spirit", 3)).toBe("Zoe\u0301");
  });

  it("accepts letters, marks, digits, punctuation, symbols and spaces of every script", () => {
    for (const text of [
      "Букмекер Иван",
      "مراهنات أحمد",
      "Ставки №1 — 24/7",
      "Bahisçi Ömer",
      "Apostas do Zé",
      "Taruhan Budi",
      "Paris 100 € · ½",
      "赛马 第3场",
      "Bookie 🇬🇧 ❤️ 👍🏽",
      "Joe\u00A0Coral",
      "Café\u0301",
    ])
      expect(charactersError(text), text).toBeNull();
  });

  it("refuses hidden characters, naming what they are", () => {
    for (const c of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"])
      expect(charactersError(`Bookie ${c}Pete`)).toBe(DIRECTION_MESSAGE);
    for (const c of ["\u200E", "\u200F", "\u061C"]) expect(charactersError(`Bookie ${c}Pete`)).toBe(DIRECTION_MESSAGE);
    for (const c of ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u3164"])
      expect(charactersError(`Bookie ${c}Pete`)).toBe(INVISIBLE_MESSAGE);
    for (const c of ["\u0000", "\u0007", "\t", "\u001B", "\u007F", "\u0085", "\u00AD", "\u2061", "\uFFF9", "\u{E0041}"])
      expect(charactersError(`Bookie ${c}Pete`, true), JSON.stringify(c)).toBe(CONTROL_MESSAGE);
    for (const c of ["\n", "\r", "\r\n", "\u2028", "\u2029", "\v"])
      expect(charactersError(`Bookie ${c}Pete`)).toBe(LINE_BREAK_MESSAGE);
    for (const c of ["\uE000", "\u{F0000}", "\uD800", "\u0378"])
      expect(charactersError(`Bookie ${c}Pete`), JSON.stringify(c)).toBe(UNASSIGNED_MESSAGE);
  });

  it("lets a text of several lines have line breaks, and nothing else it hides", () => {
    expect(charactersError("Pay on Monday.\nNo credit.\r\nCash.\rCard.", true)).toBeNull();
    expect(charactersError("Pay on Monday.\u2028No credit.", true)).toBe(CONTROL_MESSAGE);
    expect(charactersError("Pay on Monday.\n\u202ENo credit.", true)).toBe(DIRECTION_MESSAGE);
  });
});
