import { t } from "@lingui/core/macro";
import { useState } from "react";
import { useLocation } from "wouter";
import type { BookmakerEvent } from "@worker/contract";
import "@/styles/bookmaker.css";
import { useAction } from "@/api/useAction";
import { useBookEvents, useEventWrites } from "@/features/event-editing/api";
import { newestFirst } from "@/features/event-editing/order";
import { OwnEventResult } from "@/features/event-editing/OwnEventResult";
import { startTime } from "@/ui/dates";
import { Dialog } from "@/ui/Dialog";
import { LoadFailed } from "@/ui/LoadFailed";
import { Page } from "@/ui/Page";
import { historyBadge, StatusBadge } from "@/ui/StatusBadge";
import { readSettlement, undoable, undoText, type Settlement } from "./undo";
import { shownTitle } from "@/i18n/common-words";

/** The bookmaker's settled events of the last 30 days; a tap shows the result, and a result of the last 24 hours can be undone. */
export function EventHistoryScreen() {
  const events = useBookEvents("history");
  const [viewed, setViewed] = useState<BookmakerEvent | null>(null);
  const undo = useUndo();

  return (
    <Page backTo="/bookmakerevents" className="bk">
      <h1 className="page-title">{t`Event history`}</h1>
      {events.error && !events.data ? (
        <LoadFailed message={t`Failed to load events`} onRetry={() => events.mutate()} className="bk-empty" />
      ) : !events.data ? (
        <p className="bk-empty">{t`Loading...`}</p>
      ) : events.data.length === 0 ? (
        <p className="bk-empty">{t`No finished events in the last 30 days.`}</p>
      ) : (
        <ul className="bk-list">
          {newestFirst(events.data).map((e) => (
            <li key={e.id} className="bk-history-item">
              <button type="button" className="bk-card bk-tap" onClick={() => setViewed(e)}>
                <span className="bk-row">
                  {/* Wraps rather than cut: "Carreras de caballos / Irlanda" beside its badge. */}
                  <span className="bk-strong">{shownTitle(e.title)}</span>
                  <StatusBadge label={historyBadge(e.status)} />
                </span>
                <span className="bk-muted bk-clamp">{e.description || t`No description`}</span>
                <span className="bk-muted">{startTime(e.startDate)}</span>
              </button>
              {undoable(e) && (
                <button
                  type="button"
                  className="button button-secondary bk-undo"
                  onClick={() => void undo.ask(e)}
                  disabled={undo.busy}
                >
                  {t`Undo result`}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {viewed && <OwnEventResult event={viewed} onClose={() => setViewed(null)} />}
      <Dialog
        open={undo.asking !== null}
        onClose={undo.cancel}
        title={t`Undo the result?`}
        buttons={[
          { label: t`Cancel`, onClick: undo.cancel },
          { label: t`Undo result`, onClick: () => void undo.confirm(), primary: true, disabled: undo.busy },
        ]}
      >
        {undo.asking && undoText(undo.asking.settlement)}
      </Dialog>
      <Dialog open={undo.failure !== null} onClose={undo.dismiss}>
        {undo.failure}
      </Dialog>
    </Page>
  );
}

/**
 * Undo result: reads what it moves back for the question, then undoes; the event goes back to
 * the open list, waiting for its result, and the bookmaker lands there to settle it again.
 */
function useUndo() {
  const [, navigate] = useLocation();
  const writes = useEventWrites();
  const [asking, setAsking] = useState<{ event: BookmakerEvent; settlement: Settlement } | null>(null);
  const { busy, error, run, clearError } = useAction({ onError: () => setAsking(null) });

  return {
    asking,
    busy,
    failure: error,
    ask: (event: BookmakerEvent) => run(async () => setAsking({ event, settlement: await readSettlement(event.id) })),
    confirm: () =>
      run(async () => {
        if (!asking) return;
        await writes.undo(asking.event.id);
        setAsking(null);
        navigate("/bookmakerevents", { replace: true });
      }),
    cancel: () => setAsking(null),
    dismiss: clearError,
  };
}
