import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import type { Bookmaker, Id } from "../../../../worker/contract";
import { call } from "../../api/call";
import { useAction } from "../../api/useAction";
import { useMe } from "../../bookmaker/me";
import { Dialog } from "../../ui/Dialog";
import { Page } from "../../ui/Page";
import type { EventsState } from "../events/state";
import { BookmakerCard } from "./BookmakerCard";
import { findBookmaker, useBookmakerLists } from "./bookmakers";
import { myBookmakers, SEARCH_MIN, searchBookmakers } from "./search";
import type { BookiesState } from "./state";
import { TermsDialog } from "./TermsDialog";
import "./bookies.css";

/** The punter's bookmakers, and search among the others to ask to join (spec "/bookies"). */
export function BookiesScreen() {
  const [, navigate] = useLocation();
  const shown = useHistoryState<BookiesState | null>()?.showBookmakerId;
  const ownId = useMe().data?.bookmakerDto?.bookmakerId ?? null;
  const lists = useBookmakerLists();
  const [query, setQuery] = useState("");
  const [terms, setTerms] = useState<Bookmaker | null>(null);
  const [joined, setJoined] = useState<Id | null>(null);
  const [prefilled, setPrefilled] = useState(false);
  const joining = useAction();

  // A deep link's bookmaker: an approved punter goes on to his events; anyone else finds him
  // already typed in the search box, ready to ask to join.
  const deepLinked = shown === undefined ? undefined : findBookmaker(lists.data, shown);
  const deepLinkedStatus = deepLinked?.joinRequestStatus;
  const deepLinkedName = deepLinked?.bookmakerName;
  useEffect(() => {
    if (shown !== undefined && deepLinkedName !== undefined && deepLinkedStatus === "APPROVED")
      navigate(`/events/${shown}`, { replace: true, state: { name: deepLinkedName } satisfies EventsState });
  }, [shown, deepLinkedName, deepLinkedStatus, navigate]);
  // Typed in once, when the lists first name him; set while rendering, so the box never shows empty first.
  if (!prefilled && deepLinkedName !== undefined && deepLinkedStatus !== "APPROVED" && deepLinkedStatus !== "CREATED") {
    setPrefilled(true);
    setQuery(deepLinkedName);
  }

  const open = (b: Bookmaker) =>
    navigate(`/events/${b.bookmakerId}`, { state: { name: b.bookmakerName } satisfies EventsState });

  async function join(b: Bookmaker) {
    if (joining.busy) return;
    setJoined(b.bookmakerId);
    await joining.run(() => call("POST /bookmakers/:id/sign", { params: { id: b.bookmakerId } }));
    // Asked, withdrawn or refused: the lists show where he now stands.
    await lists.mutate();
  }

  const mine = lists.data ? myBookmakers(lists.data, ownId) : [];
  const searching = query.trim().length >= SEARCH_MIN;
  const results = lists.data && searching ? searchBookmakers(lists.data, query, ownId) : [];

  return (
    <Page backTo="/home" className="bookies">
      <h1 className="page-title">Bookmakers</h1>
      <input
        className="input"
        type="search"
        placeholder="Search bookmaker"
        aria-label="Search bookmaker"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />

      {searching && (
        <section className="list" aria-label="Search results">
          {results.length === 0 && lists.data && <p className="state-text">No bookmakers found</p>}
          {results.map((b) => (
            <BookmakerCard
              key={b.bookmakerId}
              bookmaker={b}
              highlighted={b.bookmakerId === shown}
              onTerms={() => setTerms(b)}
              onJoin={() => void join(b)}
              joining={joining.busy && joined === b.bookmakerId}
            />
          ))}
        </section>
      )}

      <h2 className="section-title">My Bookie ({mine.length})</h2>
      {!lists.data && !lists.error && <p className="state-text">Loading...</p>}
      {lists.error && !lists.data && <p className="state-text error-text">Failed to load bookmakers</p>}
      {lists.data && mine.length === 0 && <p className="state-text">Find your bookmaker by name and ask to join.</p>}
      <section className="list" aria-label="My bookmakers">
        {mine.map((b) => (
          <BookmakerCard
            key={b.bookmakerId}
            bookmaker={b}
            highlighted={b.bookmakerId === shown}
            onOpen={b.joinRequestStatus === "APPROVED" ? () => open(b) : undefined}
            onTerms={() => setTerms(b)}
          />
        ))}
      </section>

      <TermsDialog open={terms !== null} onClose={() => setTerms(null)} terms={terms?.terms} />
      <Dialog open={joining.error !== null} onClose={joining.clearError}>
        {joining.error}
      </Dialog>
    </Page>
  );
}
