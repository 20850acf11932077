import { t } from "@lingui/core/macro";
import { useState } from "react";
import { decimalText, fractionalText, type Odds } from "@common/odds";
import { oddsText } from "@/ui/Odds";
import { stepOdds, typedOdds } from "./typed-odds";

/**
 * Odds from the ladder, shown decimal or fractional as the switch says: typed (taken to the
 * nearest rung when he leaves the box or presses Enter) or stepped rung by rung with − and +,
 * rather than picked from a list of 90 (docs/decisions/screens.md, "The mini-app's screens").
 */
export function OddsStepper({
  value,
  onChange,
  asFractional,
  label,
  disabled,
}: {
  value: Odds;
  onChange(odds: Odds): void;
  asFractional: boolean;
  label: string;
  disabled?: boolean;
}) {
  // What he is typing, until he leaves the box; null shows the odds as they are.
  const [typed, setTyped] = useState<string | null>(null);
  // The decimal sign of the language, as the odds and amounts beside it (typedOdds takes either).
  const shown = asFractional ? fractionalText(value) : oddsText(decimalText(value), null, false);
  const lower = stepOdds(value, -1);
  const higher = stepOdds(value, 1);
  const commit = () => {
    if (typed === null) return;
    setTyped(null);
    const odds = typedOdds(typed);
    if (odds) onChange(odds);
  };
  return (
    <span className="bk-odds-stepper">
      <button
        type="button"
        className="bk-step"
        aria-label={t`Lower ${label}`}
        disabled={disabled || !lower}
        onClick={() => lower && onChange(lower)}
      >
        −
      </button>
      <input
        className="bk-input bk-odds-input"
        aria-label={label}
        inputMode="decimal"
        autoComplete="off"
        value={typed ?? shown}
        disabled={disabled}
        onFocus={(e) => e.target.select()}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === "Enter" && commit()}
      />
      <button
        type="button"
        className="bk-step"
        aria-label={t`Raise ${label}`}
        disabled={disabled || !higher}
        onClick={() => higher && onChange(higher)}
      >
        +
      </button>
    </span>
  );
}
