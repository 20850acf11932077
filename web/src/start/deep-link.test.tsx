import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Bookmaker } from "@worker/contract";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import { bookie } from "@/test/world";
import { playerEvent, punterRoutes } from "@/test/punter";
import { botMessageScreen, deepLinkedBookmaker, deepLinkedEvent } from "./deep-link";

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

describe("a shared event's link (ev_<id>)", () => {
  const settled = playerEvent({ status: "CALCULATED", startDate: new Date(Date.now() - 3_600_000).toISOString() });

  it("reads ev_<id> and nothing else", () => {
    expect(deepLinkedEvent("ev_70")).toBe(70);
    expect(deepLinkedEvent("event_70")).toBeNull();
    expect(deepLinkedEvent("bk_70")).toBeNull();
  });

  it("opens the event for the book's approved punter: its result, once settled", async () => {
    installTelegram();
    stubApi({
      ...punterRoutes(() => [playerEvent({ eventId: 71, description: "Another race" }), settled], 100),
      "GET /events/70/book": () => json({ bookmakerId: 5 }),
      "GET /bets/5/": () => json([]),
    });
    renderApp("/?startapp=ev_70");
    await waitFor(() => expect(window.location.pathname).toBe("/events/5"));
    const dialog = await screen.findByRole("dialog", { name: "Horse Racing / Ireland" });
    expect(within(dialog).getByText("Leopardstown, 3:15")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Share the result" })).toBeTruthy();
  });

  it("opens the event's bet dialog while it takes bets", async () => {
    installTelegram();
    stubApi({
      ...punterRoutes(() => [playerEvent()], 100),
      "GET /events/70/book": () => json({ bookmakerId: 5 }),
      "GET /bets/5/": () => json([]),
    });
    renderApp("/?startapp=ev_70");
    const dialog = await screen.findByRole("dialog", { name: "Horse Racing / Ireland" });
    expect(within(dialog).getByRole("button", { name: "Bet" })).toBeTruthy();
  });

  it("shows anyone else the event's book on /bookies, ready to join", async () => {
    installTelegram();
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers": () => json({ activeBookmakers: [], inactiveBookmakers: [golden()] }),
      "GET /events/70/book": () => json({ bookmakerId: 5 }),
    });
    renderApp("/?startapp=ev_70");
    expect(await screen.findByRole("button", { name: "Join" })).toBeTruthy();
    expect(window.location.pathname).toBe("/bookies");
    expect((screen.getByPlaceholderText("Search bookmaker") as HTMLInputElement).value).toBe("GoldenBooks");
  });

  it("opens the event's own screen for the book's bookmaker", async () => {
    installTelegram();
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers/authorizeMe": () => json(bookie),
      "GET /bookmakers": () => json({ activeBookmakers: [], inactiveBookmakers: [] }),
      "GET /events/70/book": () => json({ bookmakerId: 5 }),
    });
    renderApp("/?startapp=ev_70");
    await waitFor(() => expect(window.location.pathname).toBe("/eventmanagementpage/70"));
  });

  it("leaves an unknown event's link on /bookies", async () => {
    installTelegram();
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers": () => json({ activeBookmakers: [], inactiveBookmakers: [golden()] }),
    });
    renderApp("/?startapp=ev_70");
    expect(await screen.findByRole("heading", { name: "Bookmakers" })).toBeTruthy();
    expect(window.location.pathname).toBe("/bookies");
    expect((screen.getByPlaceholderText("Search bookmaker") as HTMLInputElement).value).toBe("");
  });

  it("keeps the bot's own event_<id> links opening the bookmaker's event screen", () => {
    expect(botMessageScreen("event_70")).toBe("/eventmanagementpage/70");
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
