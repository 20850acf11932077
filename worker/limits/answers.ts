import * as v from "valibot";
import { Coins } from "../lib/wire";

// What limits/routes.ts answers; the book's balances (ledger/answers.ts) carry them too.

const Limit = v.nullable(Coins);

export const PunterLimits = v.object({
  maxStake: v.pipe(
    Limit,
    v.description("The most one bet stakes (both parts of an each-way bet); null: the book's default."),
  ),
  maxPayoutPerEvent: v.pipe(
    Limit,
    v.description("The most his bets on one event may pay on its worst result; null: the book's default."),
  ),
});

export const BookLimits = v.object({
  maxStake: v.pipe(Limit, v.description("Each punter's max stake unless he has his own; null: none.")),
  maxPayoutPerEvent: v.pipe(
    Limit,
    v.description("Each punter's max payout per event unless he has his own; null: none."),
  ),
  maxMultiplesPayout: v.pipe(
    Coins,
    v.description("What the book's open multiples may pay at most, added up (default 10,000)."),
  ),
});
