import { useParams } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import type { Bet } from "../../../../worker/contract";
import { useApi } from "../../api/swr";
import { POLL_MS } from "../../config";
import { betDeductions } from "../../events/racing";
import { formatAmount } from "../../ui/amount";
import { dateTime } from "../../ui/dates";
import { Odds } from "../../ui/Odds";
import { Page } from "../../ui/Page";
import { bookmakerIdParam } from "../../punter/bookmakers";
import { MyFiguresSection } from "./MyFiguresSection";
import type { EventsState } from "../../navigation/events";
import "./history.css";

/**
 * What became of a bet, beside its stake: winnings, or the refund of a cancelled one (a
 * withdrawn outcome's refund is a non-runner's, not an abandoned event's).
 */
function BetResult({ bet }: { bet: Bet }) {
  if (bet.status === "CANCELLED")
    return (
      <p className="history-refund">
        {bet.outcomeStatus === "NR" ? "Non-runner" : "Abandoned"} / The bet has been refunded
      </p>
    );
  if (bet.status === "WON") return <p className="history-won">Won {formatAmount(bet.payout)}</p>;
  if (bet.status === "LOST") return <p className="hint">Lost</p>;
  return null;
}

/** What Rule 4 and a dead heat took from the bet, on a bet that won or may still win. */
function BetDeductions({ bet }: { bet: Bet }) {
  if (bet.status === "CANCELLED" || bet.status === "LOST") return null;
  return betDeductions(bet).map((line) => (
    <p key={line} className="hint history-deduction">
      {line}
    </p>
  ));
}

/** The punter's bets with one bookmaker over the last 15 days, newest first (spec "history/{bookieName}"). */
export function HistoryScreen() {
  const { bookieName } = useParams<{ bookieName: string }>();
  const bookmakerId = bookmakerIdParam(bookieName);
  const name = useHistoryState<EventsState | null>()?.name;
  const bets = useApi("GET /bets/:bookmakerId/", bookmakerId === null ? null : { params: { bookmakerId } }, {
    refreshInterval: POLL_MS,
  });

  return (
    <Page backTo={bookmakerId === null ? "/bookies" : `/events/${bookmakerId}`} className="history">
      <h1 className="page-title">History</h1>
      {name && <p className="hint">{name}</p>}
      {bookmakerId !== null && <MyFiguresSection bookmakerId={bookmakerId} />}
      {bookmakerId === null || (bets.error && !bets.data) ? (
        <p className="state-text error-text">Failed to load history</p>
      ) : !bets.data ? (
        <p className="state-text">Loading...</p>
      ) : bets.data.length === 0 ? (
        <p className="state-text">No bets placed in the last 15 days.</p>
      ) : (
        <table className="outcome-table history-table">
          <thead>
            <tr>
              <th>Outcome</th>
              <th className="num">Odds</th>
              <th className="num">Bet</th>
            </tr>
          </thead>
          {bets.data.map((bet) => (
            <tbody key={bet.betId} className="history-bet" aria-label={`${bet.eventTitle}, ${bet.outcomeTitle}`}>
              <tr className="history-event">
                <td colSpan={3}>
                  <span className="history-title">{bet.eventTitle}</span>
                  <span className="hint history-description">{bet.eventDescription || "No description"}</span>
                  <span className="hint history-date">{dateTime(bet.betsDate)}</span>
                </td>
              </tr>
              <tr>
                <td>
                  {bet.outcomeTitle}
                  <BetResult bet={bet} />
                  <BetDeductions bet={bet} />
                </td>
                <td className="num">
                  <Odds decimal={bet.coefficient} />
                </td>
                <td className="num">{formatAmount(bet.money.amount)}</td>
              </tr>
            </tbody>
          ))}
        </table>
      )}
    </Page>
  );
}
