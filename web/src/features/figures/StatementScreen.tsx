import { msg, t } from "@lingui/core/macro";
import { useParams, useSearch } from "wouter";
import type { Figure, LedgerKind } from "@worker/contract";
import { errorText } from "@/api/error-text";
import { useApi } from "@/api/swr";
import "@/styles/bookmaker.css";
import { POLL_MS } from "@/config";
import { formatAmount, formatSigned } from "@/ui/amount";
import { isolated } from "@/ui/bidi";
import { dateRange, dateTime } from "@/ui/dates";
import { oddsText } from "@/ui/Odds";
import { i18n, type MessageDescriptor } from "@/i18n/runtime";
import { Page } from "@/ui/Page";
import "./figures.css";
import { FIGURE_LINES, owesText, periodQuery, thisAndLastWeek } from "./period";
import { shownTitle } from "@/i18n/common-words";

const MOVEMENT: Record<LedgerKind, MessageDescriptor> = {
  ALLOCATE: msg`Coins added`,
  WITHDRAW: msg`Coins withdrawn`,
  STAKE: msg`Stake`,
  PAYOUT: msg`Payout`,
  REFUND: msg`Refund`,
  GRANT: msg`Grant`,
  PURCHASE: msg`Purchase`,
  // The counter's (a ticket's), never a punter's own: here for a whole record of kinds.
  CASH_IN: msg`Cash taken`,
  CASH_PAID: msg`Cash paid`,
};

const BET_STATUS = {
  ACCEPTED: msg`Open`,
  WON: msg`Won`,
  LOST: msg`Lost`,
  CANCELLED: msg`Refunded`,
  CASHED_OUT: msg`Cashed out`,
} as const;

/** One punter's statement for a period: his figures, then his bets and coin movements, newest first. */
export function StatementScreen() {
  const { userId } = useParams<{ userId: string }>();
  const search = new URLSearchParams(useSearch());
  const week = thisAndLastWeek().thisWeek;
  const period = { from: search.get("from") ?? week.from, to: search.get("to") ?? week.to };
  const statement = useApi(
    "GET /figures/punters/:userId",
    { params: { userId }, query: periodQuery(period) },
    { refreshInterval: POLL_MS },
  );
  const s = statement.data;

  return (
    <Page backTo="/figures" className="bk figures">
      <h1 className="page-title bk-ellipsis">{s ? isolated(s.punter.username) : t`Statement`}</h1>
      <p className="hint">{dateRange(period.from, period.to)}</p>
      {statement.error && !s ? (
        <p className="bk-empty error-text">{errorText(statement.error, t`Failed to load the statement`)}</p>
      ) : !s ? (
        <p className="bk-empty">{t`Loading...`}</p>
      ) : (
        <>
          <FigureCard figure={s.punter} words={owesText} />
          <h2 className="fig-heading">{t`Bets`}</h2>
          {s.bets.length === 0 ? (
            <p className="hint">{t`No bets in this period.`}</p>
          ) : (
            <ul className="fig-list" aria-label={t`Bets`}>
              {s.bets.map((b) => (
                <li key={b.betId}>
                  <span>
                    {shownTitle(b.eventTitle)} · {b.outcomeTitle} @ {oddsText(b.coefficient, null, false)}
                    <span className="fig-who">{dateTime(b.betsDate)}</span>
                  </span>
                  <span className="num">
                    {formatAmount(b.money.amount)} <span className="fig-who">{i18n._(BET_STATUS[b.status])}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <h2 className="fig-heading">{t`Coin movements`}</h2>
          {s.movements.length === 0 ? (
            <p className="hint">{t`No coins moved in this period.`}</p>
          ) : (
            <ul className="fig-list" aria-label={t`Coin movements`}>
              {s.movements.map((m) => (
                <li key={m.id}>
                  <span>
                    {i18n._(MOVEMENT[m.kind])}
                    <span className="fig-who">{dateTime(m.createdAt)}</span>
                  </span>
                  <span className="num">{formatSigned(m.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  );
}

/** A figure line by line, the net in words. */
export function FigureCard({
  figure,
  words,
  label = t`Figures`,
}: {
  figure: Figure;
  words: (net: number) => string;
  label?: string;
}) {
  return (
    <section className="bk-card" aria-label={label}>
      {FIGURE_LINES.map(([key, text]) => (
        <div className="bk-row" key={key}>
          <span className="bk-muted">{i18n._(text)}</span>
          <span className={key === "closing" ? "bk-strong" : undefined}>
            {key === "net" ? `${formatAmount(Math.abs(figure.net))} ${words(figure.net)}` : formatAmount(figure[key])}
          </span>
        </div>
      ))}
    </section>
  );
}
