import { fireEvent, screen, within } from "@testing-library/react";
import type { Bet, PlayerEvent } from "@worker/contract";
import { json, stubApi, type RecordedCall } from "./network";
import { bookmakerSub, golden, playerEvent, playerItem, punterRoutes } from "./punter";
import { renderApp } from "./render";
import { installTelegram } from "./telegram";

// The punter's events screen as the API feeds it, for the events screen's and the bet dialog's
// tests (the fixtures themselves are test/punter.ts's, shared with the slip's tests).

export { bookmakerSub, golden };
export const HOUR = 3_600_000;
export const item = playerItem;
export const event = playerEvent;

export async function openEvents(
  events: PlayerEvent[],
  {
    coins = 300,
    bets = {} as Record<number, () => Response>,
    myBets = [] as Bet[],
    routes = {} as Record<string, () => Response>,
  } = {},
) {
  installTelegram();
  const calls = stubApi({
    ...punterRoutes(() => events, coins),
    "GET /bets/5/": () => json(myBets),
    "POST /bets": (call) => (bets[(call.body as { eventItemId: number }).eventItemId] ?? (() => json({}, 201)))(),
    ...routes,
  });
  renderApp("/events/5");
  await screen.findByRole("heading", { name: "GoldenBooks" });
  return calls;
}

/** Picks a stake choice for an outcome in the open bet dialog. */
export function choose(outcome: string, label: string) {
  fireEvent.click(screen.getByRole("button", { name: new RegExp(`^Bet on ${outcome}:`) }));
  const menu = screen.getByRole("listbox", { name: `Stake on ${outcome}` });
  fireEvent.click(within(menu).getByRole("option", { name: new RegExp(`^${label.replace("/", "\\/")}`) }));
}

export const betPosts = (calls: RecordedCall[]) => calls.filter((c) => c.method === "POST" && c.path === "/bets");
