import { useId } from "react";

/** One limit: coins, or empty for none (the placeholder says what empty means). */
export function LimitField({
  label,
  text,
  onText,
  placeholder,
  invalid,
}: {
  label: string;
  text: string;
  onText(text: string): void;
  placeholder: string;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="bk-input"
        inputMode="decimal"
        value={text}
        placeholder={placeholder}
        aria-invalid={invalid}
        onChange={(e) => onText(e.target.value)}
      />
    </div>
  );
}
