import { describe, expect, it } from "vitest";
import { languageOfTag } from "./languages";

describe("Telegram's language_code as one of ours", () => {
  it.each([
    ["en", "en"],
    ["ru", "ru"],
    ["pt-br", "pt-BR"],
    ["pt-BR", "pt-BR"],
    ["pt", "pt-BR"],
    ["pt-pt", "pt-BR"],
    ["es-419", "es"],
    ["es", "es"],
    ["fr-CA", "fr"],
    ["tr", "tr"],
    ["id", "id"],
    ["ar", "ar"],
    ["AR", "ar"],
    ["en-GB", "en"],
  ])("%s → %s", (tag, language) => {
    expect(languageOfTag(tag)).toBe(language);
  });

  it.each([["de"], ["uk"], ["zh-hans"], [""], [undefined], [null]])("%s → none of ours", (tag) => {
    expect(languageOfTag(tag)).toBeNull();
  });
});
