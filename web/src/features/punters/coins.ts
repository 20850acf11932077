import type { PunterBalance } from "@worker/contract";
import { call } from "@/api/call";
import { useNotes } from "@/store/notes";
import { typedCents } from "@/ui/typed-cents";

// The manage dialog's coin counter (docs/rules/screens.md, "Coin counter").

const cents = (n: number) => Math.round(n * 100);

/** What the counter holds for typed text: never below 0, anything not a number is 0, 2 decimals. */
export function parseCoins(text: string): number {
  return (typedCents(text) ?? 0) / 100;
}

export type CoinMove = { route: "POST /balances/add" | "POST /balances/subtract"; amount: number } | null;

/** The call that takes a punter from `current` to `target` coins: the difference, one way or the other. */
export function coinMove(current: number, target: number): CoinMove {
  const diff = cents(target) - cents(current);
  if (diff === 0) return null;
  return { route: diff > 0 ? "POST /balances/add" : "POST /balances/subtract", amount: Math.abs(diff) / 100 };
}

/**
 * Save in the manage dialog: the coins moved by one call (if they changed), with the dialog's note
 * for the book's audit log, then the note (if it changed). The note is kept on this device first
 * (store/notes.ts), so his list shows it whatever the calls answer.
 */
export async function savePunter(punter: PunterBalance, coins: number, note: string): Promise<void> {
  const userId = punter.user.internalId;
  useNotes.getState().keep(userId, note, punter.note);
  const move = coinMove(punter.money.amount, coins);
  const why = note.trim() ? { note } : {};
  if (move) await call(move.route, { body: { userId, balance: { amount: move.amount, currency: "COIN" }, ...why } });
  if (note !== punter.note) await call("POST /balances/addNote", { body: { userId, note } });
}
