import { t } from "@lingui/core/macro";
import { useId } from "react";
import { FieldFoot } from "@/ui/FieldFoot";
import { NAME_MAX, TERMS_MAX } from "@common/profile";
import { seenLength } from "@common/text";

interface FieldProps {
  value: string;
  onChange(value: string): void;
  /** The problem to show under the field, if any. */
  error: string | null;
}

export function NameField({ value, onChange, error }: FieldProps) {
  const id = useId();
  return (
    <div className="bk-field">
      <label htmlFor={id} className="bk-label">
        {t`Profile Name`}
      </label>
      <input
        id={id}
        className="bk-input"
        value={value}
        autoComplete="off"
        // In UTF-16 units: room for 16 characters as a person sees them, each of up to four (a flag).
        maxLength={NAME_MAX * 4}
        placeholder={t`8 to 16 characters`}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p className="bk-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The bookmaker's terms, counted against their limit as he types. */
export function TermsField({ value, onChange, error }: FieldProps) {
  const id = useId();
  return (
    <div className="bk-field">
      <label htmlFor={id} className="bk-label">
        {t`Terms`}
      </label>
      <textarea
        id={id}
        className="bk-input bk-textarea"
        value={value}
        rows={4}
        placeholder={t`1 coin = 1 USD / Payment via cash, card, cripto`}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldFoot error={error} length={seenLength(value)} max={TERMS_MAX} />
    </div>
  );
}
