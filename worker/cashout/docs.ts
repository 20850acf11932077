import { Bet } from "../bets/answers";
import { doc } from "../lib/route-doc";
import { Multiple } from "../multiples/answers";
import { CashOutOffer, CashOutOffers, CashOutSetting } from "./answers";

const VALUE =
  "The value is what the bet would return were its selections to win now at the prices struck (less the Rule 4 deductions known), over the prices now, less the book's margin, rounded down to the cent once: an each-way bet as its two parts, a multiple line by line (won legs at their factor, void 1, lost 0). Every price is the bookmaker's own, never the equalizer's: now is his price, a price struck above his price of that moment counts at his, and a bet at SP at his price now, so a bet is never worth more than its stake less the margin until the book itself moves.";

export const getSetting = doc({
  tag: "Bookmakers",
  summary: "The book's cash-out setting",
  description: "Whether the book offers cash out and the margin it keeps. Only its bookmaker may.",
  answer: CashOutSetting,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const setSetting = doc({
  tag: "Bookmakers",
  summary: "Set the book's cash out",
  description:
    "Cash out on or off for the book's punters (off by default) and the margin kept, 0 to 0.5 with 2 decimals (0.05 by default). Only its bookmaker may; written with its audit row, and in force for the next cash-out before this answers. Answers the setting as saved.",
  answer: CashOutSetting,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const offers = doc({
  tag: "Betting",
  summary: "Cash-out offers for the caller's open bets",
  description: `Every open single (an each-way bet once, by its WIN row) and multiple of the caller's with this book, each with its value now and the price it was worked out at, or the reason there is none (\`reason\`, and \`message\` in his words). ${VALUE} The ETag changes only when an offer does.`,
  answer: CashOutOffers,
  errors: [],
});

export const betOffer = doc({
  tag: "Betting",
  summary: "A bet's cash-out value",
  description: `What the caller's bet (either row of an each-way bet) can be cashed out for now. ${VALUE} Offered while the book has cash out on, the bet is open, its event takes bets (before its start) and its outcome runs; else CASH_OUT_UNAVAILABLE with \`reason\`.`,
  answer: CashOutOffer,
  errors: ["NOT_FOUND", "CASH_OUT_UNAVAILABLE"],
});

export const cashOutBet = doc({
  tag: "Betting",
  summary: "Cash out a bet",
  description:
    "Settles the caller's bet now at `value`, the value he was shown (an each-way bet whole). Its event's room works the value out again: another value is refused (CASH_OUT_CHANGED, with `value` now), as is a bet with no offer (CASH_OUT_UNAVAILABLE). Paid as a settlement pays, in one batch with its audit row; final: no later non-runner, result, abandonment or undo touches it. Answers the bet, status CASHED_OUT, `payout` the value.",
  answer: Bet,
  errors: ["NOT_FOUND", "CASH_OUT_UNAVAILABLE", "CASH_OUT_CHANGED", "UNAVAILABLE"],
  idempotent: true,
});

export const multipleOffer = doc({
  tag: "Betting",
  summary: "A multiple's cash-out value",
  description: `What the caller's multiple can be cashed out for now. ${VALUE} Offered while the book has cash out on, the multiple is open, and each open leg's event takes bets and its outcome runs; else CASH_OUT_UNAVAILABLE with \`reason\`.`,
  answer: CashOutOffer,
  errors: ["NOT_FOUND", "CASH_OUT_UNAVAILABLE"],
});

export const cashOutMultiple = doc({
  tag: "Betting",
  summary: "Cash out a multiple",
  description:
    "Settles the caller's multiple now at `value`, the value he was shown, in one guarded batch over its legs' prices now: another value is refused (CASH_OUT_CHANGED, with `value` now), as is a multiple with no offer (CASH_OUT_UNAVAILABLE). Final: its legs' later results leave it as it is. Answers the multiple, status CASHED_OUT, `payout` the value.",
  answer: Multiple,
  errors: ["NOT_FOUND", "CASH_OUT_UNAVAILABLE", "CASH_OUT_CHANGED", "CONFLICT", "UNAVAILABLE"],
  idempotent: true,
});
