import { t } from "@lingui/core/macro";
import { useState } from "react";
import { termsWords } from "@/i18n/common-words";
import type { EachWayRule, EventStatus, Id, RacingRules } from "@worker/contract";
import { Dialog } from "@/ui/Dialog";
import { FeatureUnavailable } from "@/features/market/FeatureUnavailable";
import { ShareButton } from "@/features/sharing/ShareButton";
import { StatusBadge } from "@/ui/StatusBadge";
import { isRefunded, isWinner, type ResultOutcome } from "./outcome";
import { ResultRow } from "./ResultRow";
import { BetTable } from "@/ui/BetTable";

export interface ResultDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  description?: string;
  status: EventStatus;
  outcomes: ResultOutcome[];
  /** Show fractional odds where the outcome has them. */
  asFractional?: boolean;
  /**
   * Whether the bookmaker holds WHAT_IF; without it the figures are not shown, and asking says
   * why. null while his subscriptions load: no figures yet (the API's zeros are not his figures).
   */
  whatIfHeld?: boolean | null;
  /** The event's racing rules and each-way terms: said above the outcomes when they apply. */
  rules?: Pick<RacingRules, "rule4" | "deadHeat"> & Partial<EachWayRule>;
  /** The bookmaker's own event: the 'Feature is unavailable' popup offers WHAT_IF in the Market. */
  ownBook?: boolean;
  /** The event's id: a settled event's result offers Share (its bookmaker's and his punters'). */
  eventId?: Id;
}

/**
 * The read-only result of an event (docs/rules/screens.md, "Badges and event lists"): a GAIN column once a winner is
 * known (a figure on the winners only: losers and non-runners gained nothing), a WHAT IF column
 * while there is none, an abandoned event's too (the spec's rule has no exception for it); an
 * abandoned event also says that bets were refunded.
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
  ownBook = false,
  eventId,
}: ResultDialogProps) {
  const [asked, setAsked] = useState(false);
  const refunded = isRefunded(status);
  const winners = outcomes.filter(isWinner).length;
  const hasWinner = winners > 0;
  const valueColumn = hasWinner ? "GAIN" : "WHAT IF";
  const heading = valueColumn === "GAIN" ? t`GAIN` : t`WHAT IF`;
  const held = whatIfHeld === true;
  const shown = (o: ResultOutcome) => held && o.status !== "NR" && (valueColumn === "WHAT IF" || isWinner(o));

  return (
    <>
      <Dialog open={open} onClose={onClose} title={title}>
        {description && <p className="hint result-description">{description}</p>}
        {rules?.rule4 && <p className="hint result-rule">{t`Rule 4 applies`}</p>}
        {rules?.eachWay && <p className="hint result-rule">{termsWords(rules.eachWay)}</p>}
        {rules?.deadHeat && winners > 1 && (
          <p className="hint result-rule">{t`Dead heat: each winner is paid on 1/${winners} of the stake`}</p>
        )}
        {refunded && (
          <p className="result-refund">
            {/* eslint-disable-next-line no-restricted-syntax -- a badge's key, which StatusBadge translates */}
            <StatusBadge label="Abandoned" /> <span>{t`The bet has been refunded`}</span>
          </p>
        )}
        <BetTable
          column={
            valueColumn &&
            (whatIfHeld !== false ? (
              heading
            ) : (
              <button type="button" className="link-button" onClick={() => setAsked(true)}>
                {heading}
              </button>
            ))
          }
        >
          <tbody>
            {outcomes.map((o) => (
              <ResultRow
                key={o.id}
                o={o}
                asFractional={asFractional}
                column={valueColumn}
                showValue={shown(o)}
                held={held}
              />
            ))}
          </tbody>
        </BetTable>
        {eventId !== undefined && (refunded || status === "CALCULATED") && (
          <ShareButton
            target={{ kind: "RESULT", id: eventId }}
            startParam={`ev_${eventId}`}
            label={t`Share the result`}
          />
        )}
      </Dialog>
      <FeatureUnavailable open={asked} onClose={() => setAsked(false)} unlock={ownBook ? "WHAT_IF" : undefined} />
    </>
  );
}
