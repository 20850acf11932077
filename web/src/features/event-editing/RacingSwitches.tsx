import { t } from "@lingui/core/macro";
import type { RacingRules } from "@worker/contract";
import { Switch } from "@/ui/Switch";

/**
 * Rule 4 (deductions for late non-runners), dead heat (shared first place pays on a share of the
 * stake), SP (bets at the starting price) and BOG (best odds guaranteed).
 */
export function RacingSwitches({
  rules,
  onChange,
  disabled,
}: {
  rules: RacingRules;
  onChange(rules: Partial<RacingRules>): void;
  disabled?: boolean;
}) {
  return (
    <>
      <Switch label={t`Rule 4`} checked={rules.rule4} onChange={(rule4) => onChange({ rule4 })} disabled={disabled} />
      <Switch
        label={t`Dead heat`}
        checked={rules.deadHeat}
        onChange={(deadHeat) => onChange({ deadHeat })}
        disabled={disabled}
      />
      <Switch label={t`SP bets`} checked={rules.sp} onChange={(sp) => onChange({ sp })} disabled={disabled} />
      <Switch
        label={t`Best odds guaranteed`}
        checked={rules.bog}
        onChange={(bog) => onChange({ bog })}
        disabled={disabled}
      />
    </>
  );
}
