import { DownloadLink } from "../lib/answers";
import { doc } from "../lib/route-doc";
import { DailyFigures, Figure, Figures, Statement } from "./answers";

// A period is `from` and `to` (dates YYYY-MM-DD, inclusive, at most 366 days) in the time zone
// `tz` (IANA, default UTC), or neither for this week, Monday to Sunday.

export const figures = doc({
  tag: "Figures",
  summary: "The book's figures for a period",
  description:
    "Each punter's coins over the period (opening, added, withdrawn, staked, returned, net, closing, open stakes), their totals and the book's side (staked, paid out, refunded, hold, open liability). `from` and `to` (dates, inclusive) in `tz`, or neither for this week.",
  answer: Figures,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const figuresCsv = doc({
  tag: "Figures",
  summary: "The book's figures as CSV",
  description:
    "GET /figures as a CSV download. Takes the session header, or instead the `ticket` of a link from GET /figures/link/figures.",
  answer: "text/csv",
  caller: "download",
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const ledgerCsv = doc({
  tag: "Figures",
  summary: "The book's ledger as CSV",
  description:
    "The book's coin movements over the period as a CSV download. Takes the session header, or instead the `ticket` of a link from GET /figures/link/ledger.",
  answer: "text/csv",
  caller: "download",
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const link = doc({
  tag: "Figures",
  summary: "A download link for a CSV",
  description:
    "A link to figures.csv or ledger.csv for the period that works without the session header for five minutes, for Telegram's downloadFile.",
  answer: DownloadLink,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const daily = doc({
  tag: "Figures",
  summary: "The book's days",
  description:
    "One row per day of the last `days` (1–366, default 30) in `tz`, oldest first, days with no bets as zeros: staked, returned, hold.",
  answer: DailyFigures,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const punter = doc({
  tag: "Figures",
  summary: "A punter's statement",
  description:
    "The bookmaker's view of one of his punters over the period: his figure with what made it, the bets placed or settled in it and his coin movements.",
  answer: Statement,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const mine = doc({
  tag: "Figures",
  summary: "The caller's figure with a book",
  description: "The caller's own figure with this bookmaker over the period.",
  answer: Figure,
  errors: ["NOT_FOUND"],
});
