import { t } from "@lingui/core/macro";
import type { ReactNode } from "react";
import { formatAmount } from "@/ui/amount";
import { UNAVAILABLE_VALUE } from "@/features/market/FeatureUnavailable";
import { Odds } from "@/ui/Odds";
import { atSpText, deductionText, ordinal } from "./racing";
import { isWinner, whatIfNumber, type ResultOutcome } from "./outcome";

interface ResultRowProps {
  o: ResultOutcome;
  asFractional: boolean;
  /** The GAIN or WHAT IF column, if the table has one. */
  column: ReactNode;
  /** Whether this outcome's figure shows (held, and meaningful for it). */
  showValue: boolean;
  held: boolean;
}

/** One outcome of the result view: a winner starred, a placed one's place, a non-runner's deduction, the viewer's own notes, its figure. */
export function ResultRow({ o, asFractional, column, showValue, held }: ResultRowProps) {
  const value = whatIfNumber(o.whatIf);
  const winner = isWinner(o);
  const title = o.title;
  const place = o.place ? ordinal(o.place) : null;
  return (
    <tr className={winner ? "winner" : undefined} aria-label={winner ? t`${title}, winner` : undefined}>
      <td>
        {o.title}
        {winner && <span className="winner-mark"> ★</span>}
        {!winner && place ? <span className="hint result-place"> {t`placed ${place}`}</span> : null}
        {o.sp != null && <span className="hint result-note">{atSpText(o.sp)}</span>}
        {o.status === "NR" && <span className="hint"> {t`NR`}</span>}
        {o.status === "NR" && o.deduction ? (
          <span className="hint result-note">{deductionText(o.deduction)}</span>
        ) : null}
        {o.notes?.map((note) => (
          <span key={note} className="hint result-note">
            {note}
          </span>
        ))}
      </td>
      <td className="num">
        <Odds decimal={o.coefficient} fractional={o.fractalCoefficient} asFractional={asFractional} />
      </td>
      {column && (
        <td className={showValue && value < 0 ? "num negative" : "num"}>
          {showValue ? formatAmount(value) : held ? "" : UNAVAILABLE_VALUE}
        </td>
      )}
    </tr>
  );
}
