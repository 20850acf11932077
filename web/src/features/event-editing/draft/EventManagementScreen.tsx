import { t } from "@lingui/core/macro";
import { useEffect, useState } from "react";
import { useLocation, useParams } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import type { BookmakerEvent } from "@worker/contract";
import "@/styles/bookmaker.css";
import { isSettled, useBookEvent } from "../api";
import { Dialog } from "@/ui/Dialog";
import { LoadFailed } from "@/ui/LoadFailed";
import { Page } from "@/ui/Page";
import type { CreateEventState } from "@/navigation/createeventpage";
import type { EventManagementState } from "@/navigation/eventmanagementpage";
import type { BookiesState } from "@/navigation/bookies";
import { useMe } from "@/features/profile/me";
import { DraftEditor } from "./DraftEditor";
import { PriceRequestsPanel } from "@/features/price-requests/PriceRequestsPanel";

const eventIdOf = (param: string | undefined) => (param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null);

/** Editing an event put back to draft: dates, odds, non-runners, settlement. */
export function EventManagementScreen() {
  const [, navigate] = useLocation();
  const eventId = eventIdOf(useParams<{ eventId: string }>().eventId);
  const event = useBookEvent(eventId);
  const state = useHistoryState<EventManagementState | null>();
  const atResult = state?.at === "result";
  // The copy offer outlives the editor: once abandoned, the event is over and the editor goes.
  const [copyOf, setCopyOf] = useState<BookmakerEvent | null>(null);
  const leave = () => navigate("/bookmakerevents", { replace: true });
  // A bot message's event_<id> names this screen; a punter sent here (a price request's offer) has
  // no book to read it from: he goes on to the event as he sees it, as a shared event's link does.
  const me = useMe().data;
  const punter = me !== undefined && !me.bookmakerDto && !me.staffOf;
  const unreadable = event.error !== undefined && !event.data;
  useEffect(() => {
    if (eventId !== null && punter && unreadable)
      navigate("/bookies", { replace: true, state: { showEventId: eventId } satisfies BookiesState });
  }, [eventId, punter, unreadable, navigate]);

  return (
    <Page backTo={state?.from === "liability" ? "/liability" : "/bookmakerevents"} className="bk">
      <h1 className="page-title">{t`Draft`}</h1>
      {eventId === null ? (
        <p className="bk-empty">{t`Incorrect event id`}</p>
      ) : event.error && !event.data ? (
        <LoadFailed message={t`Error loading event data`} onRetry={() => event.mutate()} className="bk-empty" />
      ) : !event.data ? (
        <p className="bk-empty">{t`Loading...`}</p>
      ) : isSettled(event.data) ? (
        <p className="bk-empty">{t`This event is over. Its result is in Event history.`}</p>
      ) : (
        <>
          <PriceRequestsPanel eventId={event.data.id} />
          <DraftEditor key={event.data.id} event={event.data} atResult={atResult} onAbandoned={setCopyOf} />
        </>
      )}
      <Dialog
        open={copyOf !== null}
        onClose={leave}
        title={t`Do you want to create a copy of this event??`}
        buttons={[
          { label: t`No`, onClick: leave },
          {
            label: t`Yes`,
            onClick: () =>
              navigate("/createeventpage", { replace: true, state: { copy: copyOf! } satisfies CreateEventState }),
            primary: true,
          },
        ]}
      />
    </Page>
  );
}
