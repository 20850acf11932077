import { t } from "@lingui/core/macro";
import { useId } from "react";
import { RETURN_CHOICES } from "@common/odds";
import { formatHundredths } from "@/ui/locale";

/** 'Return for punters': 0.01, or 0.50 to 0.95; the value is in hundredths. */
export function ReturnSelect({ value, onChange }: { value: number; onChange(pct: number): void }) {
  const id = useId();
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        {t`Return for punters`}
      </label>
      <select id={id} className="bk-input" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {RETURN_CHOICES.map((pct) => (
          <option key={pct} value={pct}>
            {formatHundredths(pct)}
          </option>
        ))}
      </select>
    </div>
  );
}
