import type { Id } from "../../../worker/contract";
import { useApi } from "../api/swr";
import { POLL_MS } from "../config";

export type SubscriptionType = "BOOKMAKER" | "WHAT_IF" | "FRACTAL_ODDS" | `ADD_BALANCE_${number}`;

// API.md: GET /subscriptions/active/{bookmakerId}. Move to worker/contract.ts once the route exists there.
export interface UserSubscription {
  subscription: { subscriptionType: SubscriptionType };
  active: boolean;
  endDate: string | null;
}

/** Flagged active, and no end date or an end date still ahead. */
export const isSubscriptionActive = (s: UserSubscription, now = Date.now()) =>
  s.active && (!s.endDate || Date.parse(s.endDate) > now);

export const hasActiveSubscription = (list: UserSubscription[], type: SubscriptionType, now = Date.now()) =>
  list.some((s) => s.subscription.subscriptionType === type && isSubscriptionActive(s, now));

/** A bookmaker's subscriptions, polled and refetched on focus and reconnect (spec: Polling). */
export const useActiveSubscriptions = (bookmakerId: Id | null | undefined) =>
  useApi<UserSubscription[]>(bookmakerId == null ? null : `/subscriptions/active/${bookmakerId}`, { refreshInterval: POLL_MS });
