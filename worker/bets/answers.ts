import * as v from "valibot";
import { Money } from "../lib/answers";
import { Coins, Deduction, Id, Instant } from "../lib/wire";

// What bets/routes.ts answers; an outcome's status is here as a bet answers it (events/ imports it).

export const OutcomeStatus = v.picklist(["ACTIVE", "NR", "WINNER", "LOSER"]);

export const BetStatus = v.picklist(["ACCEPTED", "WON", "LOST", "CANCELLED", "CASHED_OUT"]);

export const Bet = v.object({
  betId: Id,
  eventId: Id,
  eventItemId: Id,
  userId: Id,
  coefficient: v.number(),
  betsDate: Instant,
  status: BetStatus,
  money: Money,
  payout: v.pipe(
    Coins,
    v.description(
      "What it paid (WON), refunded (CANCELLED) or was cashed out for (CASHED_OUT: on an each-way bet's WIN row, the whole bet's); 0 otherwise.",
    ),
  ),
  deduction: Deduction,
  deadHeat: v.pipe(v.number(), v.integer(), v.description("The winners it shared first place with (1: none).")),
  outcomeStatus: v.pipe(
    OutcomeStatus,
    v.description("Its outcome's status: a refund on an NR outcome is a non-runner's, not an abandoned event's."),
  ),
  eventTitle: v.string(),
  eventDescription: v.string(),
  outcomeTitle: v.string(),
  eachWay: v.pipe(v.boolean(), v.description("Part of an each-way bet (two rows, WIN and PLACE).")),
  part: v.picklist(["WIN", "PLACE"]),
  eachWayOf: v.pipe(v.nullable(Id), v.description("Both parts of an each-way bet name its WIN row.")),
  placeTerms: v.pipe(
    v.nullable(v.object({ places: v.number(), fraction: v.number() })),
    v.description("An each-way bet's place terms: as struck, then as settled."),
  ),
  atSp: v.pipe(
    v.boolean(),
    v.description(
      "Struck at SP: `coefficient` is its outcome's price now (what limits count) until the result, then its SP.",
    ),
  ),
  sp: v.pipe(
    v.nullable(v.number()),
    v.description("Its outcome's starting price, once settled; null before, or without SP."),
  ),
  paidAtSp: v.pipe(
    v.boolean(),
    v.description("Won and paid at `sp`: a bet at SP, or a BOG bet whose SP returned more than its price."),
  ),
});

export const Bets = v.array(Bet);
