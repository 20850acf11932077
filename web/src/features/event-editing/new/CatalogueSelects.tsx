import { t } from "@lingui/core/macro";
import { useId } from "react";
import { countryName, sportName } from "@/i18n/common-words";
import { useCountries, useSports } from "../reference";

/**
 * A dropdown of names from the API, keeping the current value even before the list arrives.
 * Each shows in the reader's language (`shown`), sorted so; the value stays the stored English.
 */
function NameSelect({
  label,
  value,
  names,
  shown,
  onChange,
}: {
  label: string;
  value: string;
  names: string[];
  shown(english: string): string;
  onChange(v: string): void;
}) {
  const id = useId();
  const collator = new Intl.Collator(document.documentElement.lang || undefined);
  const options = (names.includes(value) ? names : [value, ...names])
    .map((name) => ({ name, label: shown(name) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="bk-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.name} value={o.name}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SportSelect(props: { value: string; onChange(v: string): void }) {
  const sports = useSports();
  return (
    <NameSelect label={t`Sport`} names={(sports.data ?? []).map((s) => s.eventTypeName)} shown={sportName} {...props} />
  );
}

export function CountrySelect(props: { value: string; onChange(v: string): void }) {
  const countries = useCountries();
  return (
    <NameSelect
      label={t`Country`}
      names={(countries.data ?? []).map((c) => c.countryName)}
      shown={countryName}
      {...props}
    />
  );
}
