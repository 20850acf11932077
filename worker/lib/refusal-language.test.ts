import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../common/languages";
import { BOOKMAKER_NOT_FOUND } from "../../common/refusals";
import type { ErrorBody } from "../contract";
import { LANGUAGES_MESSAGE } from "../identity/routes";
import ar from "../locales/ar.json";
import ru from "../locales/ru.json";
import { call, signIn } from "../test/api";
import { say } from "./words";

// A refusal reads in the caller's language (docs/decisions/languages.md, "Languages"): the mini-app sends
// the one it shows as Accept-Language; the code and the field never change with it.

const refusal = async (res: Response) => (await res.json<ErrorBody>()).error;

describe("a refusal in the caller's language", () => {
  it("is the catalogue's words for a Russian or an Arabic caller, English for the rest", async () => {
    const user = await signIn("refusal_words");
    const ask = (language?: string) =>
      call("POST", "/bookmakers/99999999/terms", {
        token: user.token,
        body: { terms: "Cash only" },
        headers: language ? { "Accept-Language": language } : {},
      });
    const english = await ask();
    expect(english.status).toBe(404);
    expect(await refusal(english)).toEqual({ code: "NOT_FOUND", message: BOOKMAKER_NOT_FOUND });
    expect(english.headers.get("Vary")).toContain("Accept-Language");
    expect(await refusal(await ask("ru"))).toEqual({ code: "NOT_FOUND", message: ru[BOOKMAKER_NOT_FOUND] });
    expect(await refusal(await ask("ar,en;q=0.5"))).toEqual({ code: "NOT_FOUND", message: ar[BOOKMAKER_NOT_FOUND] });
    expect(await refusal(await ask("de-DE,de;q=0.9"))).toEqual({ code: "NOT_FOUND", message: BOOKMAKER_NOT_FOUND });
  });

  it("names the same field in every language, a schema's message translated", async () => {
    const user = await signIn("refusal_fields");
    const messages = new Set<string>();
    for (const language of LANGUAGES) {
      const res = await call("PUT", "/me/language", {
        token: user.token,
        body: { language: "klingon" },
        headers: { "Accept-Language": language },
      });
      expect(res.status).toBe(400);
      const error = await refusal(res);
      expect(error.code).toBe("VALIDATION");
      expect(error.field).toBe("language");
      messages.add(error.message);
    }
    // Eight languages, eight wordings: none left in English but English's own.
    expect(messages.size).toBe(LANGUAGES.length);
    expect(messages.has(LANGUAGES_MESSAGE)).toBe(true);
  });

  it("says a missing field, a wrong type and a body that is no object in the caller's words, never the validator's English", async () => {
    const user = await signIn("refusal_shapes");
    const put = (body: unknown, language: string) =>
      call("PUT", "/me/language", { token: user.token, body, headers: { "Accept-Language": language } });
    const signInWith = (body: unknown, language: string) =>
      call("POST", "/auth/telegram", { body, headers: { "Accept-Language": language } });
    for (const language of LANGUAGES) {
      const missing = await put({}, language);
      expect(missing.status).toBe(400);
      expect(await refusal(missing)).toEqual({
        code: "VALIDATION",
        field: "language",
        message: say(language, "Required."),
      });
      const wrongType = await signInWith({ initData: 5 }, language);
      expect(await refusal(wrongType)).toEqual({
        code: "VALIDATION",
        field: "initData",
        message: say(language, "Must be text."),
      });
      const notAnObject = await put("en", language);
      expect((await refusal(notAnObject)).message).toBe(say(language, "Must be an object."));
    }
    // Each in its own words: no language says the English but English.
    for (const text of ["Required.", "Must be text.", "Must be an object."])
      expect(new Set(LANGUAGES.map((language) => say(language, text))).size).toBe(LANGUAGES.length);
  });
});
