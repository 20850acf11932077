import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BookBalances, JoinRequestItem } from "@worker/contract";
import { renderAt, signedInRoutes } from "@/test/world";
import { errorBody, json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import type { TelegramWebApp } from "./web-app";

// What the best mini-apps do inside Telegram, each only where the client has it.

/** The features Telegram's script adds to the launch's WebApp, recorded. */
function withFeatures(webApp: TelegramWebApp) {
  const features = {
    HapticFeedback: { notificationOccurred: vi.fn() },
    enableClosingConfirmation: vi.fn(),
    disableClosingConfirmation: vi.fn(),
    disableVerticalSwipes: vi.fn(),
    openTelegramLink: vi.fn(),
  };
  Object.assign(webApp, features);
  return features;
}
const launched = () => window.Telegram!.WebApp!;

describe("vertical swipes", () => {
  it("are kept for scrolling from Bot API 7.7", async () => {
    stubApi({ "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }) });
    const features = withFeatures(installTelegram({ version: "7.7" }));
    renderApp("/");
    await screen.findByRole("button", { name: "Start" });
    expect(features.disableVerticalSwipes).toHaveBeenCalledOnce();
  });

  it("are left alone by an older client, which still starts", async () => {
    stubApi({ "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }) });
    const features = withFeatures(installTelegram({ version: "7.0" }));
    renderApp("/");
    await screen.findByRole("button", { name: "Start" });
    expect(features.disableVerticalSwipes).not.toHaveBeenCalled();
  });
});

describe("haptic feedback", () => {
  const requests: JoinRequestItem[] = [
    { joinRequest: { id: 31, status: "CREATED" }, user: { internalId: 9, username: "dave" } },
  ];
  const book: BookBalances = {
    balance: { amount: 5000, currency: "COIN" },
    punters: [],
    limits: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
  };

  async function approveDave(answer: () => Response) {
    stubApi({
      ...signedInRoutes(),
      "GET /balances": () => json(book),
      "GET /bookmakers/requests": () => json(requests),
      "POST /bookmakers/requests/31/approve": answer,
    });
    const features = withFeatures(launched());
    renderAt("/playermanagement");
    fireEvent.click(await screen.findByText("@dave"));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Approve" }));
    return features;
  }

  it("buzzes success on an approval", async () => {
    const features = await approveDave(() => json({ joinRequest: { id: 31, status: "APPROVED" } }));
    await waitFor(() => expect(features.HapticFeedback.notificationOccurred).toHaveBeenCalledWith("success"));
  });

  it("buzzes an error when the approval is refused", async () => {
    const features = await approveDave(() => json({ error: { code: "CONFLICT", message: "Already answered." } }, 409));
    await waitFor(() => expect(features.HapticFeedback.notificationOccurred).toHaveBeenCalledWith("error"));
  });

  it("is skipped by a client without it", async () => {
    stubApi({
      ...signedInRoutes(),
      "GET /balances": () => json(book),
      "GET /bookmakers/requests": () => json(requests),
      "POST /bookmakers/requests/31/approve": () => json({}),
    });
    renderAt("/playermanagement");
    fireEvent.click(await screen.findByText("@dave"));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("closing confirmation", () => {
  it("is on while the profile form has unsaved changes, off once they are gone", async () => {
    stubApi({ ...signedInRoutes({ userId: 42, username: "alice", bookmakerDto: null, staffOf: null }) });
    const features = withFeatures(launched());
    renderAt("/createprofile");
    const name = await screen.findByLabelText("Profile Name");
    expect(features.enableClosingConfirmation).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: "GoldenBooks" } });
    // Testing Library's wait (setup.ts), not vi.waitFor's 1 s: a busy machine renders slower.
    await waitFor(() => expect(features.enableClosingConfirmation).toHaveBeenCalledOnce());
    fireEvent.change(name, { target: { value: "" } });
    await waitFor(() => expect(features.disableClosingConfirmation).toHaveBeenCalledOnce());
  });

  it("is on while the New Event form is filled in", async () => {
    stubApi({ ...signedInRoutes(), "GET /countries": () => json([]), "GET /subscriptions/active/5": () => json([]) });
    const features = withFeatures(launched());
    renderAt("/createeventpage");
    fireEvent.change(await screen.findByLabelText("Description"), { target: { value: "Derby day" } });
    await waitFor(() => expect(features.enableClosingConfirmation).toHaveBeenCalled());
    cleanup();
    expect(features.disableClosingConfirmation).toHaveBeenCalled();
  });
});

describe("the invite link", () => {
  const routes = (share: () => Response) => ({
    ...signedInRoutes(),
    "GET /config": () => json({ botUsername: "bookie_test_bot" }),
    "GET /subscriptions/active/5": () => json([]),
    "POST /share": share,
  });
  const link = "https://t.me/bookie_test_bot?startapp=bk_5";
  const shareUrl = `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent("Join my book on Bookie")}`;

  it("is shared as the bot's invitation card through Telegram's chat picker (shareMessage)", async () => {
    const calls = stubApi(
      routes(() => json({ preparedMessageId: "p-1", text: "Join AliceBooks", buttons: [{ text: "Open", url: link }] })),
    );
    const features = withFeatures(launched());
    const shareMessage = vi.fn();
    Object.assign(launched(), { shareMessage });
    renderAt("/mainpage");
    fireEvent.click(await screen.findByRole("button", { name: "Share invite link" }));
    await waitFor(() => expect(shareMessage).toHaveBeenCalledWith("p-1", expect.any(Function)));
    expect(calls.find((c) => c.path === "/share")?.body).toEqual({ kind: "INVITE", id: 5 });
    expect(features.openTelegramLink).not.toHaveBeenCalled();
  });

  it("is shared with its words through t.me/share/url when Telegram did not prepare the card", async () => {
    stubApi(routes(() => errorBody(502, "TELEGRAM_UNAVAILABLE", "Telegram did not prepare the message.")));
    const features = withFeatures(launched());
    renderAt("/mainpage");
    fireEvent.click(await screen.findByRole("button", { name: "Share invite link" }));
    await waitFor(() => expect(features.openTelegramLink).toHaveBeenCalledWith(shareUrl));
  });

  it("can still be copied, and is shared in a new tab, where the client opens no Telegram links", async () => {
    stubApi(routes(() => errorBody(502, "TELEGRAM_UNAVAILABLE", "Telegram did not prepare the message.")));
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    renderAt("/mainpage");
    expect(await screen.findByRole("button", { name: "Copy invite link" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Share invite link" }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(shareUrl, "_blank", "noopener"));
    open.mockRestore();
  });
});

describe("Telegram's Settings button", () => {
  it("shows on home and opens the notification settings", async () => {
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers/authorizeMe": () => json({ userId: 42, username: "alice", bookmakerDto: null, staffOf: null }),
      "GET /subscriptions/mine": () => json([]),
      "GET /me/notifications": () =>
        json({
          joinRequests: true,
          approvals: true,
          coins: true,
          results: true,
          newEvents: true,
          bigBets: true,
          bigBetThreshold: 1000,
          canWrite: true,
        }),
    });
    const webApp = installTelegram();
    const clicks = new Set<() => void>();
    const settings = {
      isVisible: false,
      show: vi.fn(),
      hide: vi.fn(),
      onClick: (h: () => void) => void clicks.add(h),
      offClick: (h: () => void) => void clicks.delete(h),
    };
    webApp.SettingsButton = settings;
    renderApp("/home");
    await screen.findByRole("heading", { name: "Bookie" });
    await waitFor(() => expect(settings.show).toHaveBeenCalled());
    act(() => clicks.forEach((h) => h()));
    expect(await screen.findByRole("dialog", { name: "Notifications" })).toBeTruthy();
  });
});
