import { decimalText } from "../../../common/odds";
import type { Bet } from "../../contract";
import { money } from "../../lib/money";
import type { PlacedBet } from "../state";

/** A bet the room has just placed, as POST /bets answers it. */
export const placedToBet = (p: PlacedBet): Bet => ({
  betId: p.betId,
  eventId: p.eventId,
  eventItemId: p.eventItemId,
  userId: p.userId,
  coefficient: decimalText(p.odds),
  betsDate: p.createdAt,
  status: "ACCEPTED",
  money: money(p.stakeCents),
  payout: 0,
  eventTitle: p.eventTitle,
  eventDescription: p.eventDescription,
  outcomeTitle: p.outcomeTitle,
  deduction: 0,
  deadHeat: 1,
  outcomeStatus: "ACTIVE",
  eachWay: p.placeTerms !== null,
  part: "WIN",
  eachWayOf: p.placeTerms === null ? null : p.betId,
  placeTerms: p.placeTerms,
  atSp: p.atSp,
  sp: null,
  paidAtSp: false,
});

/** A placed bet's 201 as its text: the route answers it, and a bet's batch keeps it under the call's Idempotency-Key. */
export const betAnswerText = (p: PlacedBet) => JSON.stringify(placedToBet(p));
