import type { UserSubscription } from "@/features/market/active";
import { isSubscriptionActive } from "@/features/market/active";

/** When the BOOKMAKER subscription ends: the latest end of an active one, else of any; null if none. */
export function bookmakerEnd(list: UserSubscription[] | undefined, now = Date.now()): string | null {
  const own = (list ?? []).filter((s) => s.subscription.subscriptionType === "BOOKMAKER" && s.endDate);
  const active = own.filter((s) => isSubscriptionActive(s, now));
  const pick = (active.length ? active : own).map((s) => s.endDate!).sort((a, b) => Date.parse(b) - Date.parse(a));
  return pick[0] ?? null;
}
