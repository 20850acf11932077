import { t } from "@lingui/core/macro";
import { useState } from "react";
import { useLocation } from "wouter";
import type { BookmakerEvent } from "@worker/contract";
import "@/styles/bookmaker.css";
import { useBookEvents } from "@/features/event-editing/api";
import { FractionalSwitch } from "@/features/event-editing/FractionalSwitch";
import { liveOrder, matchingTitle } from "@/features/event-editing/order";
import { useOwnFractional } from "@/features/event-editing/useOwnFractional";
import { OwnEventResult } from "@/features/event-editing/OwnEventResult";
import { ToDraftDialogs } from "@/features/event-editing/ToDraftDialogs";
import { useToDraft } from "@/features/event-editing/useToDraft";
import type { EventManagementState } from "@/navigation/eventmanagementpage";
import { Page } from "@/ui/Page";
import { useBookHome } from "@/features/profile/book";
import { OpenEventList } from "./OpenEventList";

/** The bookmaker's open events: search, Draft to edit one, a tap to see it as punters would. */
export function BookmakerEventsScreen() {
  const [, navigate] = useLocation();
  const bookHome = useBookHome();
  const events = useBookEvents("open");
  const fractional = useOwnFractional();
  const [query, setQuery] = useState("");
  const [viewed, setViewed] = useState<BookmakerEvent | null>(null);
  const drafting = useToDraft(() => void events.mutate());

  return (
    <Page backTo={bookHome} className="bk">
      <h1 className="page-title">{t`List of Events`}</h1>
      <FractionalSwitch fractional={fractional} />
      <input
        className="bk-input"
        type="search"
        placeholder={t`Event name`}
        aria-label={t`Event name`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />

      <OpenEventList
        events={events.data ? liveOrder(matchingTitle(events.data, query)) : undefined}
        failed={events.error !== undefined && !events.data}
        onRetry={() => events.mutate()}
        searching={query.trim() !== ""}
        busyWith={drafting.busyWith}
        onDraft={drafting.toDraft}
        onView={setViewed}
        // A started event takes no bets: its result is set as it stands, with no move to draft.
        onResult={(e) =>
          navigate(`/eventmanagementpage/${e.id}`, { state: { at: "result" } satisfies EventManagementState })
        }
      />

      <footer className="footer-bar bk-footer-2">
        <button type="button" className="button button-secondary" onClick={() => navigate("/eventhistorypage")}>
          {t`Event history`}
        </button>
        <button type="button" className="button" onClick={() => navigate("/createeventpage")}>
          {t`New Event`}
        </button>
      </footer>

      {viewed && <OwnEventResult event={viewed} onClose={() => setViewed(null)} />}
      <ToDraftDialogs drafting={drafting} />
    </Page>
  );
}
