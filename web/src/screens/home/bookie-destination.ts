import type { Me } from "../../../../worker/contract";
import { hasActiveSubscription, type UserSubscription } from "../../subscriptions/active";
import type { MarketpageState } from "../marketpage/state";

export type BookieDestination =
  | { to: "/subscription"; replace: true }
  | { to: "/marketpage"; replace: true; state: MarketpageState }
  | { to: "/mainpage" };

/**
 * Where the Bookie button leads (spec, "Bookie button rule"); null while the profile or the
 * subscriptions are still loading, when the button does nothing.
 */
export function bookieDestination(me: Me | undefined, subscriptions: UserSubscription[] | undefined): BookieDestination | null {
  if (!me) return null;
  if (!me.bookmakerDto) return { to: "/subscription", replace: true };
  if (!subscriptions) return null;
  if (!hasActiveSubscription(subscriptions, "BOOKMAKER")) return { to: "/marketpage", replace: true, state: { from: "home" } };
  return { to: "/mainpage" };
}
