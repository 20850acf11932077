import { t } from "@lingui/core/macro";
import type { Multiple } from "@worker/contract";
import { formatAmount } from "@/ui/amount";
import { dateTime } from "@/ui/dates";
import { oddsText } from "@/ui/Odds";
import { kindWithLines } from "./kinds";
import { MultipleResult } from "./MultipleResult";
import { legResultText, stakeText } from "./results";
import { BetTable } from "@/ui/BetTable";
import { shownTitle } from "@/i18n/common-words";

/** A multiple on the bookmaker's history of a punter: a card as a single bet's, a row per leg with its result. */
export function MultipleCard({ multiple: m }: { multiple: Multiple }) {
  const name = kindWithLines(m.kind, m.legs.length, m.lines);
  const potential = formatAmount(m.potentialPayout);
  return (
    <article className="bk-card" aria-label={name}>
      <div className="bk-row">
        <span className="bk-strong bk-ellipsis">{name}</span>
        <MultipleResult multiple={m} look="badge" />
      </div>
      <p className="bk-muted">{dateTime(m.createdAt)}</p>
      <BetTable look="bookmaker" column={t`RESULT`} className="bk-table-legs">
        <tbody>
          {m.legs.map((leg) => (
            <tr key={leg.eventId}>
              <td>
                <span className="bk-leg-line">{leg.outcomeTitle}</span>
                <span className="bk-muted bk-leg-line bk-leg-event">{shownTitle(leg.eventTitle)}</span>
              </td>
              <td className="bk-num">{oddsText(leg.coefficient, null, false)}</td>
              <td className="bk-num">{legResultText(leg)}</td>
            </tr>
          ))}
        </tbody>
      </BetTable>
      <p className="bk-muted">{stakeText(m)}</p>
      {m.status === "ACCEPTED" && <p className="bk-muted">{t`Potential return ${potential}`}</p>}
    </article>
  );
}
