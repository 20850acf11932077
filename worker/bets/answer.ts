import type { PlaceTerms } from "../../common/each-way";
import { decimalText, type Odds } from "../../common/odds";
import type { Bet, Ticket } from "../contract";
import { money } from "../lib/money";

// A placed bet's answer: what the room's desk hands back and the bets' batch keeps under the
// call's Idempotency-Key, so a retry replays the same words (bets/replay.ts rebuilds it from D1).

/** A bet the room placed (events/room/bet-desk.ts), before it is worded as the API's answer. */
export interface PlacedBet {
  betId: number;
  eventId: number;
  eventItemId: number;
  userId: number;
  stakeCents: number;
  odds: Odds;
  createdAt: string;
  eventTitle: string;
  eventDescription: string;
  outcomeTitle: string;
  /** An each-way bet's place terms when struck (they may change with a non-runner); null for a win bet. */
  placeTerms: PlaceTerms | null;
  /** At SP: `odds` is the outcome's price now, which limits count until the result. */
  atSp: boolean;
}

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

/** A counter bet's ticket as POST /counter/bets answers it: open, paying nothing yet. */
export const placedToTicket = (
  p: PlacedBet,
  t: { code: string; bookmakerId: number; takenBy: { userId: number; username: string } },
): Ticket => ({
  code: t.code,
  bookmakerId: t.bookmakerId,
  eventId: p.eventId,
  bet: placedToBet(p),
  status: "OPEN",
  returns: 0,
  paidAt: null,
  takenBy: t.takenBy,
});

/** The ticket's 201 as its text, kept under the call's Idempotency-Key by the bet's batch. */
export const ticketAnswerText = (p: PlacedBet, t: Parameters<typeof placedToTicket>[1]) =>
  JSON.stringify(placedToTicket(p, t));
