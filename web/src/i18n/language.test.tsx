import { msg } from "@lingui/core/macro";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Languages, Me } from "@worker/contract";
import type { Language } from "@common/languages";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import { i18n } from "./runtime";

// Which language the app speaks (docs/decisions/languages.md, "Languages"): Telegram's at launch, the one
// the device showed last if any, the user's own once sign-in answers, and his choice in Settings.
// A language's catalogue compiles on its first import in a test run: these take their time.

const START = msg`Start`;
const NOTIFICATIONS = msg`Notifications`;

/** Telegram's init data for alice, her Telegram app in `languageCode`. */
const initDataIn = (languageCode: string) =>
  new URLSearchParams({
    user: JSON.stringify({ id: 42, username: "alice", language_code: languageCode }),
    auth_date: "1700000000",
    hash: "abc",
  }).toString();

const page = () => [document.documentElement.lang, document.documentElement.dir];

describe("the language the app speaks", { timeout: 30_000 }, () => {
  it("is Telegram's at launch, then the user's own as sign-in answers it", async () => {
    installTelegram({ initData: initDataIn("ru") });
    let answer!: (res: Response) => void;
    stubApi({
      "POST /auth/telegram": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp("/");
    await waitFor(() => expect(page()).toEqual(["ru", "ltr"]));
    const start = await screen.findByRole("button", { name: i18n._(START) });
    expect(start.textContent).not.toBe("Start");

    answer(json({ token: "t", userId: 42, username: "alice", language: "ar" }));
    await waitFor(() => expect(page()).toEqual(["ar", "rtl"]));
    expect(screen.getByRole("button", { name: i18n._(START) }).textContent).not.toBe(start.textContent);
    // The next launch on this device starts in it, before sign-in answers.
    expect(localStorage.getItem("language")).toBe("ar");
  });

  it("starts in the one this device showed last, whatever Telegram's", async () => {
    localStorage.setItem("language", "fr");
    installTelegram({ initData: initDataIn("ru") });
    stubApi({ "POST /auth/telegram": () => new Promise<Response>(() => {}) });
    renderApp("/");
    await waitFor(() => expect(page()).toEqual(["fr", "ltr"]));
  });

  it("is English for a Telegram language that is none of ours", async () => {
    installTelegram({ initData: initDataIn("de") });
    stubApi({ "POST /auth/telegram": () => new Promise<Response>(() => {}) });
    renderApp("/");
    expect(await screen.findByRole("button", { name: "Start" })).toBeTruthy();
    expect(page()).toEqual(["en", "ltr"]);
  });

  it("is chosen in Settings (PUT /me/language), and Telegram's again with null", async () => {
    installTelegram();
    const me: Me = { userId: 42, username: "alice", bookmakerDto: null, staffOf: null };
    const calls = stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice", language: "en" }),
      "GET /bookmakers/authorizeMe": () => json(me),
      "GET /subscriptions/mine": () => json([]),
      "GET /me/notifications": () =>
        json({ joinRequests: true, results: true, coins: true, newEvents: true, bigBetsOver: null, canWrite: true }),
      "PUT /me/language": (call) => {
        const { language } = call.body as { language: Language | null };
        return json({ language: language ?? "tr", telegram: "tr" } satisfies Languages);
      },
    });
    renderApp("/home");
    fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    fireEvent.change(await screen.findByLabelText("Language"), { target: { value: "ru" } });
    await waitFor(() => expect(page()).toEqual(["ru", "ltr"]));
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ language: "ru" }]);
    // The sheet is open still, in Russian: the choice re-mounts the screens, not the session.
    fireEvent.click(await screen.findByRole("button", { name: i18n._(NOTIFICATIONS) }));
    const row = await screen.findByLabelText(i18n._(msg`Language`));
    expect(i18n._(NOTIFICATIONS)).not.toBe("Notifications");
    fireEvent.change(row, { target: { value: "telegram" } });
    await waitFor(() => expect(page()).toEqual(["tr", "ltr"]));
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { language: "ru" },
      { language: null },
    ]);
  });
});
