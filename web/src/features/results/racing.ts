import { t } from "@lingui/core/macro";
import { fractionalText, ladderOdds } from "@common/odds";

// The racing rules in the words punters and bookmakers read (docs/rules/racing.md, "Racing rules").

/** What Rule 4 took from a bet's winnings, or a non-runner's deduction: pence in the pound. */
export const deductionText = (pence: number) => t`Rule 4: ${pence}p`;

/** A winner that shared first place with `winners - 1` others was paid on its share of the stake. */
export const deadHeatText = (winners: number) => t`Dead heat: paid on 1/${winners} of the stake`;

/** Decimal odds as a racing punter reads an SP: fractional. */
const fraction = (decimal: number) => {
  const odds = ladderOdds(decimal);
  return odds ? fractionalText(odds) : String(decimal);
};

/**
 * How a bet was priced, when not simply at its odds: 'SP' for a bet at SP ('SP 9/2' once the
 * runner's SP is known); a BOG bet paid at the longer SP says so, with the price it took.
 */
export function spText(bet: { atSp: boolean; sp: number | null; paidAtSp: boolean; coefficient: number }) {
  if (bet.atSp) return atSpText(bet.sp);
  if (!bet.paidAtSp || bet.sp === null) return null;
  const [sp, took] = [fraction(bet.sp), fraction(bet.coefficient)];
  return t`BOG: paid at ${sp} (took ${took})`;
}

/** A bet or a runner at SP: 'SP' until the result, then 'SP 9/2'. */
export function atSpText(sp: number | null) {
  if (sp === null) return t`SP`;
  const price = fraction(sp);
  return t`SP ${price}`;
}

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
