import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Bookmaker, BookmakerLists } from "@worker/contract";
import { deferred, json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import { searchBookmakers } from "./search";

const card = (id: number, name: string, extra: Partial<Bookmaker> = {}): Bookmaker => ({
  bookmakerId: id,
  bookmakerName: name,
  terms: "",
  bookmakerJoinDate: null,
  subscribers: 0,
  balance: { amount: 0, currency: "COIN" },
  active: true,
  ...extra,
});

const lists: BookmakerLists = {
  activeBookmakers: [
    card(1, "GoldenBooks", {
      joinRequestStatus: "APPROVED",
      bookmakerJoinDate: "2026-01-05T10:00:00Z",
      subscribers: 12,
      balance: { amount: 1500, currency: "COIN" },
    }),
    card(2, "SilverBooks", { joinRequestStatus: "CREATED" }),
    card(3, "OldBooks", { joinRequestStatus: "APPROVED", active: false }),
  ],
  inactiveBookmakers: [
    card(4, "BronzeBooks"),
    card(5, "DeclinedBooks", { joinRequestStatus: "DECLINED" }),
    card(9, "MyOwnBooks"),
  ],
};

describe("the bookmaker search rule", () => {
  it("needs 3 characters after trimming and matches names case-insensitively", () => {
    expect(searchBookmakers(lists, "  br ", null)).toEqual([]);
    expect(searchBookmakers(lists, "  BRON ", null).map((b) => b.bookmakerId)).toEqual([4]);
    expect(searchBookmakers(lists, "books", null).map((b) => b.bookmakerId)).toEqual([4, 5, 9]);
  });

  it("leaves out the user's own book and books already in his list unless declined", () => {
    const withMember: BookmakerLists = {
      ...lists,
      inactiveBookmakers: [
        ...lists.inactiveBookmakers,
        card(1, "GoldenBooks"),
        card(2, "SilverBooks", { joinRequestStatus: "DECLINED" }),
      ],
    };
    expect(searchBookmakers(withMember, "books", 9).map((b) => b.bookmakerId)).toEqual([4, 5, 2]);
  });
});

async function openBookies(answer: BookmakerLists = lists) {
  installTelegram();
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bookmakers/authorizeMe": () => json({ userId: 42, username: "alice", bookmakerDto: null }),
    "GET /bookmakers": () => json(answer),
    "POST /bookmakers/4/sign": () => json(card(4, "BronzeBooks", { joinRequestStatus: "CREATED" })),
  });
  renderApp("/bookies");
  await screen.findByText("My Bookie (3)");
  return calls;
}

describe("/bookies", () => {
  it("lists the punter's bookmakers with join date, subscribers and coins", async () => {
    await openBookies();
    const golden = screen.getByRole("article", { name: "GoldenBooks" });
    expect(golden.textContent).toContain("Jan 05, 2026");
    expect(golden.textContent).toContain("12");
    expect(golden.textContent).toContain("1.50K");
    expect(screen.getByRole("article", { name: "SilverBooks" }).textContent).toContain("Unknown");
  });

  it("shows a pending request as a disabled 'Waiting...' button", async () => {
    await openBookies();
    const waiting = within(screen.getByRole("article", { name: "SilverBooks" })).getByRole("button", {
      name: "Waiting...",
    }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
  });

  it("shows an inactive bookmaker in red", async () => {
    await openBookies();
    expect(screen.getByRole("article", { name: "OldBooks" }).className).toContain("card-inactive");
  });

  it("opens the terms, or 'No terms provided'", async () => {
    await openBookies();
    fireEvent.click(
      within(screen.getByRole("article", { name: "GoldenBooks" })).getByRole("button", {
        name: "Terms and Conditions",
      }),
    );
    expect(screen.getByRole("dialog").textContent).toContain("No terms provided");
  });

  it("shows search results only from 3 characters", async () => {
    await openBookies();
    const search = screen.getByPlaceholderText("Search bookmaker");
    fireEvent.change(search, { target: { value: "br" } });
    expect(screen.queryByRole("region", { name: "Search results" })).toBeNull();
    fireEvent.change(search, { target: { value: "bro" } });
    const results = screen.getByRole("region", { name: "Search results" });
    expect(
      within(results)
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual(["BronzeBooks"]);
  });

  it("asks to join and then refetches the list", async () => {
    const calls = await openBookies();
    fireEvent.change(screen.getByPlaceholderText("Search bookmaker"), { target: { value: "bronze" } });
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/bookmakers").length).toBeGreaterThanOrEqual(2));
    expect(calls.some((c) => c.method === "POST" && c.path === "/bookmakers/4/sign")).toBe(true);
  });

  it("shows his request under My Bookie at once, not 'No bookmakers found'", async () => {
    const list = deferred<Response>();
    let answers = 0;
    installTelegram();
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers/authorizeMe": () => json({ userId: 42, username: "alice", bookmakerDto: null }),
      // The refetch after the request hangs: what he sees meanwhile comes from the request's answer.
      "GET /bookmakers": () => (answers++ === 0 ? json(lists) : list.promise),
      "POST /bookmakers/4/sign": () => json(card(4, "BronzeBooks", { joinRequestStatus: "CREATED" })),
    });
    renderApp("/bookies");
    await screen.findByText("My Bookie (3)");
    fireEvent.change(screen.getByPlaceholderText("Search bookmaker"), { target: { value: "bronze" } });
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    const mine = await screen.findByRole("region", { name: "My bookmakers" });
    const asked = await within(mine).findByRole("article", { name: "BronzeBooks" });
    expect(within(asked).getByRole("button", { name: "Waiting..." })).toBeTruthy();
    expect(screen.getByText("My Bookie (4)")).toBeTruthy();
    expect(screen.queryByText("No bookmakers found")).toBeNull();
  });

  it("opens an approved bookmaker's events with his name in the navigation state", async () => {
    await openBookies();
    fireEvent.click(
      within(screen.getByRole("article", { name: "GoldenBooks" })).getByRole("button", { name: "Events" }),
    );
    expect(window.location.pathname).toBe("/events/1");
    expect(window.history.state).toEqual({ name: "GoldenBooks" });
  });

  it("opens a pending bookmaker's card on his events screen, which says the request waits", async () => {
    const calls = await openBookies();
    fireEvent.click(
      within(screen.getByRole("article", { name: "SilverBooks" })).getByRole("button", { name: /^SilverBooks/ }),
    );
    expect(window.location.pathname).toBe("/events/2");
    expect(window.history.state).toEqual({ name: "SilverBooks" });
    expect(await screen.findByText("Waiting... The bookmaker has not approved your request yet.")).toBeTruthy();
    expect(screen.getByText("Your coins").nextElementSibling?.textContent).toBe("0");
    expect(screen.getByRole("button", { name: "History" })).toHaveProperty("disabled", true);
    // Asked all the same, as the lists may be older than his approval (usePunterBook): the API's
    // refusal leaves the screen saying where he stands.
    expect(calls.some((c) => c.path.startsWith("/player/events/2"))).toBe(true);
  });

  it("opens a declined bookmaker's card from the search on his events screen, which says so", async () => {
    await openBookies();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search bookmaker" }), { target: { value: "Declined" } });
    const results = screen.getByRole("region", { name: "Search results" });
    fireEvent.click(within(results).getByRole("button", { name: /^DeclinedBooks/ }));
    expect(window.location.pathname).toBe("/events/5");
    expect(await screen.findByText("Your last request was declined.")).toBeTruthy();
  });

  it("opens any search result's card on his events screen, which asks to join first", async () => {
    await openBookies();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search bookmaker" }), { target: { value: "Bronze" } });
    const results = screen.getByRole("region", { name: "Search results" });
    fireEvent.click(within(results).getByRole("button", { name: /^BronzeBooks/ }));
    expect(window.location.pathname).toBe("/events/4");
    expect(await screen.findByText("Ask this bookmaker to join to see his events.")).toBeTruthy();
  });
});
