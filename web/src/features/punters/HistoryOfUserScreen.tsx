import { t } from "@lingui/core/macro";
import { useParams } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import type { Bet, Id } from "@worker/contract";
import { useApi } from "@/api/swr";
import { useBookId } from "@/features/profile/book";
import "@/styles/bookmaker.css";
import { POLL_MS } from "@/config";
import { BetDeductions, BetRefund, BetResult, betStakeText, EachWayParts } from "@/features/results/BetResult";
import { betLines } from "@/features/results/each-way";
import { useMultiples, withMultiples } from "@/features/results/multiples/history";
import { MultipleCard } from "@/features/results/multiples/MultipleCard";
import { dateTime } from "@/ui/dates";
import { oddsText } from "@/ui/Odds";
import { LoadFailed } from "@/ui/LoadFailed";
import { Page } from "@/ui/Page";
import type { HistoryOfUserState } from "@/navigation/historyofuser";
import { BetTable } from "@/ui/BetTable";
import { shownTitle } from "@/i18n/common-words";

/** One punter's bets with this bookmaker over the last 30 days (the server's window for owners). */
/** The spec's two stand-ins: 'Untitled description' when the bet carries none, 'No description' when it is empty. */
const descriptionOf = (description: string | null | undefined) =>
  description == null ? t`Untitled description` : description || t`No description`;

export function HistoryOfUserScreen() {
  const { username } = useParams<{ username: string }>();
  const userId = useHistoryState<HistoryOfUserState | null>()?.userId;

  return (
    <Page backTo="/playermanagement" className="bk">
      <h1 className="page-title bk-ellipsis">{t`History of ${username}`}</h1>
      {userId === undefined ? <p className="bk-empty">{t`User not specified`}</p> : <PunterBets userId={userId} />}
    </Page>
  );
}

const newestFirst = (a: Bet, b: Bet) => Date.parse(b.betsDate) - Date.parse(a.betsDate);

function PunterBets({ userId }: { userId: Id }) {
  const bookmakerId = useBookId();
  const bets = useApi(
    "GET /bets/:bookmakerId/",
    bookmakerId !== null ? { params: { bookmakerId }, query: { userId } } : null,
    { refreshInterval: POLL_MS },
  );
  const multiples = useMultiples(bookmakerId, userId);

  if (bets.error)
    return <LoadFailed message={t`Failed to load history`} onRetry={() => bets.mutate()} className="bk-empty" />;
  if (!bets.data) return <p className="bk-empty">{t`Loading...`}</p>;
  const entries = withMultiples(betLines([...bets.data].sort(newestFirst)), (l) => l.bet.betsDate, multiples.data);
  const multiplesFailed = multiples.error && !multiples.data && (
    <LoadFailed message={t`Failed to load multiples`} onRetry={() => multiples.mutate()} className="bk-empty" />
  );
  if (entries.length === 0)
    return (
      <>
        <p className="bk-empty">{t`No bets placed in the last 30 days.`}</p>
        {multiplesFailed}
      </>
    );
  return (
    <>
      <ul className="bk-list">
        {entries.map(({ single, multiple }) => (
          <li key={multiple ? `m${multiple.multipleId}` : single.bet.betId}>
            {multiple ? <MultipleCard multiple={multiple} /> : <BetCard bet={single.bet} place={single.place} />}
          </li>
        ))}
      </ul>
      {multiplesFailed}
    </>
  );
}

/** A bet's card; an each-way bet (`place`, its PLACE part) is one card with both parts. */
function BetCard({ bet, place }: { bet: Bet; place: Bet | null }) {
  const title = bet.eventTitle ? shownTitle(bet.eventTitle) : t`Untitled Event`;
  return (
    <article className="bk-card" aria-label={title}>
      <div className="bk-row">
        <span className="bk-strong bk-ellipsis">{title}</span>
        <BetResult bet={bet} place={place} look="badge" />
      </div>
      <p className="bk-muted">{descriptionOf(bet.eventDescription)}</p>
      <p className="bk-muted">{dateTime(bet.betsDate)}</p>
      <BetTable look="bookmaker" column={t`BET`}>
        <tbody>
          <tr>
            <td className="bk-ellipsis">{bet.outcomeTitle || t`N/A`}</td>
            <td className="bk-num">{oddsText(bet.coefficient, null, false)}</td>
            <td className="bk-num">{betStakeText(bet, place)}</td>
          </tr>
        </tbody>
      </BetTable>
      <BetRefund bet={bet} look="badge" />
      <BetDeductions bet={bet} className="bk-muted" />
      {place && <EachWayParts win={bet} place={place} className="bk-muted" />}
    </article>
  );
}
