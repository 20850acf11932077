import { t } from "@lingui/core/macro";
import { useId } from "react";
import { useCountries, useSports } from "../reference";

/** A dropdown of names from the API, keeping the current value even before the list arrives. */
function NameSelect({
  label,
  value,
  names,
  onChange,
}: {
  label: string;
  value: string;
  names: string[];
  onChange(v: string): void;
}) {
  const id = useId();
  const options = names.includes(value) ? names : [value, ...names];
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="bk-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SportSelect(props: { value: string; onChange(v: string): void }) {
  const sports = useSports();
  return <NameSelect label={t`Sport`} names={(sports.data ?? []).map((s) => s.eventTypeName)} {...props} />;
}

export function CountrySelect(props: { value: string; onChange(v: string): void }) {
  const countries = useCountries();
  return <NameSelect label={t`Country`} names={(countries.data ?? []).map((c) => c.countryName)} {...props} />;
}
