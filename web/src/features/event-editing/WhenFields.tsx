import { t } from "@lingui/core/macro";
import { useId } from "react";
import { FieldError } from "./FieldError";
import { maskDate, maskTime } from "./when";

/** One masked field: what is typed is reshaped by `mask` (digits into DD/MM/YY or HH:MM). */
function MaskedField(props: {
  label: string;
  placeholder: string;
  value: string;
  mask(typed: string): string;
  onChange(v: string): void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="bk-input"
        inputMode="numeric"
        placeholder={props.placeholder}
        value={props.value}
        aria-invalid={Boolean(props.error)}
        onChange={(e) => props.onChange(props.mask(e.target.value))}
      />
      <FieldError error={props.error} />
    </div>
  );
}

/** The Date (DD/MM/YY) and Time (HH:MM) fields side by side, masked as typed. */
export function WhenFields(props: {
  date: string;
  time: string;
  onDate(date: string): void;
  onTime(time: string): void;
  dateError?: string | null;
  timeError?: string | null;
}) {
  return (
    <div className="bk-when">
      <MaskedField
        label={t`Date`}
        placeholder={t`DD/MM/YY`}
        value={props.date}
        mask={maskDate}
        onChange={props.onDate}
        error={props.dateError}
      />
      <MaskedField
        label={t`Time`}
        placeholder={t`HH:MM`}
        value={props.time}
        mask={maskTime}
        onChange={props.onTime}
        error={props.timeError}
      />
    </div>
  );
}
