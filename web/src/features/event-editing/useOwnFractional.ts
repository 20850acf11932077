import { useState } from "react";
import { useBookId } from "@/features/profile/book";
import { useFractionalOdds, useSettings } from "@/store/settings";
import { hasActiveSubscription, useActiveSubscriptions } from "@/features/market/active";

/**
 * The fractional-odds switch on the bookmaker's screens (his staff's too): it works only with the
 * book's active FRACTAL_ODDS subscription; without it, turning it on opens the 'not available' popup.
 */
export function useOwnFractional() {
  const bookmakerId = useBookId();
  const subscriptions = useActiveSubscriptions(bookmakerId);
  const wanted = useFractionalOdds();
  const setFractionalOdds = useSettings((s) => s.setFractionalOdds);
  const [refused, setRefused] = useState(false);
  const allowed = subscriptions.data ? hasActiveSubscription(subscriptions.data, "FRACTAL_ODDS") : false;

  function toggle(on: boolean) {
    if (on && !allowed) setRefused(true);
    else setFractionalOdds(on);
  }
  return { on: wanted && allowed, toggle, refused, closeRefusal: () => setRefused(false) };
}
