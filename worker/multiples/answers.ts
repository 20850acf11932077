import * as v from "valibot";
import { MULTIPLE_KINDS } from "../../common/multiples";
import { BetStatus } from "../bets/answers";
import { Coins, Id, Instant } from "../lib/wire";

// What multiples/routes.ts answers; a multiple cashed out is answered by cashout/ too.

export const LegResult = v.picklist(["PENDING", "WON", "LOST", "VOID"]);

export const Multiple = v.object({
  multipleId: Id,
  kind: v.picklist(MULTIPLE_KINDS),
  amount: v.pipe(Coins, v.description("The stake per line.")),
  lines: v.pipe(v.number(), v.integer()),
  staked: v.pipe(Coins, v.description("lines × amount, debited once.")),
  status: BetStatus,
  legs: v.array(
    v.object({
      eventId: Id,
      eventItemId: Id,
      eventTitle: v.string(),
      eventDescription: v.string(),
      outcomeTitle: v.string(),
      coefficient: v.pipe(
        v.number(),
        v.description("The odds struck; at SP, its runner's price now, then its SP once settled."),
      ),
      atSp: v.pipe(v.boolean(), v.description('Struck at SP (`coefficient: "SP"`).')),
      result: LegResult,
      factor: v.pipe(
        v.nullable(v.number()),
        v.description("WON: its odds less Rule 4 over a dead heat; VOID 1; LOST 0; null while PENDING."),
      ),
    }),
  ),
  potentialPayout: v.pipe(Coins, v.description("Every line winning at the odds struck.")),
  payout: v.pipe(
    Coins,
    v.description("What it paid (WON), refunded (CANCELLED) or was cashed out for (CASHED_OUT); 0 otherwise."),
  ),
  createdAt: Instant,
  settledAt: v.nullable(Instant),
});

export const Multiples = v.array(Multiple);
