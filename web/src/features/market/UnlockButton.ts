import { plural, t } from "@lingui/core/macro";
import { useLocation } from "wouter";
import type { MarketpageState, Unlockable } from "@/navigation/marketpage";
import type { DialogButton } from "@/ui/Dialog";
import { formatNumber } from "@/ui/locale";
import { useCatalogue } from "./active";

/**
 * The way out of a locked feature's popup for the bookmaker (docs/decisions/screens.md, "The mini-app's screens"): a button to the
 * feature's Market item with its price, which opens the Market asking to buy it (the Market's
 * own confirmation; nothing is bought without it). Call only while the popup is open: it reads
 * the catalogue.
 */
export function useUnlockButton(feature: Unlockable): DialogButton {
  const [, navigate] = useLocation();
  const item = useCatalogue().data?.find((i) => i.subscriptionType === feature);
  const state: MarketpageState = { offer: feature };
  const price = item?.subscriptionPrice;
  const stars = price === undefined ? "" : formatNumber(price);
  return {
    label:
      price !== undefined
        ? plural(price, { one: `Unlock: ${stars} Star`, other: `Unlock: ${stars} Stars` })
        : t`Unlock in the Market`,
    onClick: () => navigate("/marketpage", { state }),
  };
}
