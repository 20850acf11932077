import { t } from "@lingui/core/macro";
import type { BookmakerEvent } from "@worker/contract";
import { isSettled } from "@/features/event-editing/api";
import { Countdown } from "@/ui/Countdown";
import { startTime } from "@/ui/dates";
import { bookmakerBadge, hasStarted, StatusBadge } from "@/ui/StatusBadge";
import { shownTitle } from "@/i18n/common-words";

/**
 * One event of the live list, with Draft (edit) and View (results so far); once it has started,
 * Result too, which opens it at the placings (docs/decisions/screens.md, "The mini-app's screens").
 */
export function EventCard({
  event,
  onDraft,
  onView,
  onResult,
  busy,
}: {
  event: BookmakerEvent;
  onDraft(): void;
  onView(): void;
  onResult(): void;
  busy: boolean;
}) {
  const resultDue = hasStarted(event.startDate) && !isSettled(event);
  return (
    <article className="bk-card" aria-label={shownTitle(event.title)}>
      <div className="bk-row">
        <span className="bk-strong bk-ellipsis">{shownTitle(event.title)}</span>
        <StatusBadge label={bookmakerBadge(event.status, event.startDate)} />
      </div>
      <p className="bk-muted bk-clamp">{event.description || t`No description`}</p>
      <div className="bk-row">
        {!isSettled(event) && <Countdown to={event.startDate} />}
        <span className="bk-muted">{startTime(event.startDate)}</span>
      </div>
      <div className={resultDue ? "bk-card-actions bk-card-actions-3" : "bk-card-actions"}>
        <button type="button" className="button button-secondary" onClick={onDraft} disabled={busy}>
          {t`Draft`}
        </button>
        <button type="button" className="button" onClick={onView}>
          {t`View`}
        </button>
        {resultDue && (
          <button type="button" className="button" onClick={onResult}>
            {t`Result`}
          </button>
        )}
      </div>
    </article>
  );
}
