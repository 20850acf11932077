import * as v from "valibot";
import { PositiveCoins } from "../lib/money";
import { en } from "../lib/words";

/** A single bet's body (POST /bets): the room checks it against the event as it is now. */
export const BetBody = v.object({
  requestId: v.optional(v.unknown()),
  bookmakerId: v.pipe(v.number(en("Must be a bookmaker id.")), v.safeInteger(en("Must be a bookmaker id."))),
  eventId: v.pipe(v.number(en("Must be an event id.")), v.safeInteger(en("Must be an event id."))),
  eventItemId: v.pipe(v.number(en("Must be an outcome id.")), v.safeInteger(en("Must be an outcome id."))),
  amount: PositiveCoins,
  coefficient: v.pipe(v.number(en("Odds must be a number.")), v.finite(en("Odds must be a number."))),
  /** Each-way: `amount` is the stake of each part, twice it is staked. */
  eachWay: v.optional(v.boolean(en("Must be true or false.")), false),
});
