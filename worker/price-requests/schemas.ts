import * as v from "valibot";
import { ladderOdds } from "../../common/odds";
import { PositiveCoins } from "../lib/money";
import { IdParam } from "../lib/validate";
import { en } from "../lib/words";

// The bodies and queries of price-requests/routes.ts.

const ODDS_MESSAGE = en("Odds must be a number.");
/** Decimal odds that are a rung of the ladder (common/odds.ts), as every price is. */
const Odds = v.pipe(
  v.number(ODDS_MESSAGE),
  v.finite(ODDS_MESSAGE),
  v.check((d) => ladderOdds(d) !== undefined, en("Odds must be on the ladder.")),
);
/** A positive id; `message` is a marked text (en("…")). */
const anId = (message: string) => v.pipe(v.number(message), v.safeInteger(message), v.minValue(1, message));

/** POST /price-requests: what POST /bets would refuse, asked of the book instead. */
export const PriceRequestBody = v.object({
  bookmakerId: anId(en("Must be a bookmaker id.")),
  eventId: anId(en("Must be an event id.")),
  eventItemId: anId(en("Must be an outcome id.")),
  amount: PositiveCoins,
  coefficient: Odds,
  /** Each-way: `amount` is the stake of each part, as for a bet. */
  eachWay: v.optional(v.boolean(en("Must be true or false.")), false),
});

export const PriceRequestQuery = v.object({
  eventId: v.optional(IdParam),
  status: v.optional(
    v.picklist(["PENDING", "OFFERED", "DECLINED", "TAKEN", "EXPIRED"], en("Must be a price request's status.")),
  ),
});

/** POST /price-requests/{id}/answer: ACCEPT offers what was asked; COUNTER less stake and/or another price. */
export const AnswerBody = v.pipe(
  v.object({
    action: v.picklist(["ACCEPT", "COUNTER", "DECLINE"], en("Must be ACCEPT, COUNTER or DECLINE.")),
    amount: v.optional(PositiveCoins),
    coefficient: v.optional(Odds),
  }),
  v.forward(
    v.check(
      (b) => b.action !== "COUNTER" || b.amount !== undefined || b.coefficient !== undefined,
      en("A counter offer names an amount or odds."),
    ),
    ["amount"],
  ),
  v.forward(
    v.check(
      (b) => b.action === "COUNTER" || (b.amount === undefined && b.coefficient === undefined),
      en("Only a counter offer names an amount or odds."),
    ),
    ["action"],
  ),
);

export type PriceRequestBody = v.InferOutput<typeof PriceRequestBody>;
export type AnswerBody = v.InferOutput<typeof AnswerBody>;
