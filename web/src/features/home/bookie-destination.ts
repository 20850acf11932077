import type { Me } from "@worker/contract";
import { hasActiveSubscription, type Holding } from "@/features/market/active";
import type { MarketpageState } from "@/navigation/marketpage";

export type BookieDestination =
  | { to: "/subscription"; replace: true }
  | { to: "/createprofile"; replace: true }
  | { to: "/marketpage"; replace: true; state: MarketpageState }
  | { to: "/mainpage" }
  | { to: "/counter" };

/**
 * Where the Bookie button leads (docs/rules/screens.md, "Screens and Back"); null while the profile or the
 * subscriptions are still loading, when the button does nothing. A user who paid for BOOKMAKER
 * but has no profile yet goes on to create it rather than paying again.
 */
export function bookieDestination(
  me: Me | undefined,
  bookSubscriptions: Holding[] | undefined,
  mySubscriptions: Holding[] | undefined,
): BookieDestination | null {
  if (!me) return null;
  // A member of a book's staff works its counter (and, a manager, more from there).
  if (!me.bookmakerDto && me.staffOf) return { to: "/counter" };
  if (!me.bookmakerDto) {
    if (!mySubscriptions) return null;
    return hasActiveSubscription(mySubscriptions, "BOOKMAKER")
      ? { to: "/createprofile", replace: true }
      : { to: "/subscription", replace: true };
  }
  if (!bookSubscriptions) return null;
  // His own holdings count too: they are the book's, and a payment just confirmed shows there first.
  const active =
    hasActiveSubscription(bookSubscriptions, "BOOKMAKER") || hasActiveSubscription(mySubscriptions ?? [], "BOOKMAKER");
  if (!active) return { to: "/marketpage", replace: true, state: { from: "home" } };
  return { to: "/mainpage" };
}
