import { t } from "@lingui/core/macro";
import { useState } from "react";
import { useLocation } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import type { Bookmaker, Id } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { useMe } from "@/features/profile/me";
import { Dialog } from "@/ui/Dialog";
import { Page } from "@/ui/Page";
import type { EventsState } from "@/navigation/events";
import { BookmakerCard } from "./BookmakerCard";
import { askToJoin, useBookmakerLists, withRequest } from "./bookmakers";
import { MyBookmakers } from "./MyBookmakers";
import { myBookmakers, SEARCH_MIN, searchBookmakers } from "./search";
import type { BookiesState } from "@/navigation/bookies";
import { TermsDialog } from "./TermsDialog";
import { useDeepLink } from "./useDeepLink";
import "./bookies.css";

/** The punter's bookmakers, and search among the others to ask to join (docs/rules/screens.md, "Bookmaker search"). */
export function BookiesScreen() {
  const [, navigate] = useLocation();
  const ownId = useMe().data?.bookmakerDto?.bookmakerId ?? null;
  const lists = useBookmakerLists();
  const [query, setQuery] = useState("");
  const [terms, setTerms] = useState<Bookmaker | null>(null);
  const [joined, setJoined] = useState<Id | null>(null);
  const joining = useAction();

  const shown = useDeepLink(useHistoryState<BookiesState | null>(), lists.data, setQuery);

  const open = (b: Bookmaker) =>
    navigate(`/events/${b.bookmakerId}`, { state: { name: b.bookmakerName } satisfies EventsState });

  async function join(b: Bookmaker) {
    if (joining.busy) return;
    setJoined(b.bookmakerId);
    const asked = await joining.run(() => askToJoin(b.bookmakerId));
    if (asked) {
      // His request shows under My Bookie at once, not as an empty search ('No bookmakers found').
      setQuery("");
      await lists.mutate((current) => current && withRequest(current, asked), { revalidate: false });
    }
    // Asked, withdrawn or refused: the lists show where he now stands.
    await lists.mutate();
  }

  const searching = query.trim().length >= SEARCH_MIN;
  const results = lists.data && searching ? searchBookmakers(lists.data, query, ownId) : [];

  return (
    <Page backTo="/home" className="bookies">
      <h1 className="page-title">{t`Bookmakers`}</h1>
      <input
        className="input"
        type="search"
        placeholder={t`Search bookmaker`}
        aria-label={t`Search bookmaker`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />

      {searching && (
        <section className="list" aria-label={t`Search results`}>
          {results.length === 0 && lists.data && <p className="state-text">{t`No bookmakers found`}</p>}
          {results.map((b) => (
            <BookmakerCard
              key={b.bookmakerId}
              bookmaker={b}
              highlighted={b.bookmakerId === shown}
              onTerms={() => setTerms(b)}
              onOpen={() => open(b)}
              onJoin={() => void join(b)}
              joining={joining.busy && joined === b.bookmakerId}
            />
          ))}
        </section>
      )}

      <MyBookmakers
        mine={lists.data ? myBookmakers(lists.data, ownId) : undefined}
        failed={lists.error !== undefined && !lists.data}
        onRetry={() => lists.mutate()}
        highlighted={shown}
        onOpen={open}
        onTerms={setTerms}
      />

      <TermsDialog open={terms !== null} onClose={() => setTerms(null)} terms={terms?.terms} />
      <Dialog open={joining.error !== null} onClose={joining.clearError}>
        {joining.error}
      </Dialog>
    </Page>
  );
}
