import { msg } from "@lingui/core/macro";
import type { CatalogueItem } from "@worker/contract";

const PACKAGE = /^ADD_BALANCE_(\d+)$/;

/** Coins a package brings: the API's `coins`, else the amount in its type name. */
export const packageCoins = (item: CatalogueItem) =>
  item.coins ?? Number(PACKAGE.exec(item.subscriptionType)?.[1] ?? 0);

/** Coin packages, smallest first (docs/rules/screens.md, "Subscriptions and the market"). */
export const coinPackages = (items: CatalogueItem[]) =>
  items.filter((i) => PACKAGE.test(i.subscriptionType)).sort((a, b) => packageCoins(a) - packageCoins(b));

/** The special features in the spec's order, with the names the market shows (read at render, `i18n._(label)`). */
export const SPECIALS = [
  { type: "WHAT_IF", label: msg`What if?` },
  { type: "FRACTAL_ODDS", label: msg`Fractional Odds` },
] as const;
