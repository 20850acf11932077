import type { Bet } from "@worker/contract";

/** An open win bet of 1,234.56 at 2.5 on Red Rum (Horse Racing / Ireland, Leopardstown), as the API answers it; `extra` overrides. */
export const aBet = (betId: number, extra: Partial<Bet> = {}): Bet => ({
  betId,
  eventId: 70,
  eventItemId: 701,
  userId: 42,
  coefficient: 2.5,
  betsDate: new Date(2026, 4, 3, 9, 5, 7).toISOString(),
  status: "ACCEPTED",
  money: { amount: 1234.56, currency: "COIN" },
  payout: 0,
  eventTitle: "Horse Racing / Ireland",
  eventDescription: "Leopardstown",
  outcomeTitle: "Red Rum",
  deduction: 0,
  deadHeat: 1,
  outcomeStatus: "ACTIVE",
  eachWay: false,
  part: "WIN",
  eachWayOf: null,
  placeTerms: null,
  atSp: false,
  sp: null,
  paidAtSp: false,
  ...extra,
});
