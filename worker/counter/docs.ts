import { doc } from "../lib/route-doc";
import { Ticket, Tickets } from "./answers";

export const take = doc({
  tag: "Counter",
  summary: "Take a counter bet",
  description:
    "A bet taken at the pitch for cash (the book's owner, a manager or a clerk): struck by the event's room like a punter's bet (its odds, the book's max stake and max payout on an event, the event's max payout, each-way with `eachWay`, SP with `atSp`), for a ticket of its own. Its stake is cash taken (CASH_IN), staked as a punter's coins are. Answers 201 with the ticket: its code, OPEN.",
  answer: Ticket,
  status: 201,
  errors: [
    "NOT_FOUND",
    "FORBIDDEN",
    "EVENT_NOT_OPEN",
    "ODDS_CHANGED",
    "LIMIT_EXCEEDED",
    "EACH_WAY_UNAVAILABLE",
    "SP_UNAVAILABLE",
    "UNAVAILABLE",
  ],
  idempotent: true,
});

export const list = doc({
  tag: "Counter",
  summary: "An event's tickets",
  description:
    "The counter's tickets on one of the book's events, newest first; with `status`, those of that status only.",
  answer: Tickets,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const check = doc({
  tag: "Counter",
  summary: "Check a ticket",
  description:
    "The book's ticket of this code (as typed or scanned: any case, spaces and dashes dropped): its bet, status and what it pays. Another book's ticket is not found. Lookups count against the caller's own rate limit, so codes cannot be tried in bulk.",
  answer: Ticket,
  errors: ["NOT_FOUND", "FORBIDDEN", "RATE_LIMITED"],
});

export const pay = doc({
  tag: "Counter",
  summary: "Pay a ticket",
  description:
    "Pays a WON or VOID ticket out once: its returns leave the ticket into the book's CASH account (CASH_PAID) and it is marked paid, in one batch. A paid ticket is refused (ALREADY_PAID, with `paidAt`), as is an open or lost one (CONFLICT); a refusal writes nothing. Counts against the caller's ticket rate limit. Answers the ticket, PAID.",
  answer: Ticket,
  errors: ["NOT_FOUND", "FORBIDDEN", "ALREADY_PAID", "CONFLICT", "RATE_LIMITED"],
});
