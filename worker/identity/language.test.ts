import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody, Languages, Session } from "../contract";
import { call, json } from "../test/api";
import { faultyD1, inOrder, LOST } from "../test/faulty-d1";
import { signInitData } from "./init-data";

// Each user's language (docs/decisions/languages.md, "Languages"): Telegram's language_code as one of ours, kept at
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

  it("after a failed write is what D1 holds: a lost sign-in keeps the old, a lost answer the new", async () => {
    const id = ++next;
    await signIn(id, "ru");
    const initData = async (code: string) =>
      signInitData(
        { user: { id, username: `lang_${id}`, language_code: code }, authDate: Math.floor(Date.now() / 1000) },
        env.BOT_TOKEN,
      );
    const failed = await call("POST", "/auth/telegram", {
      body: { initData: await initData("tr") },
      env: { DB: faultyD1(env.DB, inOrder("before")) },
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await telegramLanguageOf(id)).toBe("ru");
    const lost = await call("POST", "/auth/telegram", {
      body: { initData: await initData("tr") },
      env: { DB: faultyD1(env.DB, inOrder("after")) },
    });
    expect(lost.status).toBeGreaterThanOrEqual(500);
    expect(await telegramLanguageOf(id)).toBe("tr");
  });

  it("chosen in a write whose answer was lost is the one D1 holds, and sending it again answers it", async () => {
    const id = ++next;
    const { token } = await signIn(id, "ru");
    const res = await call("PUT", "/me/language", {
      token,
      body: { language: "fr" },
      env: { DB: answersLost(env.DB) },
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect((await signIn(id, "ru")).language).toBe("fr");
    expect(await (await choose(token, "fr")).json<Languages>()).toEqual({ language: "fr", telegram: "ru" });
  });
});

const telegramLanguageOf = async (id: number) =>
  (
    await env.DB.prepare(`SELECT telegram_language FROM users WHERE id = ?1`)
      .bind(id)
      .first<{ telegram_language: string }>()
  )?.telegram_language;

/** D1 whose single statements land but whose answers are lost on the way back, as a dropped connection does. */
function answersLost(real: D1Database): D1Database {
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    ({
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      first: async () => {
        await statement.first();
        throw new Error(LOST);
      },
    }) as unknown as D1PreparedStatement;
  return { prepare: (query: string) => wrap(real.prepare(query)) } as unknown as D1Database;
}
