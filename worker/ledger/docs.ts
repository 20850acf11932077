import { Money } from "../lib/answers";
import { doc } from "../lib/route-doc";
import { BookBalances, LedgerPage, PunterCoins, PunterNote } from "./answers";

export const book = doc({
  tag: "Balances",
  summary: "The book's coins",
  description:
    "The coins in the caller's pool (what his book can give and pay out) and each of his punters' balances, with his note and his own limits (null: the book's default) on each; `limits`: the book's defaults.",
  answer: BookBalances,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const ledger = doc({
  tag: "Balances",
  summary: "The book's ledger",
  description:
    "Every coin movement of the caller's book, newest first, a page at a time: `limit` entries (1–200, default 50), older than the entry `before`.",
  answer: LedgerPage,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const mine = doc({
  tag: "Balances",
  summary: "The caller's coins with a book",
  description: "The caller's balance with this bookmaker.",
  answer: Money,
  errors: ["NOT_FOUND"],
});

/** Coins moved between the caller's pool and one of his approved punters: the punter's balance after. */
const move = {
  tag: "Balances",
  answer: PunterCoins,
  errors: ["NOT_FOUND", "FORBIDDEN", "INSUFFICIENT_COINS"],
  idempotent: true,
} as const;

export const add = doc({
  ...move,
  summary: "Give a punter coins",
  description: "Moves coins from the caller's pool to one of his approved punters; answers the punter's new balance.",
});

export const subtract = doc({
  ...move,
  summary: "Take coins back from a punter",
  description:
    "Moves coins from one of the caller's approved punters back to his pool; answers the punter's new balance.",
});

export const note = doc({
  tag: "Balances",
  summary: "Note on a punter",
  description: "Replaces the caller's note on one of his punters (200 characters at most).",
  answer: PunterNote,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});
