import type { Odds } from "../../common/odds";

// A bet as the routes hand it to an event's room, and the limits the room holds it to.

/** What one punter's accepted bets on one outcome pay: should it win (each-way pairs whole), and should it only be placed. */
export interface OwnShare {
  winCents: number;
  placeCents: number;
}

/**
 * The limits on one punter's bets (docs/rules/limits.md, "Limits"), in cents: his own, else the
 * book's defaults; null = none. `maxStakeCents` caps what one bet stakes (both parts of an each-way
 * bet), `maxPayoutCents` what his bets on one event may pay on its worst result.
 */
export interface PunterCaps {
  maxStakeCents: number | null;
  maxPayoutCents: number | null;
}

export const NO_CAPS: PunterCaps = { maxStakeCents: null, maxPayoutCents: null };

/** A bet the room placed, as the bets folder answers it (bets/answer.ts). */
export type { PlacedBet } from "../bets/answer";

export interface BetRequest {
  userId: number;
  bookmakerId: number;
  itemId: number;
  /** The stake, per part for an each-way bet (twice this is staked). */
  stakeCents: number;
  /** The odds the punter was shown; null for a bet at SP. */
  coefficient: number | null;
  /** At the starting price (the event must take SP bets). */
  atSp?: boolean;
  /** An each-way bet: a win and a place part, struck together. */
  eachWay?: boolean;
  /**
   * The call's Idempotency-Key, its request's hash and the ref a rebuild reads (the bet route
   * names it, bets/replay.ts reads it back): the key's row is written DONE with the bet's answer
   * in the bet's own batch (events/room/bet-group.ts).
   */
  idempotency?: { key: string; ref: string; hash: string };
  /**
   * A counter bet (counter/): `userId` is its ticket's own user, new to the book; the bet is
   * struck within the book's limits rather than a member's, and its Idempotency-Key is the
   * member's of staff who took it.
   */
  counter?: { code: string; takenBy: { userId: number; username: string } };
  /**
   * A price request's offer taken (price-requests/): struck at its odds, past the punter's limits
   * and the event's max payout; its take is guarded in the bet's batch (the offer still stands).
   */
  offer?: { requestId: number; odds: Odds };
}

/** What a price request asks (price-requests/asking.ts): checked by the room as the bet it would be. */
export interface PriceAsk {
  userId: number;
  bookmakerId: number;
  itemId: number;
  stakeCents: number;
  odds: Odds;
  eachWay: boolean;
}
