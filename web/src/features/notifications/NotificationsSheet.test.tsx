import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Me, NotificationSettings } from "@worker/contract";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

const punter: Me = { userId: 42, username: "alice", bookmakerDto: null, staffOf: null };
const settings = (s: Partial<NotificationSettings> = {}): NotificationSettings => ({
  joinRequests: true,
  results: true,
  coins: true,
  newEvents: false,
  bigBetsOver: null,
  canWrite: true,
  ...s,
});

async function openSheet(current: NotificationSettings) {
  const webApp = installTelegram();
  let stored = current;
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bookmakers/authorizeMe": () => json(punter),
    "GET /subscriptions/mine": () => json([]),
    "GET /me/notifications": () => json(stored),
    "PUT /me/notifications": (call) => {
      stored = { ...stored, ...(call.body as object), canWrite: true };
      return json(stored);
    },
  });
  renderApp("/home");
  fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
  await screen.findByLabelText("Results of my bets");
  return { calls, webApp };
}

describe("the notifications sheet", () => {
  it("shows the punter's switches as the API has them, and saves a change", async () => {
    const { calls } = await openSheet(settings());
    const newEvents = screen.getByLabelText<HTMLInputElement>("New events from my bookmakers");
    expect(newEvents.checked).toBe(false);
    fireEvent.click(newEvents);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>("New events from my bookmakers").checked).toBe(true),
    );
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ newEvents: true });
  });

  it("asks Telegram for write access when a message is turned on and the bot may not write", async () => {
    const { webApp } = await openSheet(settings({ canWrite: false, coins: false }));
    expect(screen.getByText("The bot cannot write to you yet. Allow it, or send /start to the bot.")).toBeTruthy();
    const request = vi.fn((cb?: (granted: boolean) => void) => cb?.(true));
    webApp.requestWriteAccess = request;
    fireEvent.click(screen.getByLabelText("Coins added or withdrawn"));
    await waitFor(() => expect(request).toHaveBeenCalledOnce());
  });
});
