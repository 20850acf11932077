import type { Id, SubscriptionType, UserSubscription } from "@worker/contract";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";

export type { SubscriptionType, UserSubscription };

/** The part of a holding that decides whether it is active. */
export type Holding = Pick<UserSubscription, "subscription" | "active" | "endDate">;

/** Flagged active, and no end date or an end date still ahead. */
export const isSubscriptionActive = (s: Holding, now = Date.now()) =>
  s.active && (!s.endDate || Date.parse(s.endDate) > now);

export const hasActiveSubscription = (list: Holding[], type: SubscriptionType, now = Date.now()) =>
  list.some((s) => s.subscription.subscriptionType === type && isSubscriptionActive(s, now));

/** The holding of one type, if any. */
export const holdingOf = <T extends Holding>(list: T[] | undefined, type: SubscriptionType): T | undefined =>
  list?.find((s) => s.subscription.subscriptionType === type);

/** Subscriptions are polled and refetched on focus and reconnect (docs/rules/screens.md, "Polling"). */
const POLLED = { refreshInterval: POLL_MS, revalidateOnFocus: true, revalidateOnReconnect: true };

/** A bookmaker's subscriptions (his owner's). */
export const useActiveSubscriptions = (bookmakerId: Id | null | undefined) =>
  useApi("GET /subscriptions/active/:bookmakerId", bookmakerId == null ? null : { params: { bookmakerId } }, POLLED);

/**
 * Whether a bookmaker holds an active subscription of `type`: true while not yet known
 * (docs/rules/screens.md, "Subscriptions and the market").
 */
export function useHolds(bookmakerId: Id | null | undefined, type: SubscriptionType): boolean {
  const subscriptions = useActiveSubscriptions(bookmakerId);
  return subscriptions.data ? hasActiveSubscription(subscriptions.data, type) : true;
}

/** The caller's own subscriptions, profile or not: BOOKMAKER is bought before the profile. */
export const useMySubscriptions = () => useApi("GET /subscriptions/mine", {}, POLLED);

/** The market, each price as the caller would pay it now. */
export const useCatalogue = () => useApi("GET /subscriptions", {}, POLLED);

/** Whether a manual purchase of this holding is accepted now (renewal opens 8 days before the end). */
export const renewableNow = (holding: UserSubscription | undefined, now = Date.now()) =>
  !holding?.renewableFrom || Date.parse(holding.renewableFrom) <= now;
