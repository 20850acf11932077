import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Bet } from "@worker/contract";
import { aBet } from "@/test/bets";
import { deferred, errorBody, json, stubApi } from "@/test/network";
import { bookmakerSub, betPosts, choose, event, golden, HOUR, item, openEvents } from "@/test/punter-events";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

describe("the punter's events", () => {
  it("shows the states 'No upcoming or recent events' and the cards", async () => {
    await openEvents([]);
    expect(await screen.findByText("No upcoming or recent events")).toBeTruthy();
  });

  it("shows a card's title, badge, description and struck-through earlier starts", async () => {
    await openEvents([event({ description: "", startDate2: "2026-01-05T10:00:00Z" })]);
    const card = await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ });
    expect(card.textContent).toContain("ACTIVE");
    expect(card.textContent).toContain("No description");
    expect(card.querySelector("s")?.textContent).toMatch(/^05\.01\.2026, /);
  });

  it("counts down only to events that are not over", async () => {
    const later = new Date(Date.now() + 5 * HOUR).toISOString();
    await openEvents([
      event(),
      event({ eventId: 71, title: "Darts / Ireland", status: "CANCELLED", startDate: later }),
      event({ eventId: 72, title: "Football / Ireland", status: "CALCULATED", startDate: later }),
    ]);
    const card = async (title: string) => screen.findByRole("button", { name: new RegExp(`^${title}`) });
    expect(within(await card("Horse Racing / Ireland")).queryByRole("timer")).toBeTruthy();
    expect(within(await card("Darts / Ireland")).queryByRole("timer")).toBeNull();
    expect(within(await card("Football / Ireland")).queryByRole("timer")).toBeNull();
  });

  it("shows 'Failed to load events' when the API refuses", async () => {
    installTelegram();
    stubApi({ "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }) });
    renderApp("/events/5");
    expect(await screen.findByText("Failed to load events")).toBeTruthy();
  });

  it("offers Retry beside 'Failed to load events', which loads them again", async () => {
    let refuse = true;
    installTelegram();
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /player/events/5": () => (refuse ? json({}, 503) : json([])),
    });
    renderApp("/events/5");
    const failed = await screen.findByRole("alert");
    expect(within(failed).getByText("Failed to load events")).toBeTruthy();
    refuse = false;
    fireEvent.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No upcoming or recent events")).toBeTruthy();
  });

  it("offers the volume choices with their amounts", async () => {
    await openEvents([event()]);
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    fireEvent.click(screen.getByRole("button", { name: /^Bet on Red Rum:/ }));
    const options = within(screen.getByRole("listbox"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    // Max = 1000 / 2 = 500, capped at the 300 coins; the fractions are of those 300.
    expect(options).toEqual([
      "No Bet",
      "Max300",
      "4/5 Max240",
      "3/4 Max225",
      "1/2 Max150",
      "1/3 Max99",
      "1/4 Max75",
      "My bet",
    ]);
  });

  it("reverts My bet to No Bet when it closes without a positive amount", async () => {
    await openEvents([event()]);
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    choose("Red Rum", "My bet");
    fireEvent.change(screen.getByLabelText("My bet on Red Rum"), { target: { value: "abc" } });
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole("button", { name: /^Bet on Red Rum:/ }).textContent).toContain("No Bet");
  });

  it("refuses stakes adding up to more than the coins, sending nothing", async () => {
    const calls = await openEvents([event()]);
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    choose("Red Rum", "Max"); // 300
    choose("Shergar", "1/4 Max"); // 62.5
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    expect(screen.getByText("You don’t have enough coins to place these bets")).toBeTruthy();
    expect(betPosts(calls)).toEqual([]);
  });

  it("sends one bet per chosen outcome, in order, and marks them Suspended", async () => {
    const calls = await openEvents([event()], { coins: 1000 });
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    choose("Arkle", "1/2 Max"); // 1000 / 5 / 2 = 100
    choose("Red Rum", "1/4 Max"); // 125
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    expect(await screen.findByRole("dialog", { name: "Your bet is successful" })).toBeTruthy();
    expect(betPosts(calls).map((c) => c.body)).toEqual([
      { requestId: 33, bookmakerId: 5, eventId: 70, eventItemId: 701, amount: 125, coefficient: 2 },
      { requestId: 33, bookmakerId: 5, eventId: 70, eventItemId: 703, amount: 100, coefficient: 5 },
    ]);
    const rows = screen.getAllByRole("row");
    expect(
      rows
        .filter((r) => r.textContent?.includes("Suspended"))
        .map((r) => (r as HTMLTableRowElement).cells[0].textContent),
    ).toEqual(["Red Rum", "Arkle"]);
  });

  it("a preset picked before his coins arrive is worth its share once they do, and is bet so", async () => {
    installTelegram();
    const balance = deferred<Response>();
    const calls = stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers": () => json({ activeBookmakers: [golden], inactiveBookmakers: [] }),
      "GET /player/events/5": () => json([event()]),
      "GET /balances/5": () => balance.promise,
      "GET /subscriptions/active/5": () => json([bookmakerSub]),
      "POST /bets": () => json({}, 201),
    });
    renderApp("/events/5");
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    choose("Red Rum", "1/4 Max"); // no coins known yet: 0
    expect(screen.getByRole("button", { name: /^Bet on Red Rum:/ }).textContent).toContain("· 0");

    balance.resolve(json({ amount: 1000, currency: "COIN" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /^Bet on Red Rum:/ }).textContent).toContain("· 125"),
    );
    choose("Arkle", "1/2 Max"); // 1000 / 5 / 2 = 100
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    await screen.findByRole("dialog", { name: "Your bet is successful" });
    const sent = betPosts(calls).map((c) => c.body as { eventItemId: number; amount: number });
    expect(sent.map((b) => [b.eventItemId, b.amount])).toEqual([
      [701, 125],
      [703, 100],
    ]);
  });

  it("says 'Your bet has not been accepted' and leaves a refused outcome open", async () => {
    await openEvents([event()], {
      coins: 1000,
      bets: { 701: () => errorBody(409, "ODDS_CHANGED", "The odds have changed.") },
    });
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    choose("Red Rum", "1/4 Max");
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    const popup = await screen.findByRole("dialog", { name: "Your bet has not been accepted" });
    expect(popup.textContent).toContain("The odds have changed.");
    expect(screen.getByRole("button", { name: /^Bet on Red Rum:/ })).toBeTruthy();
  });

  it("shows Suspended for an outcome the punter already has a stake on", async () => {
    await openEvents([event({ items: [item(701, "Red Rum", 2, { myStake: 10 }), item(702, "Shergar", 4)] })]);
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    expect(screen.getAllByRole("row")[1].textContent).toContain("Suspended");
  });

  it("shows no what-if figures in the result view until the bookmaker's subscriptions say he holds WHAT_IF", async () => {
    installTelegram();
    const subscriptions = deferred<Response>();
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers": () => json({ activeBookmakers: [golden], inactiveBookmakers: [] }),
      "GET /player/events/5": () => json([event({ status: "SUSPENDED", items: [item(701, "Red Rum", 2)] })]),
      "GET /balances/5": () => json({ amount: 100, currency: "COIN" }),
      "GET /subscriptions/active/5": () => subscriptions.promise,
    });
    renderApp("/events/5");
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    const cell = () => within(screen.getByRole("dialog")).getAllByRole("cell")[2].textContent;
    // The API sends 0 where the book has no what-if: not a figure to show as his.
    expect(cell()).toBe("—");
    subscriptions.resolve(json([bookmakerSub]));
    await waitFor(() =>
      expect(within(screen.getByRole("dialog")).getByRole("button", { name: "WHAT IF" })).toBeTruthy(),
    );
    expect(cell()).toBe("—");
  });

  it("opens the result view for an event that takes no bets", async () => {
    await openEvents([
      event({
        status: "CALCULATED",
        startDate: new Date(Date.now() - HOUR).toISOString(),
        items: [item(701, "Red Rum", 2, { status: "WINNER", whatIf: 50 })],
      }),
    ]);
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Outcome", "Odds", "GAIN"]);
  });

  it("shows the each-way terms on the card and in the bet dialog, with an E/W box per outcome", async () => {
    await openEvents([
      event({ eachWay: { places: 3, fraction: 5, standard: true } }),
      event({ eventId: 71, title: "Football / Ireland" }),
    ]);
    const race = await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ });
    expect(race.textContent).toContain("E/W 1/5 3 places");
    expect(screen.getByRole("button", { name: /^Football \/ Ireland/ }).textContent).not.toContain("E/W");
    fireEvent.click(race);
    expect(screen.getByRole("dialog").textContent).toContain("E/W 1/5 3 places");
    expect(screen.getAllByRole("checkbox", { name: /^Each-way on / })).toHaveLength(3);
  });

  it("offers no E/W box where the event takes no each-way bets", async () => {
    await openEvents([event()]);
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    expect(screen.queryByRole("checkbox", { name: /^Each-way on / })).toBeNull();
  });

  it("stakes an each-way preset per part from the each-way room, shows twice it as staked, and sends eachWay", async () => {
    const calls = await openEvents(
      [
        event({
          eachWay: { places: 3, fraction: 5, standard: true },
          items: [item(701, "Red Rum", 2, { eachWayMaxStake: 80 }), item(702, "Shergar", 4, { eachWayMaxStake: 40 })],
        }),
      ],
      { coins: 1000 },
    );
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Each-way on Red Rum" }));
    choose("Red Rum", "Max"); // the each-way room: 80 a part
    expect(screen.getByRole("button", { name: /^Bet on Red Rum:/ }).textContent).toContain("· 80");
    expect(screen.getByText("E/W 2 × 80")).toBeTruthy();
    choose("Shergar", "1/4 Max"); // a win bet: 1000 / 4 / 4 = 62.5
    expect(screen.getByText("Total:").textContent).toContain("222.5");
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    await screen.findByRole("dialog", { name: "Your bet is successful" });
    expect(betPosts(calls).map((c) => c.body)).toEqual([
      { requestId: 33, bookmakerId: 5, eventId: 70, eventItemId: 701, amount: 80, coefficient: 2, eachWay: true },
      { requestId: 33, bookmakerId: 5, eventId: 70, eventItemId: 702, amount: 62.5, coefficient: 4 },
    ]);
  });

  it("caps an each-way preset at half his coins, both parts being staked", async () => {
    await openEvents(
      [
        event({
          eachWay: { places: 3, fraction: 5, standard: true },
          items: [item(701, "Red Rum", 2, { eachWayMaxStake: 400 })],
        }),
      ],
      {
        coins: 300,
      },
    );
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Each-way on Red Rum" }));
    choose("Red Rum", "Max");
    expect(screen.getByRole("button", { name: /^Bet on Red Rum:/ }).textContent).toContain("· 150");
  });

  it("counts an each-way stake twice against his coins: more than he has is refused, nothing sent", async () => {
    const calls = await openEvents(
      [
        event({
          eachWay: { places: 2, fraction: 4, standard: true },
          items: [item(701, "Red Rum", 2, { eachWayMaxStake: 400 }), item(702, "Shergar", 4, { eachWayMaxStake: 200 })],
        }),
      ],
      { coins: 300 },
    );
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    choose("Red Rum", "My bet");
    fireEvent.change(screen.getByLabelText("My bet on Red Rum"), { target: { value: "100" } });
    fireEvent.pointerDown(document.body);
    choose("Shergar", "My bet");
    fireEvent.change(screen.getByLabelText("My bet on Shergar"), { target: { value: "150" } });
    fireEvent.pointerDown(document.body);
    // 100 + 150 fits his 300 coins as win bets; each-way on Red Rum stakes 2 × 100 + 150 = 350.
    fireEvent.click(screen.getByRole("checkbox", { name: "Each-way on Red Rum" }));
    expect(screen.getByText("Total:").textContent).toContain("350");
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    expect(screen.getByText("You don’t have enough coins to place these bets")).toBeTruthy();
    expect(betPosts(calls)).toEqual([]);
  });

  it("shows in the result where his each-way outcome placed and what the place part returned", async () => {
    const settled = event({
      status: "CALCULATED",
      eachWay: { places: 3, fraction: 5, standard: true },
      startDate: new Date(Date.now() - HOUR).toISOString(),
      items: [
        item(701, "Red Rum", 2, { status: "WINNER", place: 1 }),
        item(702, "Shergar", 6, { status: "LOSER", place: 2 }),
      ],
    });
    const part = (betId: number, p: "WIN" | "PLACE", status: Bet["status"], payout: number): Bet =>
      aBet(betId, {
        eventItemId: 702,
        coefficient: 6,
        betsDate: new Date().toISOString(),
        status,
        money: { amount: 10, currency: "COIN" },
        payout,
        outcomeStatus: "LOSER",
        eachWay: true,
        part: p,
        eachWayOf: 5,
        placeTerms: { places: 3, fraction: 5 },
        eventDescription: "",
        outcomeTitle: "Shergar",
      });
    await openEvents([settled], { myBets: [part(6, "PLACE", "WON", 20), part(5, "WIN", "LOST", 0)] });
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    const dialog = screen.getByRole("dialog", { name: "Horse Racing / Ireland" });
    expect(dialog.textContent).toContain("E/W 1/5 3 places");
    const row = () => within(dialog).getByText("Shergar").closest("tr")!;
    expect(row().textContent).toContain("placed 2nd");
    // His bets arrive after the events.
    await waitFor(() => expect(row().textContent).toContain("Place: placed, 20 returned"));
  });

  it("says 'Rule 4 applies' on the card of an event with Rule 4 on, and not otherwise", async () => {
    await openEvents([event({ rule4: true }), event({ eventId: 71, title: "Football / Ireland" })]);
    expect((await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ })).textContent).toContain(
      "Rule 4 applies",
    );
    expect(screen.getByRole("button", { name: /^Football \/ Ireland/ }).textContent).not.toContain("Rule 4");
  });

  it("shows in the result each runner's SP, and that his BOG bet was paid at the SP", async () => {
    const settled = event({
      status: "CALCULATED",
      sp: true,
      bog: true,
      startDate: new Date(Date.now() - HOUR).toISOString(),
      items: [
        item(701, "Red Rum", 5, { status: "WINNER", place: 1, sp: 6 }),
        item(702, "Shergar", 4, { status: "LOSER", sp: 3.5 }),
      ],
    });
    const mine = aBet(1, { status: "WON", coefficient: 5, payout: 60, sp: 6, paidAtSp: true, outcomeStatus: "WINNER" });
    await openEvents([settled], { myBets: [mine] });
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    const dialog = screen.getByRole("dialog", { name: "Horse Racing / Ireland" });
    const row = (title: string) => within(dialog).getByText(title).closest("tr")!;
    expect(row("Shergar").textContent).toContain("SP 5/2");
    await waitFor(() => expect(row("Red Rum").textContent).toContain("BOG: paid at 5/1 (took 4/1)"));
    expect(row("Red Rum").textContent).toContain("SP 5/1");
  });

  it("shows in the result a non-runner's deduction, the dead heat and what the rules took from his bet", async () => {
    const settled = event({
      status: "CALCULATED",
      rule4: true,
      deadHeat: true,
      startDate: new Date(Date.now() - HOUR).toISOString(),
      items: [
        item(701, "Red Rum", 2, { status: "WINNER" }),
        item(702, "Shergar", 4, { status: "WINNER" }),
        item(703, "Arkle", 1.25, { status: "NR", deduction: 80 }),
      ],
    });
    const mine = aBet(1, {
      betsDate: new Date().toISOString(),
      status: "WON",
      money: { amount: 10, currency: "COIN" },
      payout: 6,
      deduction: 80,
      deadHeat: 2,
      outcomeStatus: "WINNER",
      eventDescription: "",
    });
    await openEvents([settled], { myBets: [mine] });
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    const dialog = screen.getByRole("dialog", { name: "Horse Racing / Ireland" });
    expect(dialog.textContent).toContain("Rule 4 applies");
    expect(dialog.textContent).toContain("Dead heat: each winner is paid on 1/2 of the stake");
    const row = (title: string) => within(dialog).getByText(title).closest("tr")!;
    expect(row("Arkle").textContent).toContain("Rule 4: 80p");
    await waitFor(() => expect(row("Red Rum").textContent).toContain("Rule 4: 80p"));
    expect(row("Red Rum").textContent).toContain("Dead heat: paid on 1/2 of the stake");
    expect(row("Shergar").textContent).not.toContain("Rule 4");
  });

  it("says fractional odds are unavailable when the bookmaker lacks them, without asking the API", async () => {
    const calls = await openEvents([event()]);
    await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ });
    await waitFor(() => expect(calls.some((c) => c.path === "/subscriptions/active/5")).toBe(true));
    const before = calls.length;
    fireEvent.click(screen.getByRole("switch"));
    const popup = await screen.findByRole("dialog", { name: "Fractional odds are unavailable" });
    expect(popup.textContent).toContain("This bookmaker does not have access to fractional odds.");
    expect(screen.getByRole("switch").getAttribute("aria-checked")).toBe("false");
    expect(calls.slice(before).filter((c) => c.path.startsWith("/player/events"))).toEqual([]);
  });

  it("keeps a refusal on screen when a refresh finds the event suspended", async () => {
    const events = [event()];
    const refused = () => {
      events[0] = event({ status: "CREATED" });
      return errorBody(409, "EVENT_NOT_OPEN", "Event is suspended. Please try again later.");
    };
    await openEvents(events, { coins: 1000, bets: { 701: refused } });
    fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
    choose("Red Rum", "1/4 Max");
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    const popup = await screen.findByRole("dialog", { name: "Your bet has not been accepted" });
    // The refresh after the bet reads the suspended event; the card shows it, the popup stays.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /^Horse Racing \/ Ireland/ }).textContent).toContain("SUSPENDED"),
    );
    expect(screen.getByRole("dialog", { name: "Your bet has not been accepted" })).toBe(popup);
    expect(popup.textContent).toContain("Event is suspended. Please try again later.");
  });

  it("goes to the history", async () => {
    await openEvents([]);
    fireEvent.click(screen.getByRole("button", { name: "History" }));
    expect(window.location.pathname).toBe("/history/5");
  });
});
