import { decimalText, fractionalText, LADDER, sameOdds, type Odds } from "../../../../common/odds";

/** Odds picked from the ladder, shown decimal or fractional as the switch says. */
export function OddsSelect({
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
  const index = LADDER.findIndex((o) => sameOdds(o, value));
  return (
    <select
      className="bk-input bk-odds-select"
      aria-label={label}
      value={index}
      disabled={disabled}
      onChange={(e) => onChange(LADDER[Number(e.target.value)])}
    >
      {index < 0 && <option value={-1}>{asFractional ? fractionalText(value) : decimalText(value)}</option>}
      {LADDER.map((o, i) => (
        <option key={i} value={i}>
          {asFractional ? fractionalText(o) : decimalText(o)}
        </option>
      ))}
    </select>
  );
}
