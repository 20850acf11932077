import { t } from "@lingui/core/macro";
import type { Bookmaker } from "@worker/contract";
import { preloadOn } from "@/routes";
import { formatAmount } from "@/ui/amount";
import { shortDate } from "@/ui/dates";

export interface BookmakerCardProps {
  bookmaker: Bookmaker;
  /**
   * Opens his events screen (the spec's tap on a card, any card): his events for an approved
   * punter, where the request stands for anyone else.
   */
  onOpen?(): void;
  onTerms(): void;
  /** Sends a join request; absent where the punter cannot ask (already a member). */
  onJoin?(): void;
  joining?: boolean;
  highlighted?: boolean;
}

/** A bookmaker as the punter sees him: red when his subscription has expired. */
export function BookmakerCard({ bookmaker: b, onOpen, onTerms, onJoin, joining, highlighted }: BookmakerCardProps) {
  const classes = [
    "card",
    b.active ? "" : "card-inactive",
    onOpen ? "card-tappable" : "",
    highlighted ? "card-highlighted" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const approach = onOpen ? preloadOn(`/events/${b.bookmakerId}`) : {};
  const body = (
    <>
      <span className="card-head">
        <span className="card-title">{b.bookmakerName}</span>
        {!b.active && <span className="badge badge-bad">{t`Inactive`}</span>}
      </span>
      <span className="card-stats">
        <span>
          {t`Joined`} <b>{shortDate(b.bookmakerJoinDate)}</b>
        </span>
        <span>
          {t`Subscribers`} <b>{b.subscribers ?? 0}</b>
        </span>
        <span>
          {t`Coins`} <b>{formatAmount(b.balance?.amount ?? 0)}</b>
        </span>
      </span>
    </>
  );

  return (
    <article className={classes} aria-label={b.bookmakerName} data-bookmaker-id={b.bookmakerId}>
      {onOpen ? (
        <button type="button" className="card-main" onClick={onOpen} {...approach}>
          {body}
        </button>
      ) : (
        <div className="card-main">{body}</div>
      )}
      <div className="card-actions">
        <button type="button" className="button button-secondary" onClick={onTerms}>
          {t`Terms and Conditions`}
        </button>
        {b.joinRequestStatus === "CREATED" ? (
          <button type="button" className="button" disabled>
            {t`Waiting...`}
          </button>
        ) : b.joinRequestStatus === "APPROVED" ? (
          onOpen && (
            <button type="button" className="button" onClick={onOpen} {...approach}>
              {t`Events`}
            </button>
          )
        ) : (
          onJoin && (
            <button type="button" className="button" onClick={onJoin} disabled={joining}>
              {b.joinRequestStatus === "DECLINED" ? t`Ask again` : t`Join`}
            </button>
          )
        )}
      </div>
      {b.joinRequestStatus === "DECLINED" && (
        <span className="hint card-note">{t`Your last request was declined.`}</span>
      )}
    </article>
  );
}
