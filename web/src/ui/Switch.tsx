import "./controls.css";

/** An on/off switch with its label on the left. */
export function Switch({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
  disabled?: boolean;
}) {
  return (
    <div className="switch-button-row">
      <span>{label}</span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        className="switch-button"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      />
    </div>
  );
}
