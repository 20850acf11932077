import { t } from "@lingui/core/macro";
import type { ClipboardEvent } from "react";
import { OUTCOME_TITLE_MAX } from "@common/event-form";
import { decimalText, fractionalText } from "@common/odds";
import type { OutcomeRow } from "../form";
import { OddsStepper } from "../OddsStepper";

interface OutcomeRowEditorProps {
  row: OutcomeRow;
  index: number;
  asFractional: boolean;
  error: string | undefined;
  onChange(change: Partial<OutcomeRow>): void;
  onPaste(e: ClipboardEvent<HTMLInputElement>): void;
  onRemove(): void;
}

/** One outcome of the New Event form: its name, the bookmaker's odds, the odds punters get now. */
export function OutcomeRowEditor({
  row,
  index,
  asFractional,
  error,
  onChange,
  onPaste,
  onRemove,
}: OutcomeRowEditorProps) {
  const number = index + 1;
  return (
    <tr>
      <td>
        <input
          className="bk-input bk-cell-input"
          aria-label={t`Outcome ${number}`}
          placeholder={t`Member ${number}`}
          // In UTF-16 units: room for 24 characters as a person sees them, each of up to four (a flag).
          maxLength={OUTCOME_TITLE_MAX * 4}
          value={row.title}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange({ title: e.target.value })}
          onPaste={onPaste}
        />
        {error && <p className="bk-error">{error}</p>}
      </td>
      <td>
        <OddsStepper
          label={t`Odds of outcome ${number}`}
          value={row.odds}
          asFractional={asFractional}
          onChange={(odds) => onChange({ odds })}
        />
      </td>
      <td className="bk-num">{asFractional ? fractionalText(row.odds) : String(decimalText(row.odds))}</td>
      <td>
        <button
          type="button"
          className="bk-icon-button bk-remove"
          aria-label={t`Remove outcome ${number}`}
          onClick={onRemove}
        >
          ×
        </button>
      </td>
    </tr>
  );
}
