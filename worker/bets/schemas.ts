import * as v from "valibot";
import { PositiveCoins } from "../lib/money";
import { en } from "../lib/words";

const ODDS_MESSAGE = en("Odds must be a number.");

/**
 * A single bet's body (POST /bets): the room checks it against the event as it is now. A bet at
 * the price shown sends its `coefficient`; a bet at SP sends `atSp: true` and no coefficient.
 */
export const BetBody = v.pipe(
  v.object({
    requestId: v.optional(v.unknown()),
    bookmakerId: v.pipe(v.number(en("Must be a bookmaker id.")), v.safeInteger(en("Must be a bookmaker id."))),
    eventId: v.pipe(v.number(en("Must be an event id.")), v.safeInteger(en("Must be an event id."))),
    eventItemId: v.pipe(v.number(en("Must be an outcome id.")), v.safeInteger(en("Must be an outcome id."))),
    amount: PositiveCoins,
    coefficient: v.optional(v.pipe(v.number(ODDS_MESSAGE), v.finite(ODDS_MESSAGE))),
    /** Each-way: `amount` is the stake of each part, twice it is staked. */
    eachWay: v.optional(v.boolean(en("Must be true or false.")), false),
    /** At the starting price: no odds now, paid at the runner's SP. */
    atSp: v.optional(v.boolean(en("Must be true or false.")), false),
  }),
  v.forward(
    v.check((b) => !b.atSp || b.coefficient === undefined, en("A bet at SP takes no odds.")),
    ["coefficient"],
  ),
  v.forward(
    v.check((b) => b.atSp || b.coefficient !== undefined, ODDS_MESSAGE),
    ["coefficient"],
  ),
);
