import { doc } from "../lib/route-doc";
import { Multiple, Multiples } from "./answers";

export const place = doc({
  tag: "Betting",
  summary: "Place a multiple or full-cover bet",
  description:
    "Stakes `amount` coins per line on a multiple over 2–8 legs, each an outcome of a different event of the book at the odds the punter was shown: DOUBLE (2 legs), TREBLE (3), ACCUMULATOR (4–8), TRIXIE (3 legs, 4 lines), PATENT (3, 7), YANKEE (4, 11), LUCKY15 (4, 15). Lines × amount is debited once. Refused naming the leg (`legs.N`) when its event takes no bets or its odds moved (ODDS_CHANGED, with the odds now), and LIMIT_EXCEEDED when the book's open multiples would owe more than its max multiples payout. Each leg settles with its event; the multiple is paid when its last leg settles. Answers 201 with the multiple.",
  answer: Multiple,
  status: 201,
  errors: [
    "NOT_FOUND",
    "FORBIDDEN",
    "EVENT_NOT_OPEN",
    "ODDS_CHANGED",
    "LIMIT_EXCEEDED",
    "SP_UNAVAILABLE",
    "INSUFFICIENT_COINS",
    "CONFLICT",
  ],
  idempotent: true,
});

export const history = doc({
  tag: "Betting",
  summary: "Multiples with a book",
  description:
    "The caller's multiples with this book placed or settled in the last `days` (at most and by default 15), newest first, each with its legs and their results. The bookmaker may ask for one of his punters' (`userId`), over 30 days at most.",
  answer: Multiples,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});
