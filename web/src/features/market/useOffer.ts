import { useEffect, useRef } from "react";
import type { CatalogueItem, UserSubscription } from "@worker/contract";
import type { Unlockable } from "@/navigation/marketpage";
import { holdingOf, renewableNow } from "./active";
import type { Pending } from "./ConfirmPurchase";

/**
 * The Market opened from a locked feature's Unlock: once the catalogue and his subscriptions are
 * in, it asks about that feature exactly as tapping it in 'Special' would, once, and only where
 * that tap is allowed (not while something is being bought, nor before renewal opens).
 */
export function useOffer(
  offer: Unlockable | undefined,
  market: { items: CatalogueItem[]; mine: UserSubscription[] | undefined; locked: boolean; onPick(p: Pending): void },
) {
  const asked = useRef(false);
  const { items, mine, locked, onPick } = market;
  const item = offer ? items.find((i) => i.subscriptionType === offer) : undefined;
  useEffect(() => {
    if (asked.current || !offer || !item || mine === undefined || locked) return;
    asked.current = true;
    if (renewableNow(holdingOf(mine, offer))) onPick({ kind: "special", item });
  }, [offer, item, mine, locked, onPick]);
}
