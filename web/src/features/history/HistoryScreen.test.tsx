import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aBet } from "@/test/bets";
import { deferred, errorBody, json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { leg, openDouble, wonYankee } from "@/test/multiples";
import { installTelegram } from "@/test/telegram";

const bet = aBet;

function openHistory(answer: () => Response | Promise<Response>, multiples: () => Response = () => json([])) {
  installTelegram();
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bets/5/": answer,
    "GET /bets/5/multiples": multiples,
  });
  renderApp("/history/5");
  return calls;
}

describe("the punter's bet history", () => {
  it("shows the columns Outcome, Odds, Bet, the date and K amounts", async () => {
    openHistory(() =>
      json([bet(1), bet(2, { money: { amount: 2_500_000, currency: "COIN" }, outcomeTitle: "Shergar" })]),
    );
    const first = await screen.findByRole("rowgroup", { name: "Horse Racing / Ireland, Red Rum" });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Outcome", "Odds", "Bet"]);
    expect(within(first).getByText("03.05.2026, 09:05:07")).toBeTruthy();
    expect(within(first).getByText("1.23K")).toBeTruthy();
    expect(within(first).getByText("2.5")).toBeTruthy();
    expect(
      within(screen.getByRole("rowgroup", { name: "Horse Racing / Ireland, Shergar" })).getByText("2.50M"),
    ).toBeTruthy();
  });

  it("says how a bet at SP and a BOG bet were priced: 'SP', 'SP 9/2', 'BOG: paid at 9/2 (took 3/1)'", async () => {
    openHistory(() =>
      json([
        bet(1, { atSp: true, coefficient: 4 }),
        bet(2, { outcomeTitle: "Shergar", atSp: true, status: "WON", payout: 55, sp: 5.5, paidAtSp: true }),
        bet(3, { outcomeTitle: "Arkle", coefficient: 4, status: "WON", payout: 55, sp: 5.5, paidAtSp: true }),
        bet(4, { outcomeTitle: "Kauto Star", coefficient: 4, status: "WON", payout: 40, sp: 3.5, paidAtSp: false }),
      ]),
    );
    const row = (outcome: string) => screen.getByRole("rowgroup", { name: `Horse Racing / Ireland, ${outcome}` });
    await screen.findByRole("rowgroup", { name: "Horse Racing / Ireland, Red Rum" });
    expect(within(row("Red Rum")).getByText("SP")).toBeTruthy();
    expect(within(row("Shergar")).getByText("SP 9/2")).toBeTruthy();
    expect(within(row("Arkle")).getByText("BOG: paid at 9/2 (took 3/1)")).toBeTruthy();
    // Paid at the price it took: nothing to say.
    expect(row("Kauto Star").textContent).not.toMatch(/SP|BOG/);
  });

  it("says a multiple's leg at SP: 'SP' while open, 'SP 9/2' once settled at its SP", async () => {
    const double = openDouble("2026-05-02T12:00:00Z");
    openHistory(
      () => json([]),
      () =>
        json([
          {
            ...double,
            legs: [
              leg(5, "Red Rum", 5.5, { atSp: true, result: "WON", factor: 5.5 }),
              leg(6, "Shergar", 4, { atSp: true }),
            ],
          },
        ]),
    );
    const row = (outcome: string) => screen.getByText(outcome).closest("tr")!;
    await screen.findByRole("rowgroup", { name: "Double · 1 line" });
    expect(within(row("Red Rum")).getByText("SP 9/2")).toBeTruthy();
    expect(within(row("Shergar")).getByText("SP")).toBeTruthy();
  });

  it("shows a cancelled bet as refunded", async () => {
    openHistory(() => json([bet(1, { status: "CANCELLED" })]));
    expect(await screen.findByText("Abandoned / The bet has been refunded")).toBeTruthy();
  });

  it("shows a refund for a withdrawn outcome as a non-runner's, and each bet's description", async () => {
    openHistory(() => json([bet(1, { status: "CANCELLED", outcomeStatus: "NR" })]));
    expect(await screen.findByText("Non-runner / The bet has been refunded")).toBeTruthy();
    expect(screen.getByText("Leopardstown")).toBeTruthy();
  });

  it("shows what Rule 4 and a dead heat took from a winning bet", async () => {
    openHistory(() =>
      json([
        bet(1, { status: "WON", payout: 1800, deduction: 25, deadHeat: 2 }),
        bet(2, { outcomeTitle: "Shergar", deduction: 0 }),
      ]),
    );
    const won = await screen.findByRole("rowgroup", { name: "Horse Racing / Ireland, Red Rum" });
    expect(within(won).getByText("Won 1.80K")).toBeTruthy();
    expect(within(won).getByText("Rule 4: 25p")).toBeTruthy();
    expect(within(won).getByText("Dead heat: paid on 1/2 of the stake")).toBeTruthy();
    const plain = screen.getByRole("rowgroup", { name: "Horse Racing / Ireland, Shergar" });
    expect(plain.textContent).not.toContain("Rule 4");
    expect(plain.textContent).not.toContain("Dead heat");
  });

  it("shows an each-way bet as one line with its two parts and what each returned", async () => {
    const terms = { places: 3, fraction: 5 };
    const ew = { eachWay: true, eachWayOf: 10, placeTerms: terms, money: { amount: 10, currency: "COIN" } } as const;
    openHistory(() =>
      json([
        bet(11, { ...ew, part: "PLACE", status: "WON", payout: 13 }),
        bet(10, { ...ew, part: "WIN", status: "LOST" }),
        bet(9, { outcomeTitle: "Shergar" }),
      ]),
    );
    const line = await screen.findByRole("rowgroup", { name: "Horse Racing / Ireland, Red Rum" });
    expect(screen.getAllByRole("rowgroup", { name: /Red Rum/ })).toHaveLength(1);
    expect(within(line).getByText("Returned 13")).toBeTruthy();
    expect(within(line).getByText("Each-way, E/W 1/5 3 places: 10 a part")).toBeTruthy();
    expect(within(line).getByText("Win: lost")).toBeTruthy();
    expect(within(line).getByText("Place: placed, 13 returned")).toBeTruthy();
    expect(within(line).getByText("2 × 10")).toBeTruthy();
    expect(screen.getByRole("rowgroup", { name: "Horse Racing / Ireland, Shergar" })).toBeTruthy();
  });

  it("says when the date is unknown", async () => {
    openHistory(() => json([bet(1, { betsDate: "" })]));
    expect(await screen.findByText("Unknown Date / Time")).toBeTruthy();
  });

  it("shows 'Loading...', then 'No bets placed in the last 15 days.'", async () => {
    const answer = deferred<Response>();
    openHistory(() => answer.promise);
    expect(await screen.findByText("Loading...")).toBeTruthy();
    answer.resolve(json([]));
    expect(await screen.findByText("No bets placed in the last 15 days.")).toBeTruthy();
  });

  it("shows 'Failed to load history'", async () => {
    openHistory(() => errorBody(404, "NOT_FOUND", "Bookmaker not found."));
    expect(await screen.findByText("Failed to load history")).toBeTruthy();
  });

  it("offers Retry beside 'Failed to load history', which loads it again", async () => {
    let answer = () => errorBody(404, "NOT_FOUND", "Bookmaker not found.");
    openHistory(() => answer());
    const failed = await screen.findByRole("alert");
    expect(within(failed).getByText("Failed to load history")).toBeTruthy();
    answer = () => json([]);
    fireEvent.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No bets placed in the last 15 days.")).toBeTruthy();
    expect(screen.queryByText("Failed to load history")).toBeNull();
  });

  it("shows multiples among the bets by date: a won one with its return and legs, a pending one with its potential return", async () => {
    const calls = openHistory(
      () =>
        json([
          bet(1, { betsDate: "2026-05-03T12:00:00Z", outcomeTitle: "Newest single" }),
          bet(2, { betsDate: "2026-05-01T12:00:00Z", outcomeTitle: "Oldest single" }),
        ]),
      () => json([openDouble("2026-05-02T12:00:00Z"), wonYankee("2026-04-30T12:00:00Z")]),
    );
    const yankee = await screen.findByRole("rowgroup", { name: "Yankee · 11 lines" });
    // The first row group is the table's head.
    expect(screen.getAllByRole("rowgroup").map((g) => g.getAttribute("aria-label"))).toEqual([
      null,
      "Horse Racing / Ireland, Newest single",
      "Double · 1 line",
      "Horse Racing / Ireland, Oldest single",
      "Yankee · 11 lines",
    ]);
    expect(within(yankee).getByText("Won 414")).toBeTruthy();
    expect(within(yankee).getByText("1 × 11 lines = 11 staked")).toBeTruthy();
    const legs = within(yankee).getAllByRole("row").slice(1, -1);
    expect(legs.map((r) => r.textContent)).toEqual(["ARace 1Won3", "BRace 2Won5", "CRace 3Won8", "DRace 4Void2.5"]);

    const double = screen.getByRole("rowgroup", { name: "Double · 1 line" });
    expect(within(double).getByText("Potential return 40")).toBeTruthy();
    expect(within(double).getByText("5 × 1 line = 5 staked")).toBeTruthy();
    expect(within(double).getByText("Won at 1.5")).toBeTruthy();
    expect(within(double).getByText("Open")).toBeTruthy();
    expect(double.textContent).not.toContain("Lost");
    expect(calls.some((c) => c.path === "/bets/5/multiples")).toBe(true);
  });

  it("shows a lost multiple as lost, and one of all void legs as refunded", async () => {
    const lost = { ...openDouble("2026-05-02T12:00:00Z"), status: "LOST" as const };
    const refunded = {
      ...openDouble("2026-05-01T12:00:00Z"),
      multipleId: 3,
      kind: "TREBLE" as const,
      status: "CANCELLED" as const,
    };
    openHistory(
      () => json([]),
      () => json([lost, refunded]),
    );
    expect(within(await screen.findByRole("rowgroup", { name: "Double · 1 line" })).getByText("Lost")).toBeTruthy();
    expect(
      within(screen.getByRole("rowgroup", { name: "Treble · 1 line" })).getByText(
        "All legs void / The bet has been refunded",
      ),
    ).toBeTruthy();
    expect(screen.queryByText("No bets placed in the last 15 days.")).toBeNull();
  });
});
