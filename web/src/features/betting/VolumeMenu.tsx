import { t } from "@lingui/core/macro";
import type { CSSProperties } from "react";
import { i18n } from "@/i18n/runtime";
import { formatAmount } from "@/ui/amount";
import { VOLUME_CHOICES, type Stake, type VolumeChoice } from "./volume";

interface VolumeMenuProps {
  id: string;
  outcome: string;
  style: CSSProperties;
  value: Stake;
  /** What each preset stakes. */
  amountOf(choice: VolumeChoice): number;
  onPick(choice: VolumeChoice): void;
  /** 'My bet': the text he types, and Enter to close. */
  typed: string;
  onType(text: string): void;
  onDone(): void;
}

/** The stake picker's open list: the presets with their amounts, and 'My bet' with its own field. */
export function VolumeMenu({ id, outcome, style, value, amountOf, onPick, typed, onType, onDone }: VolumeMenuProps) {
  return (
    <div className="volume-menu" style={style} id={id} role="listbox" aria-label={t`Stake on ${outcome}`}>
      {VOLUME_CHOICES.map(({ choice, label, factor }) => (
        <button
          key={choice}
          type="button"
          role="option"
          aria-selected={value.choice === choice}
          className="volume-option"
          onClick={() => onPick(choice)}
        >
          <span>{i18n._(label)}</span>
          {factor !== undefined && <span className="hint">{formatAmount(amountOf(choice))}</span>}
        </button>
      ))}
      {value.choice === "custom" && (
        <input
          className="input volume-input"
          type="text"
          inputMode="decimal"
          placeholder={t`Amount`}
          aria-label={t`My bet on ${outcome}`}
          autoFocus
          value={typed}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && onDone()}
        />
      )}
    </div>
  );
}
