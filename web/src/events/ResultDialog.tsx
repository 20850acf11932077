import { useState } from "react";
import type { EventStatus, OutcomeStatus, RacingRules } from "../../../worker/contract";
import { formatAmount } from "../ui/amount";
import { Dialog } from "../ui/Dialog";
import { FeatureUnavailable, UNAVAILABLE_VALUE } from "../ui/FeatureUnavailable";
import { Odds } from "../ui/Odds";
import { StatusBadge } from "../ui/StatusBadge";
import { deductionText } from "./racing";

/** One outcome of the result view; both the punter's and the bookmaker's event items fit. */
export interface ResultOutcome {
  id: number;
  title: string;
  /** Decimal odds. */
  coefficient: number;
  fractalCoefficient?: string | null;
  status?: OutcomeStatus;
  /** Defaults to status === "WINNER". */
  isWinner?: boolean;
  /** The gain (after settlement) or what-if; older data may send "-12,5". */
  whatIf: number | string;
  /** A non-runner's Rule 4 deduction (pence in the pound). */
  deduction?: number;
  /** What the racing rules took from the viewer's own bet here ("Rule 4: 25p"). */
  notes?: string[];
}

export interface ResultDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  description?: string;
  status: EventStatus;
  outcomes: ResultOutcome[];
  /** Show fractional odds where the outcome has them. */
  asFractional?: boolean;
  /** Whether the bookmaker holds WHAT_IF; without it the figures are not shown, and asking says why. */
  whatIfHeld?: boolean;
  /** The event's racing rules: said above the outcomes when they apply. */
  rules?: RacingRules;
}

/** A what-if value as a number: accepts a comma as the decimal mark; anything else is 0. */
export function whatIfNumber(value: number | string): number {
  const n = typeof value === "number" ? value : Number(value.trim().replace(",", "."));
  return Number.isFinite(n) ? n : 0;
}

const isWinner = (o: ResultOutcome) => o.isWinner ?? o.status === "WINNER";
export const isRefunded = (status: EventStatus) => status === "ABANDONED" || status === "CANCELLED";

/**
 * The read-only result of an event (spec "Result dialog"): a GAIN column once a winner is
 * known (a figure on the winners only: losers and non-runners gained nothing), a WHAT IF column
 * before; an abandoned event shows that bets were refunded instead.
 */
export function ResultDialog({
  open,
  onClose,
  title,
  description,
  status,
  outcomes,
  asFractional = false,
  whatIfHeld = true,
  rules,
}: ResultDialogProps) {
  const [asked, setAsked] = useState(false);
  const refunded = isRefunded(status);
  const winners = outcomes.filter(isWinner).length;
  const hasWinner = winners > 0;
  const valueColumn = refunded ? null : hasWinner ? "GAIN" : "WHAT IF";
  const shown = (o: ResultOutcome) => whatIfHeld && o.status !== "NR" && (valueColumn === "WHAT IF" || isWinner(o));

  return (
    <>
      <Dialog open={open} onClose={onClose} title={title}>
        {description && <p className="hint result-description">{description}</p>}
        {rules?.rule4 && <p className="hint result-rule">Rule 4 applies</p>}
        {rules?.deadHeat && winners > 1 && (
          <p className="hint result-rule">Dead heat: each winner is paid on 1/{winners} of the stake</p>
        )}
        {refunded && (
          <p className="result-refund">
            <StatusBadge label="Abandoned" /> <span>The bet has been refunded</span>
          </p>
        )}
        <table className="outcome-table">
          <thead>
            <tr>
              <th>Outcome</th>
              <th className="num">Odds</th>
              {valueColumn && (
                <th className="num">
                  {whatIfHeld ? (
                    valueColumn
                  ) : (
                    <button type="button" className="link-button" onClick={() => setAsked(true)}>
                      {valueColumn}
                    </button>
                  )}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {outcomes.map((o) => {
              const value = whatIfNumber(o.whatIf);
              return (
                <tr
                  key={o.id}
                  className={isWinner(o) ? "winner" : undefined}
                  aria-label={isWinner(o) ? `${o.title}, winner` : undefined}
                >
                  <td>
                    {o.title}
                    {isWinner(o) && <span className="winner-mark"> ★</span>}
                    {o.status === "NR" && <span className="hint"> NR</span>}
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
                  {valueColumn && (
                    <td className={shown(o) && value < 0 ? "num negative" : "num"}>
                      {shown(o) ? formatAmount(value) : whatIfHeld ? "" : UNAVAILABLE_VALUE}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </Dialog>
      <FeatureUnavailable open={asked} onClose={() => setAsked(false)} />
    </>
  );
}
