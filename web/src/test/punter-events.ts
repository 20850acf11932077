import { fireEvent, screen, within } from "@testing-library/react";
import type { Bet, PlayerEvent, UserSubscription } from "../../../worker/contract";
import { json, stubApi, type RecordedCall } from "./network";
import { renderApp } from "./render";
import { installTelegram } from "./telegram";

// The punter's events screen as the API feeds it, for the events screen's and the bet dialog's tests.

export const HOUR = 3_600_000;
export const item = (
  id: number,
  title: string,
  coefficient: number,
  extra: Partial<PlayerEvent["items"][number]> = {},
) => ({
  id,
  title,
  coefficient,
  fractalCoefficient: null,
  status: "ACTIVE" as const,
  whatIf: 0,
  myStake: 0,
  deduction: 0,
  maxStake: 1000 / coefficient,
  eachWayMaxStake: 0,
  place: null,
  ...extra,
});

export const event = (extra: Partial<PlayerEvent> = {}): PlayerEvent => ({
  eventId: 70,
  title: "Horse Racing / Ireland",
  description: "Leopardstown, 3:15",
  status: "READY_FOR_BETS",
  startDate: new Date(Date.now() + 5 * HOUR).toISOString(),
  endDate: new Date(Date.now() + 6 * HOUR).toISOString(),
  startDate2: null,
  startDate3: null,
  startDate4: null,
  startDate5: null,
  maxTotalPayout: 1000,
  bookmakerId: 5,
  requestId: 33,
  rule4: false,
  deadHeat: false,
  eachWay: null,
  items: [item(701, "Red Rum", 2), item(702, "Shergar", 4), item(703, "Arkle", 5)],
  ...extra,
});

export const golden = {
  bookmakerId: 5,
  bookmakerName: "GoldenBooks",
  terms: "",
  bookmakerJoinDate: null,
  subscribers: 1,
  balance: { amount: 0, currency: "COIN" },
  joinRequestStatus: "APPROVED",
  active: true,
};

export const bookmakerSub: UserSubscription = {
  subscription: { subscriptionType: "BOOKMAKER" },
  active: true,
  endDate: null,
  renewsAt: null,
  renewableFrom: null,
};

export async function openEvents(
  events: PlayerEvent[],
  { coins = 300, bets = {} as Record<number, () => Response>, myBets = [] as Bet[] } = {},
) {
  installTelegram();
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    // The name comes from the list when the navigation state has none (a reload).
    "GET /bookmakers": () => json({ activeBookmakers: [golden], inactiveBookmakers: [] }),
    "GET /player/events/5": () => json(events),
    "GET /balances/5": () => json({ amount: coins, currency: "COIN" }),
    "GET /subscriptions/active/5": () => json([bookmakerSub]),
    "GET /bets/5/": () => json(myBets),
    "POST /bets": (call) => (bets[(call.body as { eventItemId: number }).eventItemId] ?? (() => json({}, 201)))(),
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
