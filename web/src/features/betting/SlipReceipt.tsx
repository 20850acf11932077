import { t } from "@lingui/core/macro";
import type { Multiple } from "@worker/contract";
import { kindWithLines } from "@/features/results/multiples/kinds";
import { stakeText } from "@/features/results/multiples/results";
import { formatAmount } from "@/ui/amount";
import { Dialog } from "@/ui/Dialog";
import { Odds } from "@/ui/Odds";
import { shownTitle } from "@/i18n/common-words";

/** The multiple as the API took it, under the bet result popup's words: kind, legs at the odds struck, stake, return. */
export function SlipReceipt({ multiple: m, onClose }: { multiple: Multiple; onClose(): void }) {
  return (
    <Dialog open onClose={onClose} title={t`Your bet is successful`}>
      <p className="slip-receipt-kind">
        <b>{kindWithLines(m.kind, m.legs.length, m.lines)}</b>
      </p>
      <ul className="slip-legs" aria-label={t`Selections`}>
        {m.legs.map((leg) => (
          <li key={leg.eventId} className="slip-leg">
            <span className="slip-leg-text">
              <span className="hint">{shownTitle(leg.eventTitle)}</span>
              <span>
                {leg.outcomeTitle}{" "}
                <b>
                  <Odds decimal={leg.coefficient} />
                </b>
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="bet-total">{stakeText(m)}</p>
      <p className="slip-return">
        {t`Potential return:`} <b>{formatAmount(m.potentialPayout)}</b>
      </p>
    </Dialog>
  );
}
