import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../test/api";
import { fakeBotApi, type FakeBotApi } from "../test/fake-telegram";
import type { PublicConfig } from "../contract";

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
});
afterEach(() => bot.restore());

// A token of its own per test: the API remembers getMe's answer per token.
const token = () => `${Math.floor(Math.random() * 1e9)}:config-test`;

describe("GET /config", () => {
  it("answers the configured bot username without a session, without the '@'", async () => {
    const config = await json<PublicConfig>("GET", "/config", { env: { BOT_USERNAME: "@BookieBot" } });
    expect(config).toEqual({ botUsername: "BookieBot" });
    expect(bot.of("getMe")).toHaveLength(0);
  });

  it("asks the Bot API's getMe when none is configured, and remembers its answer", async () => {
    bot.answer("getMe", () => ({
      body: { ok: true, result: { id: 1, is_bot: true, first_name: "Bookie", username: "bookie_test_bot" } },
    }));
    const env = { BOT_TOKEN: token() };
    expect(await json<PublicConfig>("GET", "/config", { env })).toEqual({ botUsername: "bookie_test_bot" });
    expect(await json<PublicConfig>("GET", "/config", { env })).toEqual({ botUsername: "bookie_test_bot" });
    expect(bot.of("getMe")).toHaveLength(1);
  });

  it("answers null, not an error, while Telegram cannot be asked, and asks again next time", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    bot.answer("getMe", () => ({ status: 502, body: { ok: false, error_code: 502, description: "Bad Gateway" } }));
    const env = { BOT_TOKEN: token() };
    expect(await json<PublicConfig>("GET", "/config", { env })).toEqual({ botUsername: null });
    bot.answer("getMe", () => ({
      body: { ok: true, result: { id: 1, is_bot: true, first_name: "Bookie", username: "back_bot" } },
    }));
    expect(await json<PublicConfig>("GET", "/config", { env })).toEqual({ botUsername: "back_bot" });
  });
});
