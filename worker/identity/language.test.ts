import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody, Languages, Session } from "../contract";
import { call, json } from "../test/api";
import { signInitData } from "./init-data";

// Each user's language (API.md, "Language"): Telegram's language_code as one of ours, kept at
// every sign-in, unless he chose one in Settings; null gives Telegram's back.

let next = 7_000_000_000 + Math.floor(Math.random() * 1e8);

/** Signs in user `id` as Telegram would, his app in `languageCode`. */
async function signIn(id: number, languageCode?: string) {
  const user = { id, username: `lang_${id}`, ...(languageCode ? { language_code: languageCode } : {}) };
  const initData = await signInitData({ user, authDate: Math.floor(Date.now() / 1000) }, env.BOT_TOKEN);
  return json<Session>("POST", "/auth/telegram", { body: { initData } });
}

const choose = (token: string, language: unknown) => call("PUT", "/me/language", { token, body: { language } });

describe("a user's language", () => {
  it.each([
    ["pt-br", "pt-BR"],
    ["es-419", "es"],
    ["ru", "ru"],
    ["ar", "ar"],
    ["de", "en"],
    [undefined, "en"],
  ])("is Telegram's %s as %s at sign-in", async (code, language) => {
    expect((await signIn(++next, code)).language).toBe(language);
  });

  it("is the one he chose, whatever Telegram says at later sign-ins, until he gives it back", async () => {
    const id = ++next;
    const { token } = await signIn(id, "pt-br");
    const chosen = await choose(token, "ru");
    expect(chosen.status).toBe(200);
    expect(await chosen.json<Languages>()).toEqual({ language: "ru", telegram: "pt-BR" });
    expect((await signIn(id, "tr")).language).toBe("ru");
    const back = await choose(token, null);
    expect(await back.json<Languages>()).toEqual({ language: "tr", telegram: "tr" });
    expect((await signIn(id, "de")).language).toBe("en");
  });

  it("refuses a language that is not one of ours, naming the field, and a call without a session", async () => {
    const { token } = await signIn(++next, "en");
    for (const bad of ["de", "pt-br", 3]) {
      const res = await choose(token, bad);
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.field).toBe("language");
    }
    expect((await call("PUT", "/me/language", { body: { language: "ru" } })).status).toBe(401);
  });
});
