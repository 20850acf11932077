import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Bet } from "@worker/contract";
import { aBet } from "@/test/bets";
import { errorBody } from "@/test/network";
import { betPosts, choose, event, item, openEvents } from "@/test/punter-events";

// What a bet gives back, before and after it is placed (docs/decisions/screens.md, "A bet you can see").

const openDialog = async () => fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
const rowOf = (title: string) => screen.getAllByRole("row").find((r) => r.firstElementChild?.textContent === title)!;
const cells = (row: Element) => [...row.children].map((c) => c.textContent);

const wonBet = (itemId: number, coefficient: number, amount: number): Bet =>
  aBet(9, {
    eventItemId: itemId,
    coefficient,
    betsDate: new Date().toISOString(),
    money: { amount, currency: "COIN" },
    eventDescription: "",
  });

describe("the bet dialog's returns", () => {
  it("shows under each chosen stake what it returns, and in the total what he stakes and the most he gets back", async () => {
    await openEvents([event()], { coins: 1000 });
    await openDialog();
    expect(screen.queryByText(/^returns/)).toBeNull();
    choose("Arkle", "1/2 Max"); // 100 at 5
    expect(within(rowOf("Arkle")).getByText("returns 500")).toBeTruthy();
    choose("Red Rum", "1/4 Max"); // 125 at 2
    expect(within(rowOf("Red Rum")).getByText("returns 250")).toBeTruthy();
    const total = screen.getByText("Total:").closest("p")!;
    expect(total.textContent).toBe("Total: 225 returns up to 500");
  });

  it("counts an each-way stake's return as both parts winning", async () => {
    await openEvents(
      [
        event({
          eachWay: { places: 3, fraction: 5, standard: true },
          items: [item(701, "Red Rum", 2, { eachWayMaxStake: 80 }), item(702, "Shergar", 6, { eachWayMaxStake: 40 })],
        }),
      ],
      { coins: 1000 },
    );
    await openDialog();
    fireEvent.click(screen.getByRole("checkbox", { name: "Each-way on Red Rum" }));
    choose("Red Rum", "Max"); // 80 a part: the win part 160, the place part 80 × 1.2 = 96
    expect(within(rowOf("Red Rum")).getByText("returns 256")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Each-way on Shergar" }));
    choose("Shergar", "Max"); // 40 a part: 240 + 40 × 2 = 320; placed alone 80
    // Shergar wins and Red Rum places: 320 + 96.
    expect(screen.getByText("Total:").closest("p")!.textContent).toBe("Total: 240 returns up to 416");
  });

  it("keeps 'Your bet is successful' and lists beside it each bet with its stake, odds and return", async () => {
    await openEvents([event()], { coins: 1000 });
    await openDialog();
    choose("Arkle", "1/2 Max");
    choose("Red Rum", "1/4 Max");
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    const popup = await screen.findByRole("dialog", { name: "Your bet is successful" });
    const receipt = within(popup).getByRole("table", { name: "Receipt" });
    expect(within(receipt).getAllByRole("row").map(cells)).toEqual([
      ["Outcome", "Stake", "Odds", "Returns"],
      ["Red Rum", "125", "2", "250"],
      ["Arkle", "100", "5", "500"],
    ]);
  });

  it("shows an each-way bet in the receipt as one line of two parts", async () => {
    await openEvents(
      [
        event({
          eachWay: { places: 3, fraction: 5, standard: true },
          items: [item(701, "Red Rum", 2, { eachWayMaxStake: 80 })],
        }),
      ],
      { coins: 1000 },
    );
    await openDialog();
    fireEvent.click(screen.getByRole("checkbox", { name: "Each-way on Red Rum" }));
    choose("Red Rum", "Max");
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    const popup = await screen.findByRole("dialog", { name: "Your bet is successful" });
    expect(within(popup).getAllByRole("row").slice(1).map(cells)).toEqual([["Red Rum", "E/W 2 × 80", "2", "256"]]);
  });

  it("lists only the bets taken when one was refused", async () => {
    await openEvents([event()], {
      coins: 1000,
      bets: { 701: () => errorBody(409, "ODDS_CHANGED", "The odds have changed.") },
    });
    await openDialog();
    choose("Red Rum", "1/4 Max");
    choose("Arkle", "1/2 Max");
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    const popup = await screen.findByRole("dialog", { name: "Your bet has not been accepted" });
    expect(within(popup).getAllByRole("row").slice(1).map(cells)).toEqual([["Arkle", "100", "5", "500"]]);
  });

  it("shows 'Your bet: stake → return' under an outcome Suspended by a bet placed here", async () => {
    await openEvents([event()], { coins: 1000 });
    await openDialog();
    choose("Arkle", "1/2 Max");
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    await screen.findByRole("dialog", { name: "Your bet is successful" });
    expect(rowOf("Arkle").textContent).toContain("SuspendedYour bet: 100 → 500");
  });

  it("reads an earlier bet's return at the odds it was taken at, once his bets arrive", async () => {
    // Taken at 3 (2/1); the odds are 2 now.
    await openEvents([event({ items: [item(701, "Red Rum", 2, { myStake: 10 }), item(702, "Shergar", 4)] })], {
      myBets: [wonBet(701, 3, 10)],
    });
    await openDialog();
    await waitFor(() => expect(rowOf("Red Rum").textContent).toContain("Your bet: 10 → 30"));
  });

  it("without his bet rows, reckons a win bet's return at the odds now", async () => {
    await openEvents([event({ items: [item(701, "Red Rum", 2, { myStake: 10 }), item(702, "Shergar", 4)] })]);
    await openDialog();
    expect(rowOf("Red Rum").textContent).toContain("Your bet: 10 → 20");
  });
});

describe("the event card", () => {
  it("counts his open bets: the outcomes he has a stake on", async () => {
    await openEvents([
      event({
        items: [
          item(701, "Red Rum", 2, { myStake: 10 }),
          item(702, "Shergar", 4, { myStake: 5 }),
          item(703, "Arkle", 5),
        ],
      }),
      event({ eventId: 71, title: "Football / Ireland" }),
    ]);
    expect((await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ })).textContent).toContain(
      "Your bets: 2",
    );
    expect(screen.getByRole("button", { name: /^Football \/ Ireland/ }).textContent).not.toContain("Your bets");
  });
});

describe("a bet at SP", () => {
  it("is offered where the event takes SP bets, sent without odds, and said to count at today's price", async () => {
    const calls = await openEvents([event({ sp: true, bog: true })], { coins: 1000 });
    expect(screen.getByText("SP · BOG")).toBeTruthy();
    await openDialog();
    expect(within(screen.getByRole("dialog", { name: "Horse Racing / Ireland" })).getByText("SP · BOG")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "At SP on Red Rum" }));
    choose("Red Rum", "1/4 Max");
    choose("Arkle", "1/2 Max");
    expect(screen.getByText("SP bets counted at today's price")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    await screen.findByRole("dialog", { name: "Your bet is successful" });
    const bodies = betPosts(calls).map((c) => c.body as Record<string, unknown>);
    expect(bodies.find((b) => b.eventItemId === 701)).toMatchObject({ atSp: true });
    expect(bodies.find((b) => b.eventItemId === 701)).not.toHaveProperty("coefficient");
    expect(bodies.find((b) => b.eventItemId !== 701)).toMatchObject({ coefficient: 5 });
    expect(bodies.find((b) => b.eventItemId !== 701)).not.toHaveProperty("atSp");
  });

  it("is not offered on an event without SP", async () => {
    await openEvents([event()], { coins: 1000 });
    await openDialog();
    expect(screen.queryByRole("checkbox", { name: /^At SP on/ })).toBeNull();
  });
});

describe("the stake presets", () => {
  it("with fewer coins than the payout allows, Max is his coins and each fraction is of that Max", async () => {
    await openEvents([event()], { coins: 100 }); // Red Rum at 2 with 1000 max payout would take 500
    await openDialog();
    fireEvent.click(screen.getByRole("button", { name: /^Bet on Red Rum:/ }));
    const menu = screen.getByRole("listbox", { name: "Stake on Red Rum" });
    const amounts = within(menu)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(amounts).toEqual([
      "No Bet",
      "Max100",
      "4/5 Max80",
      "3/4 Max75",
      "1/2 Max50",
      "1/3 Max33",
      "1/4 Max25",
      "My bet",
    ]);
  });
});
