import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BookmakerEvent, PunterBalance } from "@worker/contract";
import { bookEvent } from "@/test/events";
import { json, stubApi } from "@/test/network";
import { BOOK_ID, renderAt, signedInRoutes } from "@/test/world";

// The new bookmaker's checklist on his main page (docs/decisions/screens.md, "The mini-app's screens").

const punter = (coins: number): PunterBalance => ({
  user: { internalId: 77, username: "bob" },
  money: { amount: coins, currency: "COIN" },
  note: "",
  limits: { maxStake: null, maxPayoutPerEvent: null },
});

async function openMain({
  open = [] as BookmakerEvent[],
  history = [] as BookmakerEvent[],
  punters = [] as PunterBalance[],
  requests = [] as unknown[],
} = {}) {
  const routes = signedInRoutes();
  // Telegram's share sheet, as a client from Bot API 6.1 offers it.
  const openTelegramLink = vi.fn();
  Object.assign(window.Telegram!.WebApp!, { openTelegramLink });
  const calls = stubApi({
    ...routes,
    "GET /config": () => json({ botUsername: "bookie_test_bot" }),
    [`GET /subscriptions/active/${BOOK_ID}`]: () => json([]),
    "GET /events?view=open": () => json(open),
    "GET /events?view=history": () => json(history),
    "GET /balances": () =>
      json({
        balance: { amount: 500, currency: "COIN" },
        punters,
        limits: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
      }),
    "GET /bookmakers/requests": () => json(requests),
  });
  renderAt("/mainpage");
  await screen.findByRole("heading", { name: "Subscription" });
  return { openTelegramLink, calls };
}

const steps = async () => screen.findByRole("region", { name: "First steps" });

describe("the first steps on the main page", () => {
  it("lists the three steps for a new bookmaker; the first opens the New Event form", async () => {
    await openMain();
    const list = await steps();
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Create your first event", "Invite punters through Telegram", "Give coins to a punter"]);
    fireEvent.click(within(list).getByRole("button", { name: "Create your first event" }));
    await waitFor(() => expect(window.location.pathname).toBe("/createeventpage"));
  });

  it("invites through Telegram's share sheet with the invite link", async () => {
    const { openTelegramLink } = await openMain();
    fireEvent.click(within(await steps()).getByRole("button", { name: "Invite punters through Telegram" }));
    const link = `https://t.me/bookie_test_bot?startapp=bk_${BOOK_ID}`;
    await waitFor(() =>
      expect(openTelegramLink).toHaveBeenCalledWith(
        `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent("Join my book on Bookie")}`,
      ),
    );
  });

  it("ticks what his data shows done: an event, a punter; coins still to give go to My Punters", async () => {
    await openMain({ history: [bookEvent(9, { status: "CALCULATED" })], punters: [punter(0)] });
    const list = await steps();
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Give coins to a punter"]);
    expect(list.textContent).toContain("✓Create your first event");
    expect(list.textContent).toContain("✓Invite punters through Telegram");
    fireEvent.click(within(list).getByRole("button", { name: "Give coins to a punter" }));
    await waitFor(() => expect(window.location.pathname).toBe("/playermanagement"));
  });

  it("counts a request to join as invited", async () => {
    await openMain({
      requests: [{ joinRequest: { id: 1, status: "CREATED" }, user: { internalId: 78, username: "carl" } }],
    });
    expect(within(await steps()).queryByRole("button", { name: "Invite punters through Telegram" })).toBeNull();
  });

  it("goes away once all three are done", async () => {
    const { calls } = await openMain({ open: [bookEvent(9)], punters: [punter(100)] });
    const read = ["/events?view=open", "/events?view=history", "/balances", "/bookmakers/requests"];
    await waitFor(() => expect(read.every((path) => calls.some((c) => c.path === path))).toBe(true));
    await new Promise((settle) => setTimeout(settle, 50)); // their answers rendered
    expect(screen.queryByRole("region", { name: "First steps" })).toBeNull();
  });
});
