import { t } from "@lingui/core/macro";

// The racing rules in the words punters and bookmakers read (docs/ARCHITECTURE.md, "Racing rules").

/** What Rule 4 took from a bet's winnings, or a non-runner's deduction: pence in the pound. */
export const deductionText = (pence: number) => t`Rule 4: ${pence}p`;

/** A winner that shared first place with `winners - 1` others was paid on its share of the stake. */
export const deadHeatText = (winners: number) => t`Dead heat: paid on 1/${winners} of the stake`;

/** What happens to several winners, said before the result is sent. */
export const deadHeatRule = (on: boolean) =>
  on
    ? t`Dead heat: if 2 or more winners are marked, each is paid on its share of the stake`
    : t`Every winner is paid in full`;

/** What the racing rules took from one bet: its Rule 4 deduction and its dead-heat share, when any. */
export function betDeductions(bet: { deduction: number; deadHeat: number }): string[] {
  return [
    ...(bet.deduction > 0 ? [deductionText(bet.deduction)] : []),
    ...(bet.deadHeat > 1 ? [deadHeatText(bet.deadHeat)] : []),
  ];
}

export { ordinalWords as ordinal } from "@/i18n/common-words";
