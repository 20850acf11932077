import { useState } from "react";
import { useLocation } from "wouter";
import type { BookmakerEvent, Id } from "../../../../worker/contract";
import { useOwnHolds } from "../../bookmaker/book";
import "../../bookmaker/bookmaker.css";
import { call } from "../../api/call";
import { useAction } from "../../api/useAction";
import { useBookEvents, useEventChanged } from "../../bookmaker/events/data";
import { FractionalSwitch } from "../../bookmaker/events/FractionalSwitch";
import { liveOrder, matchingTitle } from "../../bookmaker/events/order";
import { useOwnFractional } from "../../bookmaker/events/useOwnFractional";
import { ResultDialog } from "../../events/ResultDialog";
import { Dialog } from "../../ui/Dialog";
import { Page } from "../../ui/Page";
import { EventCard } from "./EventCard";

/** A live event goes back to draft (suspended) before editing; a draft is edited as it is. */
const isLive = (e: BookmakerEvent) => e.status === "READY_FOR_BETS" || e.status === "WAITING_FOR_RESULT";

export function BookmakerEventsScreen() {
  const [, navigate] = useLocation();
  const events = useBookEvents("open");
  const fractional = useOwnFractional();
  const whatIfHeld = useOwnHolds("WHAT_IF");
  const eventChanged = useEventChanged();
  const [query, setQuery] = useState("");
  const [viewed, setViewed] = useState<BookmakerEvent | null>(null);
  const [drafted, setDrafted] = useState<Id | null>(null);
  const drafting = useAction({ onError: () => void events.mutate() });

  function toDraft(event: BookmakerEvent) {
    if (drafting.busy) return;
    setDrafted(event.id);
    void drafting.run(async () => {
      // The draft screen opens on the answer, not on an event read before the change.
      if (isLive(event)) await eventChanged(await call("POST /events/:id/draft", { params: { id: event.id } }));
      navigate(`/eventmanagementpage/${event.id}`);
    });
  }

  const shown = events.data ? liveOrder(matchingTitle(events.data, query)) : [];

  return (
    <Page backTo="/mainpage" className="bk">
      <h1 className="page-title">List of Events</h1>
      <FractionalSwitch fractional={fractional} />
      <input
        className="bk-input"
        type="search"
        placeholder="Event name"
        aria-label="Event name"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />

      {events.error && !events.data ? (
        <p className="bk-empty">Failed to load events</p>
      ) : !events.data ? (
        <p className="bk-empty">Loading...</p>
      ) : shown.length === 0 ? (
        <p className="bk-empty">
          {query.trim() ? "No event matches this name." : "No events yet. Create one with New Event."}
        </p>
      ) : (
        <ul className="bk-list">
          {shown.map((e) => (
            <li key={e.id}>
              <EventCard
                event={e}
                busy={drafting.busy && drafted === e.id}
                onDraft={() => toDraft(e)}
                onView={() => setViewed(e)}
              />
            </li>
          ))}
        </ul>
      )}

      <footer className="footer-bar bk-footer-2">
        <button type="button" className="button button-secondary" onClick={() => navigate("/eventhistorypage")}>
          Event history
        </button>
        <button type="button" className="button" onClick={() => navigate("/createeventpage")}>
          New Event
        </button>
      </footer>

      {viewed && (
        <ResultDialog
          open
          onClose={() => setViewed(null)}
          title={viewed.title}
          description={viewed.description}
          status={viewed.status}
          outcomes={viewed.items}
          asFractional={fractional.on}
          whatIfHeld={whatIfHeld}
          rules={viewed}
        />
      )}
      <Dialog open={drafting.error !== null} onClose={drafting.clearError}>
        {drafting.error}
      </Dialog>
    </Page>
  );
}
