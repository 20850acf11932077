import { useParams } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import type { Bet, Id } from "../../../../worker/contract";
import { useApi } from "../../api/swr";
import { useOwnBook } from "../../bookmaker/book";
import "../../bookmaker/bookmaker.css";
import { POLL_MS } from "../../config";
import { BetDeductions, BetRefund, BetResult } from "../../events/BetResult";
import { formatAmount } from "../../ui/amount";
import { dateTime } from "../../ui/dates";
import { oddsText } from "../../ui/Odds";
import { LoadFailed } from "../../ui/LoadFailed";
import { Page } from "../../ui/Page";
import type { HistoryOfUserState } from "../../navigation/historyofuser";

/** One punter's bets with this bookmaker over the last 30 days (the server's window for owners). */
/** The spec's two stand-ins: 'Untitled description' when the bet carries none, 'No description' when it is empty. */
const descriptionOf = (description: string | null | undefined) =>
  description == null ? "Untitled description" : description || "No description";

export function HistoryOfUserScreen() {
  const { username } = useParams<{ username: string }>();
  const userId = useHistoryState<HistoryOfUserState | null>()?.userId;

  return (
    <Page backTo="/playermanagement" className="bk">
      <h1 className="page-title bk-ellipsis">History of {username}</h1>
      {userId === undefined ? <p className="bk-empty">User not specified</p> : <PunterBets userId={userId} />}
    </Page>
  );
}

const newestFirst = (a: Bet, b: Bet) => Date.parse(b.betsDate) - Date.parse(a.betsDate);

function PunterBets({ userId }: { userId: Id }) {
  const { book } = useOwnBook();
  const bets = useApi(
    "GET /bets/:bookmakerId/",
    book ? { params: { bookmakerId: book.bookmakerId }, query: { userId } } : null,
    { refreshInterval: POLL_MS },
  );

  if (bets.error)
    return <LoadFailed message="Failed to load history" onRetry={() => bets.mutate()} className="bk-empty" />;
  if (!bets.data) return <p className="bk-empty">Loading...</p>;
  if (bets.data.length === 0) return <p className="bk-empty">No bets placed in the last 30 days.</p>;
  return (
    <ul className="bk-list">
      {[...bets.data].sort(newestFirst).map((bet) => (
        <li key={bet.betId}>
          <BetCard bet={bet} />
        </li>
      ))}
    </ul>
  );
}

function BetCard({ bet }: { bet: Bet }) {
  return (
    <article className="bk-card" aria-label={bet.eventTitle || "Untitled Event"}>
      <div className="bk-row">
        <span className="bk-strong bk-ellipsis">{bet.eventTitle || "Untitled Event"}</span>
        <BetResult bet={bet} look="badge" />
      </div>
      <p className="bk-muted">{descriptionOf(bet.eventDescription)}</p>
      <p className="bk-muted">{dateTime(bet.betsDate)}</p>
      <table className="bk-table">
        <thead>
          <tr>
            <th>OUTCOME</th>
            <th className="bk-num">ODDS</th>
            <th className="bk-num">BET</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="bk-ellipsis">{bet.outcomeTitle || "N/A"}</td>
            <td className="bk-num">{oddsText(bet.coefficient, null, false)}</td>
            <td className="bk-num">{formatAmount(bet.money.amount)}</td>
          </tr>
        </tbody>
      </table>
      <BetRefund bet={bet} look="badge" />
      <BetDeductions bet={bet} className="bk-muted" />
    </article>
  );
}
