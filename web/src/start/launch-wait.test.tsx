import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Me, UserSubscription } from "@worker/contract";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

// The spec's start-up wait of about 1.5 s, put to use (docs/decisions/screens.md, "The mini-app's screens"): it counts from navigation,
// and sign-in, home's code and home's first data load during it.

const session = { token: "fresh-token", userId: 42, username: "alice" };
const bookie: Me = {
  userId: 42,
  username: "alice",
  bookmakerDto: { bookmakerId: 5, bookmakerName: "AliceBooks", terms: "" },
  staffOf: null,
};

const active = {
  subscription: { subscriptionType: "BOOKMAKER" },
  active: true,
  endDate: null,
  renewsAt: null,
  renewableFrom: null,
} satisfies UserSubscription;

/** The clock as the page sees it: `performance.now()` is the time since navigation. */
const fakeClock = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] });
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function homeApi() {
  return stubApi({
    "POST /auth/telegram": () => json(session),
    "GET /bookmakers/authorizeMe": () => json(bookie),
    "GET /subscriptions/mine": () => json([]),
    "GET /subscriptions/active/5": () => json([active]),
    "GET /bookmakers": () => json({ activeBookmakers: [], inactiveBookmakers: [] }),
  });
}

describe("the start-up wait", () => {
  it("counts from navigation: a bundle that ran 0.8 s after it waits 0.7 s more", async () => {
    fakeClock();
    stubApi({});
    await pass(800); // the page and its bundle arriving
    renderApp("/", { startDelayMs: 1500 });
    await pass(600);
    expect(screen.queryByText("Oops")).toBeNull();
    await pass(100);
    expect(screen.getByText("Oops")).toBeTruthy();
  });

  it("is over at once for a bundle that arrived after 1.5 s", async () => {
    fakeClock();
    homeApi();
    installTelegram();
    await pass(1600);
    renderApp("/", { startDelayMs: 1500 });
    await pass(0);
    expect(screen.getByRole("button", { name: "Start" })).toBeTruthy();
  });

  it("signs in and fetches home's first data before Start appears", async () => {
    fakeClock();
    const calls = homeApi();
    installTelegram();
    renderApp("/", { startDelayMs: 1500 });
    await pass(1000);
    expect(screen.queryByRole("button", { name: "Start" })).toBeNull();
    const asked = calls.map((c) => `${c.method} ${c.path}`);
    expect(asked[0]).toBe("POST /auth/telegram");
    expect(asked).toEqual(
      expect.arrayContaining([
        "GET /bookmakers/authorizeMe",
        "GET /subscriptions/mine",
        // The Bookie button's data: his book's subscriptions, once the profile names his book.
        "GET /subscriptions/active/5",
      ]),
    );
    // Home's data is read with the session sign-in gave, not before it.
    const homeReads = calls.filter((c) => /^\/(bookmakers\/authorizeMe|subscriptions\/)/.test(c.path));
    for (const read of homeReads) expect(read.headers.get("Authorization")).toBe("JWT fresh-token");
    await pass(500);
    expect(screen.getByRole("button", { name: "Start" })).toBeTruthy();
  });

  it("Start opens home at once with the data read during the wait, then reads it again as it is now", async () => {
    // Vite transforms the modules on the test's first import, in real time the fake clock cannot
    // pass; on a phone they download during the wait.
    await Promise.all([import("@/features/home/HomeScreen"), import("@/api/cache")]);
    fakeClock();
    const calls = homeApi();
    installTelegram();
    renderApp("/", { startDelayMs: 1500 });
    await pass(1500);
    const before = calls.length;
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    await pass(0);
    expect(screen.getByRole("heading", { name: "Bookie" })).toBeTruthy();
    expect(document.querySelector("[aria-busy=true]")).toBeNull(); // no loading screen on the way
    // Read over a second before the tap, home's data is read again behind the first paint
    // (api/cache.tsx, freshOnOpen), and only that.
    const again = calls.slice(before).map((c) => `${c.method} ${c.path}`);
    expect(again.length).toBeGreaterThan(0);
    for (const read of again) expect(read).toMatch(/^GET \/(bookmakers\/authorizeMe|subscriptions\/)/);
    // The Bookie button already knows where it leads.
    fireEvent.click(screen.getByRole("button", { name: "Bookie" }));
    await pass(0);
    expect(window.location.pathname).toBe("/mainpage");
  });
});

describe("preloading on approach", () => {
  it("asks for the bookmaker lists as a finger comes down on Punters, and /bookies takes that answer", async () => {
    const calls = homeApi();
    installTelegram();
    renderApp("/home");
    const punters = await screen.findByRole("button", { name: "Punters" });
    const lists = () => calls.filter((c) => c.path === "/bookmakers");
    expect(lists()).toHaveLength(0);
    fireEvent.pointerDown(punters);
    await waitFor(() => expect(lists()).toHaveLength(1));
    fireEvent.click(punters);
    expect(await screen.findByRole("heading", { name: "Bookmakers" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Loading...")).toBeNull());
    expect(lists()).toHaveLength(1);
  });
});
