import { describe, expect, it } from "vitest";
import { acceptedLanguage, say, words } from "./words";

// How the API picks and words a caller's language (lib/words.ts); the catalogues themselves are
// checked whole by web/src/i18n/catalogues.test.ts.

describe("the caller's language", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["ru", "ru"],
    ["pt-BR,pt;q=0.9", "pt-BR"],
    ["de-DE,de;q=0.9,fr;q=0.8", "fr"],
    ["en-US,en;q=0.9,ru;q=0.8", "en"],
    ["ru;q=0.5,ar;q=0.9", "ar"],
    ["ru;q=0,es", "es"],
    ["es-419", "es"],
    ["*", "en"],
    ["zh-CN, ja", "en"],
  ])("is Accept-Language %j as %s", (header, language) => {
    expect(acceptedLanguage(header)).toBe(language);
  });
});

describe("saying a text", () => {
  it("puts values in as they are, never read as a message: a user's braces stay braces", () => {
    const said = say("en", words("The odds of {outcome} have changed.", { outcome: "Ace {of} 'Spades'" }));
    expect(said).toBe("The odds of Ace {of} 'Spades' have changed.");
  });

  it("says a plain text with no translation as written, braces and all", () => {
    expect(say("ru", "Not a catalogue text {really}")).toBe("Not a catalogue text {really}");
    expect(say("en", "Not a catalogue text {really}")).toBe("Not a catalogue text {really}");
  });

  it("says a marked text as ICU (its quoted braces as braces), an unmarked one as written", () => {
    const marked = "Must be a list of '{'itemId, place'}'.";
    expect(say("en", marked)).toBe("Must be a list of {itemId, place}.");
    expect(say("ru", marked)).not.toContain("'{'");
    // A library's message quoting the caller's input is never read as a message.
    const quoted = `Invalid option: Expected "en" but received "it's {x}"`;
    expect(say("en", quoted)).toBe(quoted);
    expect(say("ar", quoted)).toBe(quoted);
  });

  it("chooses English plural and ordinal forms by the number", () => {
    const line = (place: number) =>
      say("en", words("placed {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", { place }));
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(line).join(", ")).toBe(
      "placed 1st, placed 2nd, placed 3rd, placed 4th, placed 11th, placed 12th, placed 13th, placed 21st, placed 22nd, placed 101st",
    );
  });
});
