import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Bet } from "@worker/contract";
import { BOOK_ID, renderAt, signedInRoutes } from "@/test/world";
import { openDouble, wonYankee } from "@/test/multiples";
import { json, stubApi } from "@/test/network";
import { aBet } from "@/test/bets";

const bet = (betId: number, betsDate: string, over: Partial<Bet> = {}): Bet =>
  aBet(betId, {
    eventId: 1,
    eventItemId: 2,
    userId: 7,
    betsDate,
    money: { amount: 1500, currency: "COIN" },
    eventTitle: "Horse Racing / United Kingdom",
    eventDescription: "Race 1",
    ...over,
  });

describe("a punter's history", () => {
  it("lists his bets newest first, with the spec's stand-ins and the refund note", async () => {
    const calls = stubApi({
      ...signedInRoutes(),
      [`GET /bets/${BOOK_ID}/?userId=7`]: () =>
        json([
          bet(1, "2030-01-01T10:00:00Z"),
          bet(2, "2030-01-03T10:00:00Z", {
            eventTitle: "",
            eventDescription: "",
            outcomeTitle: "",
            status: "CANCELLED",
          }),
        ]),
    });
    renderAt("/historyofuser/bob", { userId: 7 });
    expect(await screen.findByRole("heading", { name: "History of bob" })).toBeTruthy();
    const cards = await screen.findAllByRole("article");
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual(["Untitled Event", "Horse Racing / United Kingdom"]);
    expect(cards[0].textContent).toContain("No description");
    expect(cards[0].textContent).toContain("N/A");
    expect(cards[0].textContent).toContain("Abandoned / The bet has been refunded");
    expect(cards[1].textContent).toContain("1.50K");
    expect(calls.some((c) => c.path === `/bets/${BOOK_ID}/?userId=7`)).toBe(true);
  });

  it("calls a refund on a withdrawn outcome a non-runner's, and shows what Rule 4 and a dead heat took", async () => {
    const calls = stubApi({
      ...signedInRoutes(),
      [`GET /bets/${BOOK_ID}/?userId=7`]: () =>
        json([
          bet(1, "2030-01-01T10:00:00Z", { status: "CANCELLED", outcomeStatus: "NR", outcomeTitle: "Shergar" }),
          bet(2, "2030-01-02T10:00:00Z", { status: "WON", payout: 2000, deduction: 30, deadHeat: 3 }),
        ]),
    });
    renderAt("/historyofuser/bob", { userId: 7 });
    const [won, refunded] = await screen.findAllByRole("article");
    expect(refunded.textContent).toContain("Non-runner / The bet has been refunded");
    expect(won.textContent).toContain("Won 2.00K");
    expect(won.textContent).toContain("Rule 4: 30p");
    expect(won.textContent).toContain("Dead heat: paid on 1/3 of the stake");
    // The bet says whether its outcome ran: no reading of the events to find out.
    expect(calls.some((c) => c.path.startsWith("/events"))).toBe(false);
  });

  it("shows an each-way bet as one card with both parts and what each returned", async () => {
    const ew = {
      eachWay: true,
      eachWayOf: 20,
      placeTerms: { places: 2, fraction: 4 },
      money: { amount: 40, currency: "COIN" },
    } as const;
    stubApi({
      ...signedInRoutes(),
      [`GET /bets/${BOOK_ID}/?userId=7`]: () =>
        json([
          bet(21, "2030-01-02T10:00:00Z", { ...ew, part: "PLACE", status: "WON", payout: 70 }),
          bet(20, "2030-01-02T10:00:00Z", { ...ew, part: "WIN", status: "WON", payout: 140 }),
        ]),
    });
    renderAt("/historyofuser/bob", { userId: 7 });
    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(1);
    expect(cards[0].textContent).toContain("Returned 210");
    expect(cards[0].textContent).toContain("2 × 40");
    expect(cards[0].textContent).toContain("Each-way, E/W 1/4 2 places: 40 a part");
    expect(cards[0].textContent).toContain("Win: won, 140 returned");
    expect(cards[0].textContent).toContain("Place: placed, 70 returned");
  });

  it("says 'User not specified' without a userId", async () => {
    stubApi(signedInRoutes());
    renderAt("/historyofuser/bob");
    expect(await screen.findByText("User not specified")).toBeTruthy();
  });

  it("shows his multiples among his bets, newest first: a won one with its return and legs, a pending one open", async () => {
    const calls = stubApi({
      ...signedInRoutes(),
      [`GET /bets/${BOOK_ID}/?userId=7`]: () => json([bet(1, "2030-01-02T10:00:00Z")]),
      [`GET /bets/${BOOK_ID}/multiples?userId=7`]: () =>
        json([openDouble("2030-01-03T10:00:00Z"), wonYankee("2030-01-01T10:00:00Z")]),
    });
    renderAt("/historyofuser/bob", { userId: 7 });
    await screen.findByRole("article", { name: "Yankee · 11 lines" });
    const cards = screen.getAllByRole("article");
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual([
      "Double · 1 line",
      "Horse Racing / United Kingdom",
      "Yankee · 11 lines",
    ]);
    const [double, , yankee] = cards;
    expect(within(double).getByText("Open", { selector: ".bk-badge" })).toBeTruthy();
    expect(double.textContent).toContain("5 × 1 line = 5 staked");
    expect(double.textContent).toContain("Potential return 40");
    expect(within(yankee).getByText("Won 414")).toBeTruthy();
    expect(yankee.textContent).toContain("1 × 11 lines = 11 staked");
    const legs = within(yankee).getAllByRole("row").slice(1);
    expect(legs.map((r) => r.textContent)).toEqual(["ARace 13Won", "BRace 25Won", "CRace 38Won", "DRace 42.5Void"]);
    expect(yankee.textContent).not.toContain("Potential return");
    expect(calls.some((c) => c.path === `/bets/${BOOK_ID}/multiples?userId=7`)).toBe(true);
  });

  it("names a leg's outcome and, apart from it, its event: not run together in one line", async () => {
    stubApi({
      ...signedInRoutes(),
      [`GET /bets/${BOOK_ID}/?userId=7`]: () => json([]),
      [`GET /bets/${BOOK_ID}/multiples?userId=7`]: () => json([wonYankee("2030-01-01T10:00:00Z")]),
    });
    renderAt("/historyofuser/bob", { userId: 7 });
    const yankee = await screen.findByRole("article", { name: "Yankee · 11 lines" });
    const [first] = within(yankee).getAllByRole("row").slice(1);
    const outcome = within(first).getByText("A", { exact: true });
    const event = within(first).getByText("Race 1", { exact: true });
    expect(outcome.parentElement).toBe(event.parentElement);
    expect(outcome.className).toBe("bk-leg-line");
    expect(event.className).toContain("bk-leg-line");
  });
});

describe("a punter's history in the bookmaker's language", () => {
  it("heads its columns in his words, BET too", { timeout: 60_000 }, async () => {
    stubApi({
      ...signedInRoutes(),
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice", language: "ru" }),
      [`GET /bets/${BOOK_ID}/?userId=7`]: () => json([bet(1, "2030-01-01T10:00:00Z")]),
    });
    renderAt("/historyofuser/bob", { userId: 7 });
    // The screen mounts again in Russian once sign-in names his language.
    await screen.findByRole("columnheader", { name: "ИСХОД" }, { timeout: 30_000 });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["ИСХОД", "КОЭФ.", "СТАВКА"]);
  });
});
