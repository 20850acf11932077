import type { PlayerEvent, PlayerOutcome, UserSubscription } from "@worker/contract";
import { json } from "./network";

// A punter's view of bookmaker 5 (GoldenBooks), as the API answers it, for the events screen's tests.

const HOUR = 3_600_000;

export const playerItem = (
  id: number,
  title: string,
  coefficient: number,
  extra: Partial<PlayerOutcome> = {},
): PlayerOutcome => ({
  id,
  title,
  coefficient,
  fractalCoefficient: null,
  status: "ACTIVE",
  whatIf: 0,
  myStake: 0,
  deduction: 0,
  maxStake: 1000 / coefficient,
  eachWayMaxStake: 0,
  place: null,
  sp: null,
  ...extra,
});

/** An event of the book open for bets, starting in 5 hours. */
export const playerEvent = (extra: Partial<PlayerEvent> = {}): PlayerEvent => ({
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
  sp: false,
  bog: false,
  eachWay: null,
  items: [playerItem(701, "Red Rum", 2), playerItem(702, "Shergar", 4), playerItem(703, "Arkle", 5)],
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

/** What the events screen reads at start: the session, the book in his list, its events, his coins, its subscriptions. */
export const punterRoutes = (events: () => PlayerEvent[], coins: number) => ({
  "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
  // The name comes from the list when the navigation state has none (a reload).
  "GET /bookmakers": () => json({ activeBookmakers: [golden], inactiveBookmakers: [] }),
  "GET /player/events/5": () => json(events()),
  "GET /balances/5": () => json({ amount: coins, currency: "COIN" }),
  "GET /subscriptions/active/5": () => json([bookmakerSub]),
});
