import { plural, t } from "@lingui/core/macro";
import type { LiabilityEvent, LiabilityOutcome } from "@worker/contract";
import { formatAmount } from "@/ui/amount";
import { startTime } from "@/ui/dates";
import { bookmakerBadge, StatusBadge } from "@/ui/StatusBadge";
import { PayoutBar } from "./PayoutBar";
import { shownTitle } from "@/i18n/common-words";

const betsText = (betCount: number) => plural(betCount, { one: "# bet", other: "# bets" });

/** One open event on the board, the whole card a tap to its draft screen. */
export function LiabilityEventCard({ event, busy, onOpen }: { event: LiabilityEvent; busy: boolean; onOpen(): void }) {
  const staked = formatAmount(event.staked);
  return (
    <button type="button" className="bk-card bk-tap lb-event" onClick={onOpen} disabled={busy}>
      <span className="bk-row">
        <span className="bk-strong bk-ellipsis">{shownTitle(event.title)}</span>
        <StatusBadge label={bookmakerBadge(event.status, event.startDate)} />
      </span>
      <span className="bk-row bk-muted">
        <span>{startTime(event.startDate)}</span>
        <span>
          {t`Staked ${staked}`} · {betsText(event.bets)}
        </span>
      </span>
      <span className="lb-outcomes">
        {event.items.map((i) => (
          <OutcomeLine key={i.id} item={i} worst={event.worst} />
        ))}
      </span>
      {event.cashedOut > 0 && (
        <span className="bk-row bk-muted">
          <span>{t`Cashed out`}</span>
          <span>{formatAmount(event.cashedOut)}</span>
        </span>
      )}
      {event.sp && <span className="bk-muted">{t`SP bets counted at today's price`}</span>}
      <span className="bk-row">
        <span className="bk-muted">{t`Worst result`}</span>
        <span className="bk-strong">{formatAmount(event.worst)}</span>
      </span>
    </button>
  );
}

/** An outcome: what it took, and what the book pays should it win (a non-runner's bets were refunded). */
function OutcomeLine({ item, worst }: { item: LiabilityOutcome; worst: number }) {
  const withdrawn = item.status === "NR";
  const deduction = item.deduction;
  return (
    <span className="lb-outcome" data-outcome={item.id}>
      <span className="lb-outcome-title bk-ellipsis">{item.title}</span>
      {withdrawn ? (
        <span className="bk-muted lb-nr">
          {t`NR`}
          {deduction > 0 && ` · ${t`Rule 4 ${deduction}p`}`}
        </span>
      ) : (
        <>
          <PayoutBar payout={item.payout} worst={worst} />
          <span className="lb-payout">{formatAmount(item.payout)}</span>
          <span className="bk-muted lb-taken">
            {formatAmount(item.staked)} · {betsText(item.bets)}
          </span>
        </>
      )}
    </span>
  );
}
