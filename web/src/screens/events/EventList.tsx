import type { PlayerEvent } from "../../../../worker/contract";
import { EventCard } from "./EventCard";

/** The events, or the spec's words while they load, when they failed and when there are none. */
export function EventList({
  events,
  failed,
  onOpen,
}: {
  events: PlayerEvent[] | undefined;
  failed: boolean;
  onOpen(e: PlayerEvent): void;
}) {
  if (failed) return <p className="state-text error-text">Failed to load events</p>;
  if (!events) return <p className="state-text">Loading events...</p>;
  if (events.length === 0) return <p className="state-text">No upcoming or recent events</p>;
  return (
    <section className="list" aria-label="Events">
      {events.map((e) => (
        <EventCard key={e.eventId} event={e} onOpen={() => onOpen(e)} />
      ))}
    </section>
  );
}
