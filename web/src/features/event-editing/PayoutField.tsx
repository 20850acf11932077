import { t } from "@lingui/core/macro";
import { useId } from "react";
import { FieldError } from "./FieldError";

/** 'Max Total Payout': digits only, as typed (the spec's rule; validated by the form). */
export function PayoutField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(v: string): void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        {t`Max Total Payout`}
      </label>
      <input
        id={id}
        className="bk-input"
        inputMode="numeric"
        value={value}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ""))}
      />
      <FieldError error={error} />
    </div>
  );
}
