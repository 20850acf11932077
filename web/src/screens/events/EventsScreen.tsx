import { useState } from "react";
import { useLocation, useParams } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { useSWRConfig } from "swr";
import type { Bet, Id, PlayerEvent } from "../../../../worker/contract";
import { useApi } from "../../api/swr";
import { ResultDialog } from "../../events/ResultDialog";
import { useFractional, usePunterFractional } from "../../store/fractional";
import { hasActiveSubscription, useActiveSubscriptions } from "../../subscriptions/active";
import { atOddsTaken } from "./bet-odds";
import { formatAmount } from "../../ui/amount";
import { Dialog } from "../../ui/Dialog";
import { Page } from "../../ui/Page";
import { findBookmaker, useBookmakerLists } from "../bookies/bookmakers";
import { TermsDialog } from "../bookies/TermsDialog";
import { BetDialog } from "./BetDialog";
import { EventCard } from "./EventCard";
import { bookmakerIdParam, isOpenForBets, sortEvents, useCoins, usePlayerEvents } from "./player-events";
import type { EventsState } from "./state";
import "./events.css";

/** A bookmaker's events for the punter (spec "events/{bookieName}"; the parameter is the bookmaker id). */
export function EventsScreen() {
  const { bookieName } = useParams<{ bookieName: string }>();
  const bookmakerId = bookmakerIdParam(bookieName);
  const [, navigate] = useLocation();
  const stateName = useHistoryState<EventsState | null>()?.name;
  const lists = useBookmakerLists();
  const bookmaker = bookmakerId === null ? undefined : findBookmaker(lists.data, bookmakerId);
  const name = stateName ?? bookmaker?.bookmakerName ?? "";

  const fractional = usePunterFractional();
  const setFractional = useFractional((s) => s.setOn);
  const events = usePlayerEvents(bookmakerId);
  const coins = useCoins(bookmakerId);
  const subscriptions = useActiveSubscriptions(bookmakerId);
  // Active while the subscriptions are still loading (spec section 4, "Bookmaker activity").
  const bookmakerActive = subscriptions.data
    ? hasActiveSubscription(subscriptions.data, "BOOKMAKER")
    : (bookmaker?.active ?? true);
  const { mutate } = useSWRConfig();

  const [termsOpen, setTermsOpen] = useState(false);
  const [fractionalRefused, setFractionalRefused] = useState(false);
  // Bet dialog or result view is decided at the tap: a refresh that closes the event under an
  // open bet dialog must not swap it for the result view and lose a refusal on screen.
  const [opened, setOpened] = useState<{ eventId: Id; betting: boolean } | null>(null);
  // Decided from the bookmaker's subscriptions (spec section 6), not by asking the API.
  const fractionalAllowed = subscriptions.data ? hasActiveSubscription(subscriptions.data, "FRACTAL_ODDS") : false;
  const toggleFractional = (on: boolean) => {
    if (on && !fractionalAllowed) setFractionalRefused(true);
    else setFractional(on);
  };

  const refreshAfterBets = () => {
    void events.mutate();
    void coins.mutate();
    void mutate(
      (key) =>
        Array.isArray(key) && typeof key[0] === "string" && (key[0].startsWith("/bets/") || key[0] === "/bookmakers"),
    );
  };

  const list = events.data ? sortEvents(events.data) : undefined;
  const openEvent = list?.find((e) => e.eventId === opened?.eventId);
  const viewing = openEvent && !opened?.betting ? openEvent : undefined;
  // The punter's bets: the result view shows the odds each of his bets was taken at.
  const bets = useApi<Bet[]>(viewing && bookmakerId !== null ? `/bets/${bookmakerId}/` : null);
  const showFractional = fractional && fractionalAllowed;
  const betOn = (e: PlayerEvent) => isOpenForBets(e) && bookmakerActive;

  return (
    <Page backTo="/bookies" className="events">
      <header className="events-header">
        <h1 className={bookmakerActive ? "page-title" : "page-title negative"}>{name || "Events"}</h1>
        <div className="events-coins">
          <span className="hint">Your coins</span>
          <b>{coins.data ? formatAmount(coins.data.amount) : "…"}</b>
        </div>
        <div className="events-tools">
          <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
            Terms and Conditions
          </button>
          <label className="switch-row">
            <span>Fractional odds</span>
            <input
              type="checkbox"
              role="switch"
              className="switch"
              checked={showFractional}
              onChange={(e) => toggleFractional(e.target.checked)}
            />
          </label>
        </div>
      </header>

      {bookmakerId === null || (events.error && !events.data) ? (
        <p className="state-text error-text">Failed to load events</p>
      ) : !list ? (
        <p className="state-text">Loading events...</p>
      ) : list.length === 0 ? (
        <p className="state-text">No upcoming or recent events</p>
      ) : (
        <section className="list" aria-label="Events">
          {list.map((e) => (
            <EventCard key={e.eventId} event={e} onOpen={() => setOpened({ eventId: e.eventId, betting: betOn(e) })} />
          ))}
        </section>
      )}

      <footer className="events-footer">
        <button
          type="button"
          className="button button-wide"
          disabled={bookmakerId === null}
          onClick={() => navigate(`/history/${bookmakerId}`, { state: { name } satisfies EventsState })}
        >
          History
        </button>
      </footer>

      {openEvent && opened?.betting && (
        <BetDialog
          event={openEvent}
          coins={coins.data?.amount ?? 0}
          asFractional={showFractional}
          onClose={() => setOpened(null)}
          onPlaced={refreshAfterBets}
        />
      )}
      {viewing && (
        <ResultDialog
          open
          onClose={() => setOpened(null)}
          title={viewing.title}
          description={viewing.description || "No description"}
          status={viewing.status}
          outcomes={atOddsTaken(viewing, bets.data)}
          asFractional={showFractional}
          whatIfHeld={subscriptions.data ? hasActiveSubscription(subscriptions.data, "WHAT_IF") : true}
          rules={viewing}
        />
      )}
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} terms={bookmaker?.terms} />
      <Dialog
        open={fractionalRefused}
        onClose={() => setFractionalRefused(false)}
        title="Fractional odds are unavailable"
      >
        This bookmaker does not have access to fractional odds.
      </Dialog>
    </Page>
  );
}
