import type { Multiple, MultipleLeg } from "@worker/contract";
import { formatAmount } from "@/ui/amount";
import { oddsText } from "@/ui/Odds";

// What became of a multiple and of each of its legs, in words both histories use.

/** "Won", "Won at 2.25" (Rule 4 or a dead heat paid it below its odds), "Lost", "Void", "Open". */
export function legResultText(leg: MultipleLeg): string {
  switch (leg.result) {
    case "WON":
      return leg.factor !== null && leg.factor !== leg.coefficient
        ? `Won at ${oddsText(leg.factor, null, false)}`
        : "Won";
    case "LOST":
      return "Lost";
    case "VOID":
      return "Void";
    default:
      return "Open";
  }
}

/** "1 × 11 lines = 11 staked": the stake per line, the lines, what was staked. */
export function stakeText(m: Multiple): string {
  return `${formatAmount(m.amount)} × ${m.lines} ${m.lines === 1 ? "line" : "lines"} = ${formatAmount(m.staked)} staked`;
}
