import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LiabilityBoard, LiabilityEvent, LiabilityOutcome } from "@worker/contract";
import { POLL_MS } from "@/config";
import { bookEvent, inHours } from "@/test/events";
import { errorBody, json, stubApi } from "@/test/network";
import { renderAt, signedInRoutes } from "@/test/world";

const outcome = (id: number, title: string, over: Partial<LiabilityOutcome> = {}): LiabilityOutcome => ({
  id,
  title,
  status: "ACTIVE",
  deduction: 0,
  staked: 0,
  bets: 0,
  payout: 0,
  ...over,
});

const race: LiabilityEvent = {
  id: 9,
  title: "Horse Racing / United Kingdom",
  description: "Race 1 at Ascot",
  status: "READY_FOR_BETS",
  startDate: inHours(1),
  staked: 40,
  bets: 3,
  worst: 120.5,
  cashedOut: 0,
  sp: true,
  items: [
    outcome(91, "Red Rum", { staked: 30, bets: 2, payout: 120.5 }),
    outcome(92, "Shergar", { staked: 10, bets: 1, payout: 30.12 }),
    outcome(93, "Arkle", { status: "NR", deduction: 15 }),
    outcome(94, "Desert Orchid"),
  ],
};

const suspended: LiabilityEvent = {
  ...race,
  id: 8,
  title: "Football / Spain",
  status: "CREATED",
  startDate: inHours(5),
  staked: 5,
  bets: 1,
  worst: 15,
  sp: false,
  items: [outcome(81, "Home", { staked: 5, bets: 1, payout: 15 }), outcome(82, "Away")],
};

const BOARD: LiabilityBoard = {
  events: [race, suspended],
  multiples: { open: 2, potential: 64.38 },
  worstCase: 199.88,
};

async function openBoard(board: () => Response = () => json(BOARD), extra: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ ...signedInRoutes(), "GET /events/liability": board, ...extra });
  renderAt("/liability");
  await screen.findByRole("heading", { name: "Liability" });
  return calls;
}

const card = (title: string) => screen.getByRole("button", { name: new RegExp(`^${title}`) });
const line = (id: number) => document.querySelector(`[data-outcome="${id}"]`) as HTMLElement;
const eventPosts = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === "POST" && c.path.startsWith("/events")).map((c) => c.path);
const fill = (id: number) => line(id).querySelector(".lb-bar-fill")!;

afterEach(() => {
  vi.useRealTimers();
});

describe("the liability board", () => {
  it("shows the worst case: the events' worst results and the open multiples added up", async () => {
    await openBoard();
    const total = await screen.findByRole("region", { name: "Worst case" });
    expect(within(total).getByText("199.88")).toBeTruthy();
    expect(within(total).getByText("135.50")).toBeTruthy();
    expect(within(total).getByText("Open multiples (2)")).toBeTruthy();
    expect(within(total).getByText("64.38")).toBeTruthy();
  });

  it("lists each open event with its stakes, bets, what each outcome pays and its worst result", async () => {
    await openBoard();
    await screen.findByRole("region", { name: "Worst case" });
    const raceCard = card("Horse Racing");
    expect(within(raceCard).getByText("Staked 40 · 3 bets")).toBeTruthy();
    expect(raceCard.querySelector(".badge")?.textContent).toBe("Active");
    expect(within(line(91)).getByText("120.50")).toBeTruthy();
    expect(within(line(91)).getByText("30 · 2 bets")).toBeTruthy();
    expect(within(line(92)).getByText("30.12")).toBeTruthy();
    expect(within(line(92)).getByText("10 · 1 bet")).toBeTruthy();
    expect(line(93).textContent).toBe("ArkleNR · Rule 4 15p");
    expect(within(raceCard).getByText("Worst result").nextElementSibling?.textContent).toBe("120.50");
    expect(card("Football / Spain").querySelector(".badge")?.textContent).toBe("Suspended");
    // A race taking SP bets says how they are counted; the football match takes none.
    expect(within(raceCard).getByText("SP bets counted at today's price")).toBeTruthy();
    expect(card("Football / Spain").textContent).not.toContain("SP bets");
  });

  it("draws a bar per running outcome, what it pays against the event's worst, the worst one full", async () => {
    await openBoard();
    await screen.findByRole("region", { name: "Worst case" });
    expect(fill(91).getAttribute("width")).toBe("100");
    expect(fill(91).getAttribute("class")).toBe("lb-bar-fill lb-bar-worst");
    expect(Number(fill(92).getAttribute("width"))).toBeCloseTo((30.12 / 120.5) * 100);
    expect(fill(94).getAttribute("width")).toBe("0");
    expect(within(line(92)).getByRole("img", { name: "25% of the worst result" })).toBeTruthy();
    // A non-runner pays on no result: no bar.
    expect(line(93).querySelector("svg")).toBeNull();
  });

  it("opens a suspended event's draft screen at a tap, and Back returns to the board", async () => {
    const calls = await openBoard(undefined, { "GET /events/8": () => json(bookEvent(8, { status: "CREATED" })) });
    await screen.findByRole("region", { name: "Worst case" });
    fireEvent.click(card("Football / Spain"));
    await waitFor(() => expect(window.location.pathname).toBe("/eventmanagementpage/8"));
    expect(eventPosts(calls)).toEqual([]);
    // The draft screen's code loads at its first visit: slow on a busy machine.
    await screen.findByRole("heading", { name: "Draft" });
    fireEvent.click(screen.getByRole("button", { name: "‹ Back" }));
    expect(window.location.pathname).toBe("/liability");
  });

  it("asks before a tap suspends a live event with bets, then opens its draft screen; back, the board shows it suspended", async () => {
    let board = BOARD;
    const calls = await openBoard(() => json(board), {
      "POST /events/9/draft": () => {
        board = { ...BOARD, events: [{ ...race, status: "CREATED" }, suspended] };
        return json(bookEvent(9, { status: "CREATED" }));
      },
      "GET /events/9": () => json(bookEvent(9, { status: "CREATED" })),
    });
    await screen.findByRole("region", { name: "Worst case" });
    fireEvent.click(card("Horse Racing"));
    const ask = await screen.findByRole("dialog", { name: "Punters cannot bet while you edit it" });
    fireEvent.click(within(ask).getByRole("button", { name: "Draft" }));
    await waitFor(() => expect(window.location.pathname).toBe("/eventmanagementpage/9"));
    expect(eventPosts(calls)).toEqual(["/events/9/draft"]);
    // The draft screen's code loads at its first visit: slow on a busy machine.
    await screen.findByRole("heading", { name: "Draft" });
    fireEvent.click(screen.getByRole("button", { name: "‹ Back" }));
    await waitFor(() => expect(card("Horse Racing").querySelector(".badge")?.textContent).toBe("Suspended"));
  });

  it("says so when nothing is open, the multiples still counted", async () => {
    await openBoard(() => json({ events: [], multiples: { open: 1, potential: 12 }, worstCase: 12 }));
    expect(await screen.findByText("No open events.")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Worst case" })).getByText("Open multiples (1)")).toBeTruthy();
  });

  it("offers Retry when the board fails to load", async () => {
    let fails = true;
    await openBoard(() => (fails ? errorBody(500, "INTERNAL", "Boom") : json(BOARD)));
    const retry = await screen.findByRole("button", { name: "Retry" });
    expect(screen.getByText("Failed to load liability")).toBeTruthy();
    fails = false;
    fireEvent.click(retry);
    expect(await screen.findByRole("region", { name: "Worst case" })).toBeTruthy();
  });

  it("polls the board and shows a new bet's figures", async () => {
    // Time runs as usual, and the test moves it on to the next poll.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    let board = BOARD;
    await openBoard(() => json(board));
    expect(await screen.findByText("199.88")).toBeTruthy();
    board = { ...BOARD, worstCase: 250 };
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS + 100));
    expect(await screen.findByText("250")).toBeTruthy();
  });
});

describe("the main page", () => {
  it("opens the liability board", async () => {
    stubApi({ ...signedInRoutes(), "GET /events/liability": () => json(BOARD) });
    renderAt("/mainpage");
    fireEvent.click(await screen.findByRole("button", { name: "Liability" }));
    expect(await screen.findByRole("heading", { name: "Liability" })).toBeTruthy();
    expect(window.location.pathname).toBe("/liability");
  });
});
