import { plural, t } from "@lingui/core/macro";
import { useState } from "react";
import { useLocation, useParams } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import type { Id, PlayerEvent } from "@worker/contract";
import { useApi } from "@/api/swr";
import { ResultDialog } from "@/features/results/ResultDialog";
import { useFractional, usePunterFractional } from "@/store/fractional";
import { Page } from "@/ui/Page";
import { bookmakerIdParam } from "@/features/bookies/bookmakers";
import { TermsDialog } from "@/features/bookies/TermsDialog";
import { useSlip, useSlips } from "@/store/slip";
import { atOddsTaken } from "./bet-odds";
import { BetDialog } from "./BetDialog";
import { EventList } from "./EventList";
import { EventsHeader } from "./EventsHeader";
import { isOpenForBets, sortEvents } from "./player-events";
import { SlipDialog } from "./SlipDialog";
import { SlipPicks } from "./SlipPicks";
import type { EventsState } from "@/navigation/events";
import { usePunterBook } from "./usePunterBook";
import { latestRequests, useMyPriceRequests } from "./price-requests";
import { PriceRequestLines } from "./PriceRequestLines";
import "./events.css";
import { shownTitle } from "@/i18n/common-words";

/** A bookmaker's events for the punter (`/events/:bookieName`; the parameter is the bookmaker id). */
export function EventsScreen() {
  const bookmakerId = bookmakerIdParam(useParams<{ bookieName: string }>().bookieName);
  const [, navigate] = useLocation();
  const book = usePunterBook(bookmakerId);
  const name = useHistoryState<EventsState | null>()?.name ?? book.bookmaker?.bookmakerName ?? "";
  const showFractional = usePunterFractional() && book.fractionalAllowed;
  const setFractional = useFractional((s) => s.setOn);
  const [termsOpen, setTermsOpen] = useState(false);
  // Bet dialog or result view is decided at the tap: a refresh that closes the event under an
  // open bet dialog must not swap it for the result view and lose a refusal on screen.
  const [opened, setOpened] = useState<{ eventId: Id; betting: boolean } | null>(null);
  const slip = useSlip(bookmakerId);
  const [slipOpen, setSlipOpen] = useState(false);

  const list = book.events.data ? sortEvents(book.events.data) : undefined;
  const openEvent = list?.find((e) => e.eventId === opened?.eventId);
  const viewing = openEvent && !opened?.betting ? openEvent : undefined;
  // The punter's bets: the result view shows the odds each of his bets was taken at, the bet
  // dialog what each Suspended outcome returns at them.
  const bets = useApi(
    "GET /bets/:bookmakerId/",
    openEvent && bookmakerId !== null ? { params: { bookmakerId } } : null,
  );
  const betOn = (e: PlayerEvent) => isOpenForBets(e) && book.active;
  // A shared card's event (ev_<id>, /bookies): opened once, as a tap on its card would, when the list has it.
  const linkedId = useHistoryState<EventsState | null>()?.eventId;
  const [followed, setFollowed] = useState(false);
  const linked = followed ? undefined : list?.find((e) => e.eventId === linkedId);
  if (linked) {
    setFollowed(true);
    setOpened({ eventId: linked.eventId, betting: betOn(linked) });
  }
  const selections = slip.legs.length;
  // His price requests: each event shows his under its card, with an offer's Take.
  const requests = useMyPriceRequests(book.notApproved ? null : bookmakerId).data;

  return (
    <Page backTo="/bookies" className="events">
      <EventsHeader
        name={name}
        active={book.active}
        // No coins are asked for before he is approved: he has none with this book yet.
        coins={book.notApproved ? 0 : book.coins.data?.amount}
        onTerms={() => setTermsOpen(true)}
        fractional={{ shown: showFractional, allowed: book.fractionalAllowed, set: setFractional }}
      />
      {book.notApproved ? (
        <p className="state-text">
          {book.notApproved === "CREATED"
            ? t`Waiting... The bookmaker has not approved your request yet.`
            : book.notApproved === "DECLINED"
              ? t`Your last request was declined.`
              : t`Ask this bookmaker to join to see his events.`}
        </p>
      ) : (
        <EventList
          events={list}
          failed={bookmakerId === null || (book.events.error !== undefined && !book.events.data)}
          onRetry={bookmakerId === null ? undefined : () => book.events.mutate()}
          onOpen={(e) => setOpened({ eventId: e.eventId, betting: betOn(e) })}
          below={(e) =>
            (latestRequests(requests, e.eventId).length > 0 || (bookmakerId !== null && betOn(e))) && (
              <>
                <PriceRequestLines event={e} requests={requests} />
                {bookmakerId !== null && betOn(e) && (
                  <SlipPicks
                    event={e}
                    legs={slip.legs}
                    asFractional={showFractional}
                    onAdd={(leg) => useSlips.getState().add(bookmakerId, leg)}
                    onRemove={() => useSlips.getState().remove(bookmakerId, e.eventId)}
                  />
                )}
              </>
            )
          }
        />
      )}
      <footer className="events-footer">
        {slip.legs.length > 0 && (
          <button type="button" className="button button-wide slip-bar" onClick={() => setSlipOpen(true)}>
            {plural(selections, { one: "Bet slip · # selection", other: "Bet slip · # selections" })}
          </button>
        )}
        <button
          type="button"
          className="button button-wide"
          disabled={bookmakerId === null || book.notApproved !== null}
          onClick={() => navigate(`/history/${bookmakerId}`, { state: { name } satisfies EventsState })}
        >
          {t`History`}
        </button>
      </footer>

      {openEvent && opened?.betting && (
        <BetDialog
          event={openEvent}
          coins={book.coins.data?.amount ?? 0}
          asFractional={showFractional}
          myBets={bets.data}
          requests={requests}
          onClose={() => setOpened(null)}
        />
      )}
      {slipOpen && bookmakerId !== null && (
        <SlipDialog
          bookmakerId={bookmakerId}
          events={book.events.data}
          coins={book.coins.data?.amount ?? 0}
          asFractional={showFractional}
          onClose={() => setSlipOpen(false)}
        />
      )}
      {viewing && (
        <ResultDialog
          open
          onClose={() => setOpened(null)}
          title={shownTitle(viewing.title)}
          description={viewing.description || t`No description`}
          status={viewing.status}
          outcomes={atOddsTaken(viewing, bets.data)}
          asFractional={showFractional}
          whatIfHeld={book.whatIfHeld}
          rules={viewing}
          eventId={viewing.eventId}
        />
      )}
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} terms={book.bookmaker?.terms} />
    </Page>
  );
}
