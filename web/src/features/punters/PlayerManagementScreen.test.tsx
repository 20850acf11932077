import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BookBalances, JoinRequestItem } from "@worker/contract";
import { coinMove, parseCoins } from "./coins";
import { renderAt, signedInRoutes } from "@/test/world";
import { errorBody, json, stubApi } from "@/test/network";
import { shownNote, useNotes } from "@/store/notes";

const NO_LIMITS = { maxStake: null, maxPayoutPerEvent: null };
const book = (pool: number): BookBalances => ({
  balance: { amount: pool, currency: "COIN" },
  punters: [
    { user: { internalId: 7, username: "bob" }, money: { amount: 100, currency: "COIN" }, note: "", limits: NO_LIMITS },
    {
      user: { internalId: 8, username: "carol" },
      money: { amount: 20.5, currency: "COIN" },
      note: "pays cash",
      limits: NO_LIMITS,
    },
  ],
  limits: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
});
const requests: JoinRequestItem[] = [
  { joinRequest: { id: 31, status: "CREATED" }, user: { internalId: 9, username: "dave" } },
];

async function openPunters(pool = 5000, extra: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    ...signedInRoutes(),
    "GET /balances": () => json(book(pool)),
    "GET /bookmakers/requests": () => json(requests),
    ...extra,
  });
  renderAt("/playermanagement");
  await screen.findByText("@bob");
  return calls;
}

const writes = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path !== "/auth/telegram").map((c) => [c.path, c.body]);

describe("the coin counter", () => {
  it("never goes below 0 and turns anything not a number into 0", () => {
    expect(parseCoins("-5")).toBe(0);
    expect(parseCoins("abc")).toBe(0);
    expect(parseCoins("12,5")).toBe(12.5);
    expect(parseCoins("3.456")).toBe(3.45);
  });

  it("becomes an add or a subtract of the difference", () => {
    expect(coinMove(100, 150)).toEqual({ route: "POST /balances/add", amount: 50 });
    expect(coinMove(100, 40.5)).toEqual({ route: "POST /balances/subtract", amount: 59.5 });
    expect(coinMove(0.1, 0.3)).toEqual({ route: "POST /balances/add", amount: 0.2 });
    expect(coinMove(100, 100)).toBeNull();
  });
});

describe("my punters", () => {
  it("shows my coins, the requests marked New and the punters with notes or 'Note'", async () => {
    await openPunters();
    expect(screen.getByText("5.00K")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Requests (1)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Punters (2)" })).toBeTruthy();
    expect(screen.getByText("New")).toBeTruthy();
    expect(screen.getByText("pays cash")).toBeTruthy();
    expect(screen.getByText("Note")).toBeTruthy();
  });

  it("folds the requests away", async () => {
    await openPunters();
    fireEvent.click(screen.getByRole("button", { name: "Requests (1)" }));
    expect(screen.queryByText("@dave")).toBeNull();
  });

  it("approves a punter from the approve dialog", async () => {
    const calls = await openPunters(5000, {
      "POST /bookmakers/requests/31/approve": () => json({ joinRequest: { id: 31, status: "APPROVED" } }),
    });
    fireEvent.click(screen.getByText("@dave"));
    const dialog = screen.getByRole("dialog", { name: "Do you want approve punter?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls)).toEqual([["/bookmakers/requests/31/approve", undefined]]);
  });

  it("Save in the manage dialog adds the counter's increase", async () => {
    const calls = await openPunters(5000, { "POST /balances/add": (c) => json(c.body) });
    fireEvent.click(screen.getByText("@bob"));
    const dialog = screen.getByRole("dialog", { name: "@bob" });
    fireEvent.change(within(dialog).getByLabelText("Coins"), { target: { value: "149" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "More coins" }));
    expect((within(dialog).getByLabelText("Coins") as HTMLInputElement).value).toBe("150");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls)).toEqual([["/balances/add", { userId: 7, balance: { amount: 50, currency: "COIN" } }]]);
  });

  it("adds +10, +50 and +100 to the counter at once", async () => {
    const calls = await openPunters(5000, { "POST /balances/add": (c) => json(c.body) });
    fireEvent.click(screen.getByText("@bob"));
    const dialog = screen.getByRole("dialog", { name: "@bob" });
    const counter = within(dialog).getByLabelText("Coins") as HTMLInputElement;
    fireEvent.change(counter, { target: { value: "100" } });
    for (const quick of ["+10", "+50", "+100"]) fireEvent.click(within(dialog).getByRole("button", { name: quick }));
    expect(counter.value).toBe("260");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls)).toEqual([["/balances/add", { userId: 7, balance: { amount: 160, currency: "COIN" } }]]);
  });

  it("Save subtracts a decrease and saves a changed note", async () => {
    const calls = await openPunters(5000, {
      "POST /balances/subtract": (c) => json(c.body),
      "POST /balances/addNote": (c) => json(c.body),
    });
    fireEvent.click(screen.getByText("@carol"));
    const dialog = screen.getByRole("dialog", { name: "@carol" });
    fireEvent.change(within(dialog).getByLabelText("Coins"), { target: { value: "0.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Less coins" }));
    expect((within(dialog).getByLabelText("Coins") as HTMLInputElement).value).toBe("0");
    fireEvent.change(within(dialog).getByPlaceholderText("Any text about punter/user"), {
      target: { value: "owes 20" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls)).toEqual([
      // The move carries the dialog's note for the book's audit log.
      ["/balances/subtract", { userId: 8, balance: { amount: 20.5, currency: "COIN" }, note: "owes 20" }],
      ["/balances/addNote", { userId: 8, note: "owes 20" }],
    ]);
  });

  it("keeps a saved note on this device: the list shows it at once, and still when the API refused it", async () => {
    await openPunters(5000, {
      "POST /balances/addNote": () => errorBody(409, "CONFLICT", "Not now."),
    });
    fireEvent.click(screen.getByText("@carol"));
    const dialog = screen.getByRole("dialog", { name: "@carol" });
    fireEvent.change(within(dialog).getByPlaceholderText("Any text about punter/user"), {
      target: { value: "owes 20" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("owes 20", { selector: ".bk-punter span" })).toBeTruthy();
    fireEvent.click(within(screen.getByRole("dialog", { name: "@carol" })).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The API still says "pays cash": this device shows, and offers again, the note he wrote.
    expect(screen.getByText("owes 20")).toBeTruthy();
    expect(screen.queryByText("pays cash")).toBeNull();
    expect(JSON.parse(localStorage.getItem("notes")!).state.byUser).toEqual({
      8: { note: "owes 20", over: "pays cash" },
    });
    fireEvent.click(screen.getByText("@carol"));
    const again = screen.getByRole("dialog", { name: "@carol" });
    expect((within(again).getByPlaceholderText("Any text about punter/user") as HTMLInputElement).value).toBe(
      "owes 20",
    );
  });

  it("drops this device's note once the API's note moves on from the one it was written over", () => {
    useNotes.getState().keep(8, "owes 20", "pays cash");
    expect(shownNote(useNotes.getState().byUser[8], "pays cash")).toBe("owes 20");
    useNotes.getState().settle([{ userId: 8, note: "owes 20" }]);
    expect(useNotes.getState().byUser).toEqual({});
    expect(shownNote(useNotes.getState().byUser[8], "owes 20")).toBe("owes 20");
  });

  it("shows a punter's limits, the book's defaults as placeholders, and saves changed ones", async () => {
    const calls = await openPunters(5000, {
      "GET /balances": () =>
        json({
          ...book(5000),
          limits: { maxStake: 50, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
          punters: [{ ...book(5000).punters[0], limits: { maxStake: null, maxPayoutPerEvent: 500 } }],
        }),
      "PUT /balances/limits": (c) => json(c.body),
    });
    fireEvent.click(screen.getByText("@bob"));
    const dialog = screen.getByRole("dialog", { name: "@bob" });
    const stake = within(dialog).getByLabelText("Max stake") as HTMLInputElement;
    const payout = within(dialog).getByLabelText("Max payout per event") as HTMLInputElement;
    expect([stake.value, stake.placeholder]).toEqual(["", "Book default: 50"]);
    expect([payout.value, payout.placeholder]).toEqual(["500", "No limit"]);
    fireEvent.change(stake, { target: { value: "20" } });
    fireEvent.change(payout, { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PUT").map((c) => [c.path, c.body])).toEqual([
      ["/balances/limits", { userId: 7, maxStake: 20, maxPayoutPerEvent: null }],
    ]);
  });

  it("refuses a limit that is not coins above 0, and sends nothing", async () => {
    const calls = await openPunters();
    fireEvent.click(screen.getByText("@bob"));
    const dialog = screen.getByRole("dialog", { name: "@bob" });
    fireEvent.change(within(dialog).getByLabelText("Max stake"), { target: { value: "0" } });
    expect(within(dialog).getByLabelText("Max stake").getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "A limit is coins above 0, with 2 decimals at most, or empty.",
    );
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("leaves limits alone when they did not change", async () => {
    const calls = await openPunters(5000, { "POST /balances/addNote": (c) => json(c.body) });
    fireEvent.click(screen.getByText("@bob"));
    const dialog = screen.getByRole("dialog", { name: "@bob" });
    fireEvent.change(within(dialog).getByPlaceholderText("Any text about punter/user"), { target: { value: "x" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("History goes to the punter's history with his userId", async () => {
    await openPunters();
    fireEvent.click(screen.getByText("@bob"));
    fireEvent.click(screen.getByRole("button", { name: "History" }));
    expect(window.location.pathname).toBe("/historyofuser/bob");
    expect(window.history.state).toEqual({ userId: 7 });
  });

  it("says the balance is low below 1,000 coins and offers to buy more", async () => {
    await openPunters(999);
    const dialog = await screen.findByRole("dialog", { name: "Your balance is low" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Buy Coins" }));
    expect(window.location.pathname).toBe("/marketpage");
  });
});
