import { useSWRConfig } from "swr";
import { partReturnCents, placeReturnCents } from "@common/each-way";
import { ladderOdds } from "@common/odds";
import type { Bet, CashOutOffers, Id } from "@worker/contract";
import { call } from "@/api/call";
import { pathOf, useApi } from "@/api/swr";
import { POLL_MS } from "@/config";
import { touchedByBets } from "@/features/betting/api";

// Cash out on the punter's screens (docs/rules/cash-out.md "Cash out"): the offers of all his open bets with a
// book in one poll (GET /bets/{bookmakerId}/cashouts, its ETag unchanged until a price moves),
// and taking one at the value he was shown.

/** Which bet an offer is for: a single (by its WIN row) or a multiple. */
export type CashOutTarget = { betId: Id } | { multipleId: Id };

/** An offer as a screen shows it: its value, or why there is none (null: nothing to say, cash out is off). */
export type Shown = { value: number } | { message: string | null };

/** The punter's offers with the book, polled while the screen shows them. */
export const useCashOutOffers = (bookmakerId: Id | null) =>
  useApi("GET /bets/:bookmakerId/cashouts", bookmakerId === null ? null : { params: { bookmakerId } }, {
    refreshInterval: POLL_MS,
  });

/** The offer for one bet; undefined while the offers load or when the bet has none listed. */
export function offerFor(offers: CashOutOffers | undefined, target: CashOutTarget): Shown | undefined {
  const found =
    "betId" in target
      ? offers?.bets.find((o) => o.betId === target.betId)
      : offers?.multiples.find((o) => o.multipleId === target.multipleId);
  if (!found) return undefined;
  if ("value" in found) return { value: found.value };
  // A book without cash out (the default) would otherwise say so under every bet.
  return { message: found.reason === "OFF" ? null : found.message };
}

/** Takes the cash-out at `value`, the value the punter was shown. */
export const takeCashOut = (target: CashOutTarget, value: number) =>
  "betId" in target
    ? call("POST /bets/:betId/cashout", { params: { betId: target.betId }, body: { value } })
    : call("POST /bets/multiple/:multipleId/cashout", { params: { multipleId: target.multipleId }, body: { value } });

/** After a cash-out: what it moved is read afresh (his coins, bets, the offers, the stakes offered, his figures). */
export function useAfterCashOut(bookmakerId: Id) {
  const { mutate } = useSWRConfig();
  const touched = touchedByBets(bookmakerId);
  return () => void mutate((key: unknown) => touched(key) || pathOf(key).startsWith("/figures/"));
}

/**
 * What a single returns should it win, as it would be paid: its win part and an each-way bet's
 * place part (`place`), Rule 4 known taken off (common/each-way.ts, the ledger's rounding).
 */
export function returnIfWon(win: Bet, place: Bet | null): number {
  const part = {
    stakeCents: Math.round(win.money.amount * 100),
    odds: ladderOdds(win.coefficient)!,
    deduction: win.deduction,
  };
  const placePart = place?.placeTerms ? { ...part, fraction: place.placeTerms.fraction } : null;
  return (partReturnCents(part) + (placePart ? placeReturnCents(placePart, part) : 0)) / 100;
}
