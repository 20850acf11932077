import { t } from "@lingui/core/macro";
import { useId } from "react";
import { FieldFoot } from "@/ui/FieldFoot";
import { DESCRIPTION_MAX } from "@common/event-form";
import { seenLength } from "@common/text";

/** The event's description, with its length (the characters a person sees) counted against the limit as he types. */
export function DescriptionField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(v: string): void;
  error: string | null;
}) {
  const id = useId();
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        {t`Description`}
      </label>
      <textarea
        id={id}
        className="bk-input bk-textarea"
        rows={3}
        // In UTF-16 units: room for 100 characters as a person sees them, each of up to four (a flag).
        maxLength={DESCRIPTION_MAX * 4}
        placeholder={t`Race 3, 2 miles, Ascot`}
        value={value}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldFoot error={error} length={seenLength(value)} max={DESCRIPTION_MAX} />
    </div>
  );
}
