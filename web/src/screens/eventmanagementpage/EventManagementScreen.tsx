import { useParams } from "wouter";
import "../../bookmaker/bookmaker.css";
import { useBookEvent } from "../../bookmaker/events/data";
import { Page } from "../../ui/Page";
import { isClosed } from "./actions";
import { DraftEditor } from "./DraftEditor";

const eventIdOf = (param: string | undefined) => (param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null);

/** Editing an event put back to draft: dates, odds, non-runners, settlement. */
export function EventManagementScreen() {
  const eventId = eventIdOf(useParams<{ eventId: string }>().eventId);
  const event = useBookEvent(eventId);

  return (
    <Page backTo="/bookmakerevents" className="bk">
      <h1 className="page-title">Draft</h1>
      {eventId === null ? (
        <p className="bk-empty">Incorrect event id</p>
      ) : event.error && !event.data ? (
        <p className="bk-empty">Error loading event data</p>
      ) : !event.data ? (
        <p className="bk-empty">Loading...</p>
      ) : isClosed(event.data) ? (
        <p className="bk-empty">This event is over. Its result is in Event history.</p>
      ) : (
        <DraftEditor key={event.data.id} event={event.data} onChanged={(e) => event.mutate(e, { revalidate: false })} />
      )}
    </Page>
  );
}
