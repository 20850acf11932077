import { msg } from "@lingui/core/macro";
import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Id, LedgerPage, SubscriptionType, UserSubscription } from "@worker/contract";
import { useApi } from "@/api/swr";
import { persistOnDevice } from "@/store/storage";
import { holdingOf } from "./active";
import { purchaseMade } from "./api";

// Telegram tells the app `invoice_closed: paid` before (sometimes seconds before) the bot's
// webhook brings `successful_payment` to the API, and the app closes 150 ms after a purchase.
// A paid invoice is remembered on the device until the API shows it applied, so a user who
// opens the app again at once is told his payment is being confirmed, never offered to pay twice.

/** How long a paid invoice is awaited before the user is told it has not arrived. */
export const CONFIRM_WITHIN_MS = 60_000;
/** How often the API is asked while a payment is awaited. */
export const CONFIRM_POLL_MS = 2_000;

/** What a screen says while a paid invoice is awaited, and after a minute of it (shown with `i18n._`). */
export const CONFIRMING_TEXT = msg`Confirming your payment…`;
export const NOT_CONFIRMED_TEXT = msg`Telegram has not confirmed your payment to us yet. It will be applied as soon as it arrives; please do not pay again. If it does not appear in a few minutes, contact support.`;

export interface PaidInvoice {
  invoiceId: string;
  userId: Id;
  subscriptionType: SubscriptionType;
  /** Whether it brings coins (the pool's ledger shows it) or a period (the holding's end moves). */
  coins: boolean;
  /** The holding's end date before paying: a new one means the period was added. */
  endBefore: string | null;
  paidAt: number;
}

interface PaidState {
  paid: PaidInvoice[];
  remember(invoice: PaidInvoice): void;
  forget(invoiceId: string): void;
}

export const usePaidInvoices = create<PaidState>()(
  persist(
    (set) => ({
      paid: [],
      remember: (invoice) =>
        set((s) => ({ paid: [...s.paid.filter((p) => p.invoiceId !== invoice.invoiceId), invoice] })),
      forget: (invoiceId) => set((s) => ({ paid: s.paid.filter((p) => p.invoiceId !== invoiceId) })),
    }),
    { name: "paidInvoices", storage: persistOnDevice() },
  ),
);

const isPeriod = (p: PaidInvoice) => !p.coins;

/** Whether the API shows the invoice applied: the holding's end moved, or the pool got its coins. */
export function isApplied(
  p: PaidInvoice,
  mine: UserSubscription[] | undefined,
  ledger: LedgerPage | undefined,
): boolean {
  if (p.coins) return Boolean(ledger?.entries.some((e) => e.ref === `invoice:${p.invoiceId}`));
  const holding = holdingOf(mine, p.subscriptionType);
  return Boolean(holding && holding.active && holding.endDate !== p.endBefore);
}

export type PaymentConfirmation =
  { state: "none" } | { state: "confirming"; types: SubscriptionType[] } | { state: "late"; dismiss(): void };

/**
 * The user's paid invoices not yet applied: polled every 2 s while younger than a minute, then
 * "late" until he dismisses the message. `only` narrows to the types a screen cares about.
 */
export function usePaymentConfirmation(userId: Id | null, only?: SubscriptionType): PaymentConfirmation {
  const all = usePaidInvoices((s) => s.paid);
  const forget = usePaidInvoices((s) => s.forget);
  const { mutate } = useSWRConfig();
  const waiting = all.filter((p) => p.userId === userId && (!only || p.subscriptionType === only));
  const now = useNow(waiting.length > 0);
  const young = waiting.some((p) => now - p.paidAt < CONFIRM_WITHIN_MS);
  const poll = { refreshInterval: young ? CONFIRM_POLL_MS : 0, dedupingInterval: young ? 0 : undefined };
  const mine = useApi("GET /subscriptions/mine", waiting.some(isPeriod) ? {} : null, poll);
  const ledger = useApi("GET /balances/ledger", waiting.some((p) => p.coins) ? { query: { limit: 50 } } : null, poll);

  const applied = waiting.filter((p) => isApplied(p, mine.data, ledger.data));
  const appliedIds = applied.map((p) => p.invoiceId).join(" ");
  useEffect(() => {
    if (!appliedIds) return;
    appliedIds.split(" ").forEach(forget);
    // The screens' own lists (a bookmaker's holdings, his coins) catch up at once.
    void purchaseMade(mutate);
  }, [appliedIds, forget, mutate]);

  const pending = waiting.filter((p) => !applied.includes(p));
  if (pending.length === 0) return { state: "none" };
  if (pending.some((p) => now - p.paidAt < CONFIRM_WITHIN_MS))
    return { state: "confirming", types: pending.map((p) => p.subscriptionType) };
  return { state: "late", dismiss: () => pending.forEach((p) => forget(p.invoiceId)) };
}

/**
 * The time, ticking each second while `on`, so "confirming" turns "late" by itself. Turned on
 * by a payment just made, it may start a little behind: that reads "confirming", which is
 * right, until the first tick.
 */
function useNow(on: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}
