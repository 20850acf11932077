import { Bet } from "../bets/answers";
import { doc } from "../lib/route-doc";
import { PriceRequest, PriceRequests } from "./answers";

export const ask = doc({
  tag: "Price requests",
  summary: "Ask the book for a bet it would refuse",
  description:
    "A punter of the book asks for what POST /bets would refuse: a stake over his max stake (or over what the outcome's room under the max payout takes), or odds longer than those offered (a rung of the ladder). Checked by the event's room as the bet would be at the odds now: a bet the box would take as asked is 409 PRICE_REQUEST_NOT_NEEDED, any other refusal (the event not taking bets, the outcome withdrawn, a bet on it already) is the bet's. He needs the coins the bet would stake (nothing is held while he waits); one open request per punter and outcome. Written with its audit row (PRICE_REQUEST); the owner and each manager get the bot's message with Accept, Counter and Decline. It waits 5 minutes at most, and only while its event takes bets.",
  answer: PriceRequest,
  status: 201,
  errors: [
    "NOT_FOUND",
    "FORBIDDEN",
    "EVENT_NOT_OPEN",
    "BET_EXISTS",
    "EACH_WAY_UNAVAILABLE",
    "PRICE_REQUEST_NOT_NEEDED",
    "PRICE_REQUEST_OPEN",
    "INSUFFICIENT_COINS",
  ],
});

export const list = doc({
  tag: "Price requests",
  summary: "Price requests",
  description:
    "Newest first, at most 200: the whole book's for its owner and managers, else the caller's own in every book; `eventId` and `status` narrow them. Requests found overdue are expired first.",
  answer: PriceRequests,
});

export const answer = doc({
  tag: "Price requests",
  summary: "Answer a price request",
  description:
    "The book's owner or a manager answers a waiting request: ACCEPT offers what was asked; COUNTER offers `amount` (at most the stake asked) and/or `coefficient` (a rung of the ladder), the rest as asked; DECLINE ends it. An offer stands 60 s (`offer.expiresAt`). One answer wins: a request answered already, or expired, is 409 naming who answered. Written with its audit row; every copy of the bot's message to the book is edited to say who answered what, and the punter is told.",
  answer: PriceRequest,
  errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
});

export const take = doc({
  tag: "Price requests",
  summary: "Take the book's offer",
  description:
    "The punter who asked strikes the offer's bet through the event's room like any bet (Rule 4 and the audit row naming the request), at the offer's stake and odds, whatever the odds now, past his own limits and the event's max payout, since the book chose it. The offer must still stand when the bet is written (checked in its batch). Answers 201 with the bet, as POST /bets does.",
  answer: Bet,
  status: 201,
  errors: [
    "NOT_FOUND",
    "OFFER_EXPIRED",
    "ALREADY_TAKEN",
    "EVENT_NOT_OPEN",
    "BET_EXISTS",
    "INSUFFICIENT_COINS",
    "UNAVAILABLE",
  ],
  idempotent: true,
});
