import * as v from "valibot";
import { PositiveCoins } from "../lib/money";
import { en } from "../lib/words";

// The bodies of the limits calls, in a module of their own: the mini-app types its calls by them.

/** A limit as sent: coins (2 decimals at most, above 0), or null for none. */
const Limit = v.union([v.null(), PositiveCoins], en("Must be a number or null."));

export const BookLimitsBody = v.object({
  maxStake: Limit,
  maxPayoutPerEvent: Limit,
  /** null: the default of 10,000 coins. */
  maxMultiplesPayout: Limit,
});

export const PunterLimitsBody = v.object({
  userId: v.pipe(
    v.number(en("Must be a user id.")),
    v.safeInteger(en("Must be a user id.")),
    v.minValue(1, en("Must be a user id.")),
  ),
  maxStake: Limit,
  maxPayoutPerEvent: Limit,
});
