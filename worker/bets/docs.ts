import { doc } from "../lib/route-doc";
import { Bet, Bets } from "./answers";

export const place = doc({
  tag: "Betting",
  summary: "Place a bet",
  description:
    "Stakes `amount` coins of the caller's balance with the book on one outcome, at the odds he was shown (`coefficient`): refused if they moved (ODDS_CHANGED, with the odds now), if the event takes no bets, if he has a bet on the outcome already, or if it would pass the book's max payout on any result or the caller's limits, his max stake or his max payout on the event (LIMIT_EXCEEDED, naming the limit, with the most it takes). With `eachWay`, `amount` is the stake of each part: a WIN and a PLACE row are struck together and twice `amount` is staked (EACH_WAY_UNAVAILABLE on an event without terms). Answers 201 with the bet (an each-way bet's WIN row).",
  answer: Bet,
  status: 201,
  errors: [
    "NOT_FOUND",
    "FORBIDDEN",
    "EVENT_NOT_OPEN",
    "BET_EXISTS",
    "ODDS_CHANGED",
    "LIMIT_EXCEEDED",
    "EACH_WAY_UNAVAILABLE",
    "SP_UNAVAILABLE",
    "INSUFFICIENT_COINS",
    "UNAVAILABLE",
  ],
  idempotent: true,
});

export const history = doc({
  tag: "Betting",
  summary: "Bets with a book",
  description:
    "The caller's bets with this book, newest first, placed in the last `days` (at most and by default 15). The bookmaker may ask for one of his punters' (`userId`), over 30 days at most. With or without a trailing slash.",
  answer: Bets,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});
