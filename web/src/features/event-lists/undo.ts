import { plural, t } from "@lingui/core/macro";
import { UNSETTLE_WINDOW_MS } from "@common/racing";
import type { BookmakerEvent, Id, SettlementSize } from "@worker/contract";
import { call } from "@/api/call";
import { formatAmount } from "@/ui/amount";

/** GET /events/{id}/settlement: what undoing the result moves back. */
export type Settlement = SettlementSize;

/** A result settled or abandoned within the last 24 hours can still be undone. */
export const undoable = (e: BookmakerEvent, now = Date.now()) =>
  e.settledAt !== null && Date.parse(e.settledAt) + UNSETTLE_WINDOW_MS > now;

/** "12 bets and 340.50 coins go back; you can then settle again." */
export function undoText(s: Settlement): string {
  const { bets: betCount, coins: coinCount } = s;
  const amount = formatAmount(coinCount);
  const bets = plural(betCount, { one: "# bet", other: "# bets" });
  const coins = plural(coinCount, { one: `${amount} coin`, other: `${amount} coins` });
  return t`${bets} and ${coins} go back; you can then settle again.`;
}

export const readSettlement = (eventId: Id) => call("GET /events/:id/settlement", { params: { id: eventId } });
