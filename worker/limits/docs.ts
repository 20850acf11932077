import { doc } from "../lib/route-doc";
import { BookLimits, PunterLimits } from "./answers";

export const book = doc({
  tag: "Bookmakers",
  summary: "Set the book's default limits",
  description:
    "The book's defaults for every punter without limits of his own: `maxStake` (the most one bet stakes) and `maxPayoutPerEvent` (the most his bets on one event pay on its worst result), coins or null for none; and `maxMultiplesPayout`, what the book's open multiples may pay at most, added up (null: the default of 10,000). Only its bookmaker may. In force for the next bet on every open event before this answers (UNAVAILABLE, saved but not yet everywhere: send it again). Answers the limits as saved.",
  answer: BookLimits,
  errors: ["NOT_FOUND", "FORBIDDEN", "UNAVAILABLE"],
});

export const punter = doc({
  tag: "Balances",
  summary: "Set a punter's limits",
  description:
    "One approved punter's own limits: `maxStake` (the most one bet stakes, both parts of an each-way bet) and `maxPayoutPerEvent` (the most his bets on one event pay on its worst result), coins or null for the book's default. Only his bookmaker may. In force for his next bet before this answers (UNAVAILABLE, saved but not yet everywhere: send it again). Answers his limits as saved.",
  answer: PunterLimits,
  errors: ["NOT_FOUND", "FORBIDDEN", "UNAVAILABLE"],
});
