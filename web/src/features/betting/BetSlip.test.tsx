import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Multiple, PlayerEvent } from "@worker/contract";
import { errorBody, json, stubApi, type RecordedCall } from "@/test/network";
import { renderApp } from "@/test/render";
import { playerEvent, playerItem, punterRoutes } from "@/test/punter";
import { installTelegram } from "@/test/telegram";

const HOUR = 3_600_000;

/** A race of the book, open for bets unless told otherwise; its outcomes are numbered after it. */
const race = (eventId: number, title: string, odds: number[], extra: Partial<PlayerEvent> = {}): PlayerEvent =>
  playerEvent({
    eventId,
    title,
    description: "",
    startDate: new Date(Date.now() + (eventId - 60) * HOUR).toISOString(),
    items: odds.map((o, i) => playerItem(eventId * 10 + i + 1, `${title} runner ${i + 1}`, o)),
    ...extra,
  });

// Four races: the first runner of each at 3.0, 5.0, 8.0 and 2.0.
const RACES = [
  race(61, "Ascot 1:30", [3, 4]),
  race(62, "Ascot 2:05", [5, 6]),
  race(63, "Ascot 2:40", [8, 9]),
  race(64, "Ascot 3:15", [2, 7]),
];

/** What the API answers a placed multiple: its legs as sent, at the odds sent. */
function taken(body: {
  kind: Multiple["kind"];
  amount: number;
  legs: { eventId: number; eventItemId: number; coefficient: number }[];
}): Multiple {
  return {
    multipleId: 1,
    kind: body.kind,
    amount: body.amount,
    lines: 11,
    staked: 11 * body.amount,
    status: "ACCEPTED",
    legs: body.legs.map((l) => ({
      ...l,
      eventTitle: RACES.find((r) => r.eventId === l.eventId)!.title,
      eventDescription: "",
      outcomeTitle: "runner",
      atSp: false,
      result: "PENDING",
      factor: null,
    })),
    potentialPayout: 629,
    payout: 0,
    createdAt: new Date().toISOString(),
    settledAt: null,
  };
}

async function openEvents(
  events: PlayerEvent[] = RACES,
  { coins = 300, place = (call: RecordedCall) => json(taken(call.body as never), 201) } = {},
) {
  installTelegram();
  const calls = stubApi({
    ...punterRoutes(() => events, coins),
    "POST /bets/multiple": place,
  });
  renderApp("/events/5");
  await screen.findByRole("heading", { name: "GoldenBooks" });
  await screen.findAllByRole("group", { name: /^Slip: / });
  return calls;
}

/** Taps "+ Slip" (or "✓ Slip") on an outcome of an event. */
function pick(event: string, outcome: string) {
  const picks = screen.getByRole("group", { name: `Slip: ${event}` });
  fireEvent.click(within(picks).getByRole("button", { name: new RegExp(`^${outcome} `) }));
}

/** The first runner of the first `n` races, then the slip opened. */
function slipOf(n: number) {
  RACES.slice(0, n).forEach((r) => pick(r.title, `${r.title} runner 1`));
  fireEvent.click(screen.getByRole("button", { name: /^Bet slip · / }));
  return screen.getByRole("dialog", { name: "Bet slip" });
}

const kindsOffered = (slip: HTMLElement) =>
  within(slip)
    .queryAllByRole("radio")
    .map((r) => r.closest("label")!.textContent);

const legsIn = (slip: HTMLElement) =>
  within(within(slip).getByRole("list", { name: "Selections" })).queryAllByRole("listitem");

describe("the bet slip", () => {
  it("offers + Slip on the running outcomes of events that take bets, and nowhere else", async () => {
    await openEvents([
      race(61, "Ascot 1:30", [3, 4], {
        items: [playerItem(611, "Red Rum", 3), playerItem(612, "Shergar", 4, { status: "NR" })],
      }),
      race(62, "Ascot 2:05", [5], { status: "CALCULATED" }),
      race(63, "Ascot 2:40", [8], { startDate: new Date(Date.now() - HOUR).toISOString() }),
    ]);
    const picks = screen.getAllByRole("group", { name: /^Slip: / });
    expect(picks.map((g) => g.getAttribute("aria-label"))).toEqual(["Slip: Ascot 1:30"]);
    expect(
      within(picks[0])
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Red Rum3+ Slip"]);
  });

  it("keeps one outcome per event: another outcome replaces it, and it taps out again", async () => {
    await openEvents();
    pick("Ascot 1:30", "Ascot 1:30 runner 1");
    expect(screen.getByRole("button", { name: "Bet slip · 1 selection" })).toBeTruthy();
    pick("Ascot 1:30", "Ascot 1:30 runner 2");
    expect(screen.getByRole("button", { name: "Bet slip · 1 selection" })).toBeTruthy();
    const picks = within(screen.getByRole("group", { name: "Slip: Ascot 1:30" })).getAllByRole("button");
    expect(picks.map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "true"]);
    pick("Ascot 2:05", "Ascot 2:05 runner 1");
    expect(screen.getByRole("button", { name: "Bet slip · 2 selections" })).toBeTruthy();
    pick("Ascot 2:05", "Ascot 2:05 runner 1");
    expect(screen.getByRole("button", { name: "Bet slip · 1 selection" })).toBeTruthy();
  });

  it("lists each selection's event, outcome and odds, and removes one", async () => {
    await openEvents();
    const slip = slipOf(2);
    expect(legsIn(slip).map((l) => l.textContent)).toEqual([
      "Ascot 1:30Ascot 1:30 runner 1 3Remove",
      "Ascot 2:05Ascot 2:05 runner 1 5Remove",
    ]);
    fireEvent.click(within(slip).getByRole("button", { name: "Remove Ascot 1:30 runner 1" }));
    expect(legsIn(slip).map((l) => l.getAttribute("aria-label"))).toEqual(["Ascot 2:05, Ascot 2:05 runner 1"]);
    expect(within(slip).getByText("Add an outcome of another event to make a multiple.")).toBeTruthy();
    expect(kindsOffered(slip)).toEqual([]);
    expect(screen.getByRole("button", { name: "Bet slip · 1 selection" })).toBeTruthy();
  });

  it("offers the kinds the number of selections allows, each with its lines", async () => {
    await openEvents([...RACES, race(65, "Ascot 3:50", [4])]);
    expect(kindsOffered(slipOf(2))).toEqual(["Double · 1 line"]);
    /** Closes the slip, adds the first runner of another race and opens it again. */
    const plus = (title: string) => {
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
      pick(title, `${title} runner 1`);
      fireEvent.click(screen.getByRole("button", { name: /^Bet slip · / }));
      return kindsOffered(screen.getByRole("dialog"));
    };
    expect(plus("Ascot 2:40")).toEqual(["Treble · 1 line", "Trixie · 4 lines", "Patent · 7 lines"]);
    expect(plus("Ascot 3:15")).toEqual(["4-fold Accumulator · 1 line", "Yankee · 11 lines", "Lucky 15 · 15 lines"]);
    expect(plus("Ascot 3:50")).toEqual(["5-fold Accumulator · 1 line"]);
  });

  it("counts the total as lines × the stake per line, and the return if every line wins", async () => {
    await openEvents();
    const slip = slipOf(4);
    fireEvent.click(within(slip).getByRole("radio", { name: "Yankee · 11 lines" }));
    fireEvent.change(within(slip).getByLabelText("Stake per line"), { target: { value: "1" } });
    expect(within(slip).getByText(/^Total:/).textContent).toBe("Total: 11 (11 × 1)");
    // 3, 5, 8 and 2: doubles 111, trebles 278, the fourfold 240.
    expect(within(slip).getByText(/^Potential return:/).textContent).toBe("Potential return: 629");
    fireEvent.click(within(slip).getByRole("radio", { name: "4-fold Accumulator · 1 line" }));
    fireEvent.change(within(slip).getByLabelText("Stake per line"), { target: { value: "2,5" } });
    expect(within(slip).getByText(/^Total:/).textContent).toBe("Total: 2.50 (1 × 2.50)");
    expect(within(slip).getByText(/^Potential return:/).textContent).toBe("Potential return: 600");
  });

  it('offers a leg at SP where its event takes SP bets, and sends it as "SP"', async () => {
    const calls = await openEvents([{ ...RACES[0], sp: true }, RACES[1]]);
    const slip = slipOf(2);
    expect(within(slip).queryByRole("checkbox", { name: "At SP on Ascot 2:05 runner 1" })).toBeNull();
    fireEvent.click(within(slip).getByRole("checkbox", { name: "At SP on Ascot 1:30 runner 1" }));
    fireEvent.change(within(slip).getByLabelText("Stake per line"), { target: { value: "2" } });
    expect(within(slip).getByText("SP bets counted at today's price")).toBeTruthy();
    fireEvent.click(within(slip).getByRole("button", { name: "Place" }));
    await screen.findByRole("dialog", { name: "Your bet is successful" });
    const [post] = calls.filter((c) => c.method === "POST" && c.path === "/bets/multiple");
    expect((post.body as { legs: unknown[] }).legs).toEqual([
      { eventId: 61, eventItemId: 611, coefficient: "SP" },
      { eventId: 62, eventItemId: 621, coefficient: 5 },
    ]);
  });

  it("places the slip as one POST /bets/multiple with an Idempotency-Key, then clears it", async () => {
    const calls = await openEvents();
    const slip = slipOf(4);
    fireEvent.click(within(slip).getByRole("radio", { name: "Yankee · 11 lines" }));
    fireEvent.change(within(slip).getByLabelText("Stake per line"), { target: { value: "1.5" } });
    const coinReads = calls.filter((c) => c.path === "/balances/5").length;
    fireEvent.click(within(slip).getByRole("button", { name: "Place" }));

    const receipt = await screen.findByRole("dialog", { name: "Your bet is successful" });
    const [post] = calls.filter((c) => c.method === "POST" && c.path === "/bets/multiple");
    expect(post.body).toEqual({
      bookmakerId: 5,
      kind: "YANKEE",
      legs: [
        { eventId: 61, eventItemId: 611, coefficient: 3 },
        { eventId: 62, eventItemId: 621, coefficient: 5 },
        { eventId: 63, eventItemId: 631, coefficient: 8 },
        { eventId: 64, eventItemId: 641, coefficient: 2 },
      ],
      amount: 1.5,
    });
    expect(post.headers.get("Idempotency-Key")).toBeTruthy();
    expect(receipt.textContent).toContain("Yankee · 11 lines");
    expect(receipt.textContent).toContain("1.50 × 11 lines = 16.50 staked");
    expect(screen.queryByRole("button", { name: /^Bet slip · / })).toBeNull();
    // His coins are read again, as after a single bet.
    await waitFor(() => expect(calls.filter((c) => c.path === "/balances/5").length).toBeGreaterThan(coinReads));
    fireEvent.click(within(receipt).getByRole("button", { name: "Ok" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryAllByRole("button", { pressed: true })).toEqual([]);
  });

  it("shows a refusal in the API's words at the selection it names, and keeps the slip", async () => {
    await openEvents(RACES, {
      place: () => errorBody(409, "ODDS_CHANGED", "The odds of Ascot 2:05 runner 1 are now 4.5.", "legs.1"),
    });
    const slip = slipOf(2);
    fireEvent.change(within(slip).getByLabelText("Stake per line"), { target: { value: "10" } });
    fireEvent.click(within(slip).getByRole("button", { name: "Place" }));
    const named = within(slip).getByRole("listitem", { name: "Ascot 2:05, Ascot 2:05 runner 1" });
    expect((await within(named).findByRole("alert")).textContent).toBe("The odds of Ascot 2:05 runner 1 are now 4.5.");
    expect(within(slip).getByRole("listitem", { name: "Ascot 1:30, Ascot 1:30 runner 1" }).className).not.toContain(
      "refused",
    );
    expect(legsIn(slip)).toHaveLength(2);
    expect(screen.queryByRole("dialog", { name: "Your bet is successful" })).toBeNull();
  });

  it("shows odds that moved since a selection was added, struck beside the odds now, and sends the odds now", async () => {
    let events = RACES;
    installTelegram();
    const calls = stubApi({
      ...punterRoutes(() => events, 300),
      "POST /bets/multiple": (call) =>
        (call.body as { legs: { coefficient: number }[] }).legs[1].coefficient === 4.5
          ? json(taken(call.body as never), 201)
          : errorBody(409, "ODDS_CHANGED", "The odds have changed.", "legs.1"),
    });
    renderApp("/events/5");
    await screen.findAllByRole("group", { name: /^Slip: / });
    const slip = slipOf(2);
    fireEvent.change(within(slip).getByLabelText("Stake per line"), { target: { value: "10" } });
    events = RACES.map((r) => (r.eventId === 62 ? race(62, r.title, [4.5, 6]) : r));
    fireEvent.click(within(slip).getByRole("button", { name: "Place" }));
    const moved = within(slip).getByRole("listitem", { name: "Ascot 2:05, Ascot 2:05 runner 1" });
    await waitFor(() => expect(within(moved).getByText("5").closest("s")).toBeTruthy());
    expect(moved.textContent).toContain("runner 1 4.5");
    fireEvent.click(within(slip).getByRole("button", { name: "Place" }));
    expect(await screen.findByRole("dialog", { name: "Your bet is successful" })).toBeTruthy();
    const posts = calls
      .filter((c) => c.path === "/bets/multiple")
      .map((c) => c.body as { legs: { coefficient: number }[] });
    expect(posts.map((b) => b.legs.map((l) => l.coefficient))).toEqual([
      [3, 5],
      [3, 4.5],
    ]);
  });

  it("asks for no more than his coins before sending", async () => {
    const calls = await openEvents(RACES, { coins: 10 });
    const slip = slipOf(3);
    fireEvent.click(within(slip).getByRole("radio", { name: "Patent · 7 lines" }));
    fireEvent.change(within(slip).getByLabelText("Stake per line"), { target: { value: "1.5" } });
    fireEvent.click(within(slip).getByRole("button", { name: "Place" }));
    expect(await screen.findByText("You don’t have enough coins to place these bets")).toBeTruthy();
    expect(calls.some((c) => c.path === "/bets/multiple")).toBe(false);
  });

  it("holds Place back while a selection's event no longer takes bets, until it is removed", async () => {
    let events = RACES;
    installTelegram();
    stubApi(punterRoutes(() => events, 300));
    renderApp("/events/5");
    await screen.findAllByRole("group", { name: /^Slip: / });
    pick("Ascot 1:30", "Ascot 1:30 runner 1");
    pick("Ascot 2:05", "Ascot 2:05 runner 1");
    pick("Ascot 2:40", "Ascot 2:40 runner 1");
    cleanup();
    events = RACES.map((r) => (r.eventId === 62 ? { ...r, status: "SUSPENDED" as const } : r));
    renderApp("/events/5");
    fireEvent.click(await screen.findByRole("button", { name: "Bet slip · 3 selections" }));
    const slip = screen.getByRole("dialog", { name: "Bet slip" });
    fireEvent.change(within(slip).getByLabelText("Stake per line"), { target: { value: "1" } });
    const closed = await within(slip).findByText("No longer taking bets");
    expect(closed.closest("li")!.getAttribute("aria-label")).toBe("Ascot 2:05, Ascot 2:05 runner 1");
    expect(within(slip).getByRole("button", { name: "Place" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(within(slip).getByRole("button", { name: "Remove Ascot 2:05 runner 1" }));
    expect(within(slip).getByRole("button", { name: "Place" }).hasAttribute("disabled")).toBe(false);
  });

  it("keeps the slip when he leaves the book's events and comes back", async () => {
    await openEvents();
    pick("Ascot 1:30", "Ascot 1:30 runner 2");
    cleanup();
    renderApp("/events/5");
    expect(await screen.findByRole("button", { name: "Bet slip · 1 selection" })).toBeTruthy();
  });
});
