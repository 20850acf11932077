import { UNSETTLE_WINDOW_MS } from "@common/racing";
import type { BookmakerEvent, Id, SettlementSize } from "@worker/contract";
import { call } from "@/api/call";
import { formatAmount } from "@/ui/amount";

/** GET /events/{id}/settlement: what undoing the result moves back. */
export type Settlement = SettlementSize;

/** A result settled or abandoned within the last 24 hours can still be undone. */
export const undoable = (e: BookmakerEvent, now = Date.now()) =>
  e.settledAt !== null && Date.parse(e.settledAt) + UNSETTLE_WINDOW_MS > now;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 bets and 340.50 coins go back; you can then settle again." */
export const undoText = (s: Settlement) =>
  `${plural(s.bets, "bet", "bets")} and ${s.coins === 1 ? "1 coin" : `${formatAmount(s.coins)} coins`} go back; you can then settle again.`;

export const readSettlement = (eventId: Id) => call("GET /events/:id/settlement", { params: { id: eventId } });
