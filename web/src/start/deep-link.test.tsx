import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Bookmaker } from "../../../worker/contract";
import { json, stubApi } from "../test/network";
import { renderApp } from "../test/render";
import { installTelegram } from "../test/telegram";
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

function launchWith(path: string, member: boolean) {
  installTelegram();
  stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bookmakers": () =>
      json(member ? { activeBookmakers: [golden({ joinRequestStatus: "APPROVED" })], inactiveBookmakers: [] } : { activeBookmakers: [], inactiveBookmakers: [golden()] }),
    "GET /player/events/5": () => json([]),
  });
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
    await vi.waitFor(() => expect(window.location.pathname).toBe("/events/5"));
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
