import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent } from "@worker/contract";
import { bookEvent, inHours } from "@/test/events";
import { BOOK_ID, renderAt, signedInRoutes } from "@/test/world";
import { json, stubApi } from "@/test/network";

async function openList(
  events: BookmakerEvent[],
  subscriptions: string[] = [],
  extra: Parameters<typeof stubApi>[0] = {},
) {
  const calls = stubApi({
    ...signedInRoutes(),
    "GET /events?view=open": () => json(events),
    [`GET /subscriptions/active/${BOOK_ID}`]: () =>
      json(
        subscriptions.map((t) => ({
          subscription: { subscriptionType: t },
          active: true,
          endDate: inHours(100),
          renewsAt: null,
          renewableFrom: null,
        })),
      ),
    ...extra,
  });
  renderAt("/bookmakerevents");
  await screen.findByRole("heading", { name: "List of Events" });
  return calls;
}

const fractalOdds = {
  subscriptionId: 3,
  subscriptionType: "FRACTAL_ODDS",
  subscriptionName: "Fractional odds",
  subscriptionPrice: 150,
  periodDays: 30,
};

const titles = () => screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"));

describe("the bookmaker's event list", () => {
  it("puts upcoming events first, then started ones, each newest start first, labelled Active or Suspended", async () => {
    await openList([
      bookEvent(1, { title: "Darts / Ireland", startDate: inHours(1) }),
      bookEvent(2, { title: "Football / Spain", startDate: inHours(-1), status: "WAITING_FOR_RESULT" }),
      bookEvent(3, { title: "Tennis / France", startDate: inHours(5) }),
      bookEvent(4, { title: "Golf / Japan", startDate: inHours(-5) }),
      bookEvent(5, { title: "Boxing / Mexico", startDate: inHours(2), status: "CREATED" }),
    ]);
    await screen.findAllByRole("article");
    expect(titles()).toEqual([
      "Tennis / France",
      "Boxing / Mexico",
      "Darts / Ireland",
      "Football / Spain",
      "Golf / Japan",
    ]);
    const badges = screen.getAllByRole("article").map((a) => a.querySelector(".badge")?.textContent);
    expect(badges).toEqual(["Active", "Suspended", "Active", "Suspended", "Suspended"]);
  });

  it("finds events by name, whatever the case", async () => {
    await openList([bookEvent(1, { title: "Darts / Ireland" }), bookEvent(2, { title: "Football / Spain" })]);
    await screen.findAllByRole("article");
    fireEvent.change(screen.getByPlaceholderText("Event name"), { target: { value: "DARTS" } });
    expect(titles()).toEqual(["Darts / Ireland"]);
  });

  it("refuses fractional odds without FRACTAL_ODDS", async () => {
    await openList([bookEvent(1)]);
    fireEvent.click(screen.getByRole("switch", { name: "Fractional odds" }));
    const popup = await screen.findByRole("dialog", { name: "Fractional odds are not available" });
    expect(popup.textContent).toContain("To use fractional odds you need an active FRACTAL_ODDS subscription.");
  });

  it("offers FRACTAL_ODDS from the refusal: its price, then the Market asking to buy it", async () => {
    const calls = await openList([bookEvent(1)], [], {
      "GET /subscriptions": () => json([fractalOdds]),
      "GET /subscriptions/mine": () => json([]),
      "GET /balances": () => json({ balance: { amount: 500, currency: "COIN" }, punters: [] }),
    });
    fireEvent.click(screen.getByRole("switch", { name: "Fractional odds" }));
    const popup = await screen.findByRole("dialog", { name: "Fractional odds are not available" });
    expect(popup.textContent).toContain("To use fractional odds you need an active FRACTAL_ODDS subscription.");
    const unlock = await within(popup).findByRole("button", { name: "Unlock: 150 Stars" });
    fireEvent.click(unlock);
    await waitFor(() => expect(window.location.pathname).toBe("/marketpage"));
    const confirm = await screen.findByRole("dialog", {
      name: "Are you sure you want to subscribe to a special feature?",
    });
    expect(confirm.textContent).toContain("Price: 150 Stars");
    expect(calls.some((c) => c.path === "/subscriptions/purchase")).toBe(false);
  });

  it("turns fractional odds on with FRACTAL_ODDS", async () => {
    await openList([bookEvent(1)], ["FRACTAL_ODDS"]);
    const toggle = screen.getByRole("switch", { name: "Fractional odds" });
    await waitFor(() => {
      fireEvent.click(toggle);
      expect(toggle.getAttribute("aria-checked")).toBe("true");
    });
  });

  const draftPosts = (calls: { method: string; path: string }[]) =>
    calls.filter((c) => c.method === "POST" && c.path.startsWith("/events")).map((c) => c.path);
  const tapDraft = async () =>
    fireEvent.click(within((await screen.findAllByRole("article"))[0]).getByRole("button", { name: "Draft" }));
  const withBets = (id: number) =>
    bookEvent(id, { items: bookEvent(id).items.map((i, n) => ({ ...i, whatIf: n === 0 ? -100 : 50 })) });

  it("Draft suspends a live event without bets at once, then opens it for editing", async () => {
    const calls = await openList([bookEvent(9)], ["WHAT_IF"], {
      "POST /events/9/draft": () => json(bookEvent(9, { status: "CREATED" })),
    });
    // Its what-if figures are known (WHAT_IF) and all 0: no bets, nothing to ask.
    await waitFor(() => expect(calls.some((c) => c.path === `/subscriptions/active/${BOOK_ID}`)).toBe(true));
    await tapDraft();
    await waitFor(() => expect(window.location.pathname).toBe("/eventmanagementpage/9"));
    expect(draftPosts(calls)).toEqual(["/events/9/draft"]);
  });

  it("asks before Draft suspends a live event with bets: Cancel keeps it live, Draft goes on", async () => {
    const calls = await openList([withBets(9)], ["WHAT_IF"], {
      "POST /events/9/draft": () => json(withBets(9)),
    });
    await waitFor(() => expect(calls.some((c) => c.path === `/subscriptions/active/${BOOK_ID}`)).toBe(true));
    await tapDraft();
    let ask = await screen.findByRole("dialog", { name: "Punters cannot bet while you edit it" });
    expect(
      within(ask)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Cancel", "Draft"]);
    fireEvent.click(within(ask).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.pathname).toBe("/bookmakerevents");
    expect(draftPosts(calls)).toEqual([]);

    await tapDraft();
    ask = await screen.findByRole("dialog", { name: "Punters cannot bet while you edit it" });
    fireEvent.click(within(ask).getByRole("button", { name: "Draft" }));
    await waitFor(() => expect(window.location.pathname).toBe("/eventmanagementpage/9"));
    expect(draftPosts(calls)).toEqual(["/events/9/draft"]);
  });

  it("asks without WHAT_IF, where bets cannot be seen; never for a draft", async () => {
    const calls = await openList([
      bookEvent(9, { startDate: inHours(1) }),
      bookEvent(8, { title: "Boxing / Mexico", status: "CREATED", startDate: inHours(50) }),
    ]);
    await screen.findAllByRole("article");
    fireEvent.click(
      within(screen.getByRole("article", { name: "Horse Racing / United Kingdom" })).getByRole("button", {
        name: "Draft",
      }),
    );
    const ask = await screen.findByRole("dialog", { name: "Punters cannot bet while you edit it" });
    fireEvent.click(within(ask).getByRole("button", { name: "Cancel" }));
    fireEvent.click(
      within(screen.getByRole("article", { name: "Boxing / Mexico" })).getByRole("button", { name: "Draft" }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe("/eventmanagementpage/8"));
    expect(draftPosts(calls)).toEqual([]);
  });

  it("View shows the event's outcomes", async () => {
    await openList([bookEvent(9)]);
    const card = (await screen.findAllByRole("article"))[0];
    fireEvent.click(within(card).getByRole("button", { name: "View" }));
    const dialog = screen.getByRole("dialog", { name: "Horse Racing / United Kingdom" });
    expect(dialog.textContent).toContain("Shergar");
  });

  it("offers Result only once an event has started", async () => {
    await openList([bookEvent(9, { startDate: inHours(-1) }), bookEvent(10, { title: "Football / Spain" })]);
    const started = await screen.findByRole("article", { name: "Horse Racing / United Kingdom" });
    const upcoming = screen.getByRole("article", { name: "Football / Spain" });
    expect(within(started).getByRole("button", { name: "Result" })).toBeTruthy();
    expect(within(upcoming).queryByRole("button", { name: "Result" })).toBeNull();
  });

  it("Result opens a started event at its placings, without moving it to draft", async () => {
    const begun = bookEvent(9, { startDate: inHours(-1), status: "WAITING_FOR_RESULT" });
    const calls = await openList([begun], [], { "GET /events/9": () => json(begun) });
    fireEvent.click(within((await screen.findAllByRole("article"))[0]).getByRole("button", { name: "Result" }));
    await screen.findByRole("heading", { name: "Member list" });
    expect(window.location.pathname).toBe("/eventmanagementpage/9");
    expect(document.activeElement).toBe(screen.getByRole("combobox", { name: "Place of Red Rum" }));
    expect(calls.filter((c) => c.method === "POST" && c.path !== "/auth/telegram")).toEqual([]);
  });
});
