import { cleanup, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Bookmaker } from "@worker/contract";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import { deepLinkedBookmaker } from "./deep-link";

const golden = (extra: Partial<Bookmaker> = {}): Bookmaker => ({
  bookmakerId: 5,
  bookmakerName: "GoldenBooks",
  terms: "",
  bookmakerJoinDate: null,
  subscribers: 3,
  balance: { amount: 0, currency: "COIN" },
  active: true,
  ...extra,
});

function stubBookmakers(member: boolean) {
  stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bookmakers": () =>
      json(
        member
          ? { activeBookmakers: [golden({ joinRequestStatus: "APPROVED" })], inactiveBookmakers: [] }
          : { activeBookmakers: [], inactiveBookmakers: [golden()] },
      ),
    "GET /player/events/5": () => json([]),
  });
}

function launchWith(path: string, member: boolean) {
  installTelegram();
  stubBookmakers(member);
  renderApp(path);
}

describe("bookmaker deep links", () => {
  it("reads bk_<id> and nothing else", () => {
    expect(deepLinkedBookmaker("bk_17")).toBe(17);
    expect(deepLinkedBookmaker("bk_x")).toBeNull();
    expect(deepLinkedBookmaker("promo")).toBeNull();
    expect(deepLinkedBookmaker(null)).toBeNull();
  });

  it("shows the bookmaker on /bookies, ready to join, when the punter is not his member", async () => {
    launchWith("/?startapp=bk_5", false);
    expect(await screen.findByRole("button", { name: "Join" })).toBeTruthy();
    expect(window.location.pathname).toBe("/bookies");
    expect((screen.getByPlaceholderText("Search bookmaker") as HTMLInputElement).value).toBe("GoldenBooks");
  });

  it("opens his events when the punter is approved there", async () => {
    launchWith("/?startapp=bk_5", true);
    await waitFor(() => expect(window.location.pathname).toBe("/events/5"));
    expect(await screen.findByText("No upcoming or recent events")).toBeTruthy();
  });

  it("follows Telegram's start_param too", async () => {
    installTelegram({ initData: "user=%7B%22id%22%3A42%7D&start_param=bk_5&hash=h" });
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers": () => json({ activeBookmakers: [], inactiveBookmakers: [golden()] }),
    });
    renderApp("/");
    expect(await screen.findByRole("button", { name: "Join" })).toBeTruthy();
  });
});

describe("a bookmaker's link followed once per launch", () => {
  const launchData = (hash: string) => `user=%7B%22id%22%3A42%7D&auth_date=1700000000&start_param=bk_5&hash=${hash}`;

  function launchAgain(initData: string) {
    cleanup();
    window.history.replaceState(null, "", "/home");
    installTelegram({ initData });
    renderApp("/home");
  }

  it("a reload of the same launch stays where the punter was", async () => {
    stubBookmakers(false);
    installTelegram({ initData: launchData("first") });
    renderApp("/");
    await waitFor(() => expect(window.location.pathname).toBe("/bookies"));
    launchAgain(launchData("first"));
    expect(await screen.findByRole("heading", { name: "Bookie" })).toBeTruthy();
    expect(window.location.pathname).toBe("/home");
  });

  it("the link tapped again in the same tab (a new launch) opens the bookmaker again", async () => {
    stubBookmakers(false);
    installTelegram({ initData: launchData("first") });
    renderApp("/");
    await waitFor(() => expect(window.location.pathname).toBe("/bookies"));
    launchAgain(launchData("second"));
    await waitFor(() => expect(window.location.pathname).toBe("/bookies"));
    expect(await screen.findByRole("button", { name: "Join" })).toBeTruthy();
  });
});
