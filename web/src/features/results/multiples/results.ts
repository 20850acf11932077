import { plural, t } from "@lingui/core/macro";
import type { Multiple, MultipleLeg } from "@worker/contract";
import { formatAmount } from "@/ui/amount";
import { oddsText } from "@/ui/Odds";

// What became of a multiple and of each of its legs, in words both histories use.

/** "Won", "Won at 2.25" (Rule 4 or a dead heat paid it below its odds), "Lost", "Void", "Open". */
export function legResultText(leg: MultipleLeg): string {
  switch (leg.result) {
    case "WON": {
      if (leg.factor === null || leg.factor === leg.coefficient) return t`Won`;
      const odds = oddsText(leg.factor, null, false);
      return t`Won at ${odds}`;
    }
    case "LOST":
      return t`Lost`;
    case "VOID":
      return t`Void`;
    default:
      return t`Open`;
  }
}

/** "1 × 11 lines = 11 staked": the stake per line, the lines, what was staked. */
export function stakeText(m: Multiple): string {
  const { lines } = m;
  const stake = formatAmount(m.amount);
  const staked = formatAmount(m.staked);
  return plural(lines, { one: `${stake} × # line = ${staked} staked`, other: `${stake} × # lines = ${staked} staked` });
}
