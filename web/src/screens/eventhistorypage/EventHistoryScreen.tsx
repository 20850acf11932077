import { useState } from "react";
import type { BookmakerEvent } from "../../../../worker/contract";
import { useOwnHolds } from "../../bookmaker/book";
import "../../bookmaker/bookmaker.css";
import { useBookEvents } from "../../bookmaker/events/data";
import { newestFirst } from "../../bookmaker/events/order";
import { useOwnFractional } from "../../bookmaker/events/useOwnFractional";
import { ResultDialog } from "../../events/ResultDialog";
import { dateTime } from "../../ui/dates";
import { Page } from "../../ui/Page";
import { historyBadge, StatusBadge } from "../../ui/StatusBadge";

/** The bookmaker's settled events of the last 30 days; a tap shows the result. */
export function EventHistoryScreen() {
  const events = useBookEvents("history");
  const fractional = useOwnFractional();
  const whatIfHeld = useOwnHolds("WHAT_IF");
  const [viewed, setViewed] = useState<BookmakerEvent | null>(null);

  return (
    <Page backTo="/bookmakerevents" className="bk">
      <h1 className="page-title">Event history</h1>
      {events.error && !events.data ? (
        <p className="bk-empty">Failed to load events</p>
      ) : !events.data ? (
        <p className="bk-empty">Loading...</p>
      ) : events.data.length === 0 ? (
        <p className="bk-empty">No finished events in the last 30 days.</p>
      ) : (
        <ul className="bk-list">
          {newestFirst(events.data).map((e) => (
            <li key={e.id}>
              <button type="button" className="bk-card bk-tap" aria-label={e.title} onClick={() => setViewed(e)}>
                <span className="bk-row">
                  <span className="bk-strong bk-ellipsis">{e.title}</span>
                  <StatusBadge label={historyBadge(e.status)} />
                </span>
                <span className="bk-muted bk-clamp">{e.description || "No description"}</span>
                <span className="bk-muted">{dateTime(e.startDate)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
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
        />
      )}
    </Page>
  );
}
