import { t } from "@lingui/core/macro";
import { useId } from "react";
import { FieldFoot } from "@/ui/FieldFoot";
import { DESCRIPTION_MAX } from "@common/event-form";

/** The event's description, with its length counted against the limit as he types. */
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
        maxLength={DESCRIPTION_MAX}
        placeholder={t`Race 3, 2 miles, Ascot`}
        value={value}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldFoot error={error} length={value.length} max={DESCRIPTION_MAX} />
    </div>
  );
}
