import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SharedCard } from "@worker/contract";
import { aBet } from "@/test/bets";
import { openDouble } from "@/test/multiples";
import { errorBody, json, stubApi, type RecordedCall } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

// Share (docs/decisions/telegram.md, "Sharing"): the bot's card through shareMessage (Bot API
// 8.0); t.me/share/url with the card's text and link elsewhere; the API's refusal on screen.

const CARD: SharedCard = {
  preparedMessageId: "prepared-7",
  text: "Red Rum @ 2.50, stake 1,234.56",
  buttons: [{ text: "Open the event", url: "https://t.me/BookieBot?startapp=ev_70" }],
};
const shareUrl = (url: string, text: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;

/** The punter's history with one bet and one double, in a client of `version`; `links`: it opens t.me links. */
function openHistory(version: string, share: (call: RecordedCall) => Response, { links = true } = {}) {
  const webApp = installTelegram({ version });
  const telegram = { shareMessage: vi.fn(), openTelegramLink: links ? vi.fn() : undefined };
  Object.assign(webApp, telegram);
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /config": () => json({ botUsername: "BookieBot" }),
    "GET /bets/5/": () => json([aBet(1)]),
    "GET /bets/5/multiples": () => json([openDouble(new Date(2026, 4, 2).toISOString())]),
    "POST /share": share,
  });
  renderApp("/history/5");
  return { calls, telegram };
}

const shares = (calls: RecordedCall[]) => calls.filter((c) => c.method === "POST" && c.path === "/share");

describe("Share", () => {
  it("hands the bot's prepared card to shareMessage in a client of Bot API 8.0", async () => {
    const { calls, telegram } = openHistory("8.0", () => json(CARD));
    fireEvent.click(await screen.findByRole("button", { name: "Share the bet on Red Rum" }));
    await waitFor(() => expect(telegram.shareMessage).toHaveBeenCalledWith("prepared-7", expect.any(Function)));
    expect(shares(calls).map((c) => c.body)).toEqual([{ kind: "BET", id: 1 }]);
    expect(telegram.openTelegramLink).not.toHaveBeenCalled();
  });

  it("shares a multiple by its id", async () => {
    const { calls, telegram } = openHistory("8.0", () => json(CARD));
    fireEvent.click(await screen.findByRole("button", { name: "Share the multiple" }));
    await waitFor(() => expect(telegram.shareMessage).toHaveBeenCalledOnce());
    expect(shares(calls).map((c) => c.body)).toEqual([{ kind: "MULTIPLE", id: 2 }]);
  });

  it("shares the card's text and link through t.me/share/url in an older client", async () => {
    const { telegram } = openHistory("7.10", () => json(CARD));
    fireEvent.click(await screen.findByRole("button", { name: "Share the bet on Red Rum" }));
    await waitFor(() =>
      expect(telegram.openTelegramLink).toHaveBeenCalledWith(shareUrl(CARD.buttons[0].url, CARD.text)),
    );
    expect(telegram.shareMessage).not.toHaveBeenCalled();
  });

  it("opens t.me/share/url in a new tab where the client opens no Telegram links (a browser in dev mode)", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    openHistory("7.0", () => json(CARD), { links: false });
    fireEvent.click(await screen.findByRole("button", { name: "Share the bet on Red Rum" }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(shareUrl(CARD.buttons[0].url, CARD.text), "_blank", "noopener"),
    );
    open.mockRestore();
  });

  it("shares the event's link when Telegram did not prepare the card (502 TELEGRAM_UNAVAILABLE)", async () => {
    const { telegram } = openHistory("8.0", () =>
      errorBody(502, "TELEGRAM_UNAVAILABLE", "Telegram did not prepare the message. Please try again."),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Share the bet on Red Rum" }));
    await waitFor(() =>
      expect(telegram.openTelegramLink).toHaveBeenCalledWith(shareUrl("https://t.me/BookieBot?startapp=ev_70", "")),
    );
    expect(telegram.shareMessage).not.toHaveBeenCalled();
  });

  it("says the API's refusal and shares nothing", async () => {
    const { telegram } = openHistory("8.0", () => errorBody(404, "NOT_FOUND", "Bet not found."));
    fireEvent.click(await screen.findByRole("button", { name: "Share the bet on Red Rum" }));
    expect(await screen.findByText("Bet not found.")).toBeTruthy();
    expect(telegram.shareMessage).not.toHaveBeenCalled();
    expect(telegram.openTelegramLink).not.toHaveBeenCalled();
  });
});
