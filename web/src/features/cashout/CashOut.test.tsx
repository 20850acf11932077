import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Bet, CashOutOffers } from "@worker/contract";
import { aBet } from "@/test/bets";
import { errorBody, json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

// Cash out in the punter's history (docs/rules/cash-out.md "Cash out"): the offer under an open bet, the confirm
// with the value and what the bet returns if it wins, a value that moved, and the bet after.

/** His bet of 10 at 5.0 on Red Rum. */
const bet = (extra: Partial<Bet> = {}) =>
  aBet(1, { coefficient: 5, money: { amount: 10, currency: "COIN" }, ...extra });

function openHistory(offers: CashOutOffers, routes: Parameters<typeof stubApi>[0] = {}) {
  installTelegram();
  let cashed = false;
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bets/5/": () => json([cashed ? bet({ status: "CASHED_OUT", payout: 15.83 }) : bet()]),
    "GET /bets/5/multiples": () => json([]),
    "GET /bets/5/cashouts": () => json(cashed ? { bets: [], multiples: [] } : offers),
    "GET /bets/1/cashout": () => json({ betId: 1, value: 15.83, coefficientNow: 3 }),
    "POST /bets/1/cashout": () => {
      cashed = true;
      return json(bet({ status: "CASHED_OUT", payout: 15.83 }));
    },
    ...routes,
  });
  renderApp("/history/5");
  return calls;
}

const row = () => screen.findByRole("rowgroup", { name: "Horse Racing / Ireland, Red Rum" });

describe("cash out in the punter's history", () => {
  it("offers 'Cash out N' under an open bet; the confirm shows the value and the return; after it the bet reads 'Cashed out N'", async () => {
    const calls = openHistory({ bets: [{ betId: 1, value: 15.83, coefficientNow: 3 }], multiples: [] });
    fireEvent.click(await within(await row()).findByRole("button", { name: "Cash out 15.83: Red Rum" }));
    const dialog = await screen.findByRole("dialog", { name: "Cash out" });
    expect(within(dialog).getByText("Cash out now for 15.83")).toBeTruthy();
    expect(within(dialog).getByText("If it wins, the bet returns 50.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cash out" }));
    expect(await within(await row()).findByText("Cashed out 15.83")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const taken = calls.find((c) => c.method === "POST" && c.path === "/bets/1/cashout")!;
    expect(taken.body).toEqual({ value: 15.83 });
    expect(taken.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("asks again at the value now when the value moved", async () => {
    let tries = 0;
    let now = 15.83;
    const calls = openHistory(
      { bets: [{ betId: 1, value: 15.83, coefficientNow: 3 }], multiples: [] },
      {
        "GET /bets/1/cashout": () => json({ betId: 1, value: now, coefficientNow: 3.5 }),
        "POST /bets/1/cashout": () => {
          tries++;
          if (tries === 1) {
            now = 13.57;
            return errorBody(409, "CASH_OUT_CHANGED", "The cash-out value changed to 13.57.");
          }
          return json(bet({ status: "CASHED_OUT", payout: 13.57 }));
        },
      },
    );
    fireEvent.click(await within(await row()).findByRole("button", { name: /^Cash out 15.83/ }));
    const dialog = await screen.findByRole("dialog", { name: "Cash out" });
    await within(dialog).findByText("Cash out now for 15.83");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cash out" }));
    expect(await within(dialog).findByText("The cash-out value changed to 13.57: cash out?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cash out" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posts = calls.filter((c) => c.method === "POST" && c.path === "/bets/1/cashout").map((c) => c.body);
    expect(posts).toEqual([{ value: 15.83 }, { value: 13.57 }]);
  });

  it("says why there is none (an event started)", async () => {
    openHistory({ bets: [{ betId: 1, reason: "STARTED", message: "The event has started" }], multiples: [] });
    expect(await within(await row()).findByText("The event has started")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Cash out/ })).toBeNull();
  });

  it("says nothing under a bet with cash out off, the book's default", async () => {
    // Beside it a bet whose reason shows, so the offers are known to be drawn.
    openHistory(
      {
        bets: [
          { betId: 1, reason: "OFF", message: "Cash out is off for this book" },
          { betId: 2, reason: "STARTED", message: "The event has started" },
        ],
        multiples: [],
      },
      { "GET /bets/5/": () => json([bet(), aBet(2, { outcomeTitle: "Shergar" })]) },
    );
    await screen.findByText("The event has started");
    expect(screen.queryByText("Cash out is off for this book")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Cash out/ })).toBeNull();
  });
});
