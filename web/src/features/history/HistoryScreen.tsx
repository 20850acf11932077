import { t } from "@lingui/core/macro";
import { useParams } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";
import { BetDeductions, BetRefund, BetResult, betStakeText, EachWayParts } from "@/features/results/BetResult";
import { betLines, type BetLine } from "@/features/results/each-way";
import { dateTime } from "@/ui/dates";
import { Odds } from "@/ui/Odds";
import { LoadFailed } from "@/ui/LoadFailed";
import { Page } from "@/ui/Page";
import { bookmakerIdParam } from "@/features/bookies/bookmakers";
import { useMultiples, withMultiples } from "@/features/results/multiples/history";
import { MultipleRows } from "@/features/results/multiples/MultipleRows";
import { kindWithLines } from "@/features/results/multiples/kinds";
import { MyFiguresSection } from "./MyFiguresSection";
import type { EventsState } from "@/navigation/events";
import "./history.css";
import { BetTable } from "@/ui/BetTable";
import { CashOutLine } from "@/features/cashout/CashOut";
import { offerFor, returnIfWon, useCashOutOffers } from "@/features/cashout/offers";
import type { CashOutOffers, Id } from "@worker/contract";
import { shownTitle } from "@/i18n/common-words";
import { ShareButton } from "@/features/sharing/ShareButton";

/** The punter's bets with one bookmaker, 15 days, newest first (docs/rules/screens.md, "Windows and timings"). */
export function HistoryScreen() {
  const { bookieName } = useParams<{ bookieName: string }>();
  const bookmakerId = bookmakerIdParam(bookieName);
  const name = useHistoryState<EventsState | null>()?.name;
  const bets = useApi("GET /bets/:bookmakerId/", bookmakerId === null ? null : { params: { bookmakerId } }, {
    refreshInterval: POLL_MS,
  });
  const multiples = useMultiples(bookmakerId);
  const offers = useCashOutOffers(bookmakerId).data;
  const entries = bets.data ? withMultiples(betLines(bets.data), (l) => l.bet.betsDate, multiples.data) : [];

  return (
    <Page backTo={bookmakerId === null ? "/bookies" : `/events/${bookmakerId}`} className="history">
      <h1 className="page-title">{t`History`}</h1>
      {name && <p className="hint">{name}</p>}
      {bookmakerId !== null && <MyFiguresSection bookmakerId={bookmakerId} />}
      {bookmakerId === null || (bets.error && !bets.data) ? (
        <LoadFailed
          message={t`Failed to load history`}
          onRetry={bookmakerId === null ? undefined : () => bets.mutate()}
        />
      ) : !bets.data ? (
        <p className="state-text">{t`Loading...`}</p>
      ) : entries.length === 0 ? (
        <p className="state-text">{t`No bets placed in the last 15 days.`}</p>
      ) : (
        <BetTable column={t`Bet`} className="history-table">
          {entries.map(({ single, multiple }) =>
            multiple ? (
              <MultipleRows
                key={`m${multiple.multipleId}`}
                multiple={multiple}
                below={
                  <>
                    <CashOutLine
                      bookmakerId={bookmakerId}
                      target={{ multipleId: multiple.multipleId }}
                      offer={offerFor(offers, { multipleId: multiple.multipleId })}
                      returns={multiple.potentialPayout}
                      label={kindWithLines(multiple.kind, multiple.legs.length, multiple.lines)}
                    />
                    <ShareButton
                      target={{ kind: "MULTIPLE", id: multiple.multipleId }}
                      startParam={`ev_${multiple.legs[0]?.eventId}`}
                      label={t`Share the multiple`}
                    />
                  </>
                }
              />
            ) : (
              <BetRows key={single.bet.betId} {...single} bookmakerId={bookmakerId} offers={offers} />
            ),
          )}
        </BetTable>
      )}
      {/* Beside the bets when those are in; a failed history says so once. */}
      {bets.data && multiples.error && !multiples.data && (
        <LoadFailed message={t`Failed to load multiples`} onRetry={() => multiples.mutate()} />
      )}
    </Page>
  );
}

/** A single bet (an each-way bet's two parts as one) in the history table; an open one offers its cash-out. */
function BetRows({
  bet,
  place,
  bookmakerId,
  offers,
}: BetLine & { bookmakerId: Id; offers: CashOutOffers | undefined }) {
  const title = bet.outcomeTitle;
  return (
    <tbody className="history-bet" aria-label={`${shownTitle(bet.eventTitle)}, ${bet.outcomeTitle}`}>
      <tr className="history-event">
        <td colSpan={3}>
          <span className="history-title">{shownTitle(bet.eventTitle)}</span>
          <span className="hint history-description">{bet.eventDescription || t`No description`}</span>
          <span className="hint history-date">{dateTime(bet.betsDate)}</span>
        </td>
      </tr>
      <tr>
        <td>
          {bet.outcomeTitle}
          <BetRefund bet={bet} look="line" />
          <BetResult bet={bet} place={place} look="line" />
          <BetDeductions bet={bet} className="hint history-deduction" />
          {place && <EachWayParts win={bet} place={place} className="hint history-deduction" />}
          <CashOutLine
            bookmakerId={bookmakerId}
            target={{ betId: bet.betId }}
            offer={offerFor(offers, { betId: bet.betId })}
            returns={returnIfWon(bet, place)}
            label={bet.outcomeTitle}
          />
          <ShareButton
            target={{ kind: "BET", id: bet.betId }}
            startParam={`ev_${bet.eventId}`}
            label={t`Share the bet on ${title}`}
          />
        </td>
        <td className="num">
          <Odds decimal={bet.coefficient} />
        </td>
        <td className="num">{betStakeText(bet, place)}</td>
      </tr>
    </tbody>
  );
}
