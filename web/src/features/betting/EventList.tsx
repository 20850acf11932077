import { t } from "@lingui/core/macro";
import type { ReactNode } from "react";
import type { PlayerEvent } from "@worker/contract";
import { LoadFailed } from "@/ui/LoadFailed";
import { EventCard } from "./EventCard";

/** The events, or the spec's words while they load, when they failed and when there are none. */
export function EventList({
  events,
  failed,
  onRetry,
  onOpen,
  below,
}: {
  events: PlayerEvent[] | undefined;
  failed: boolean;
  onRetry?: () => Promise<unknown>;
  onOpen(e: PlayerEvent): void;
  /** What an event shows under its card (the bet slip's picks), if anything. */
  below?(e: PlayerEvent): ReactNode;
}) {
  if (failed) return <LoadFailed message={t`Failed to load events`} onRetry={onRetry} />;
  if (!events) return <p className="state-text">{t`Loading events...`}</p>;
  if (events.length === 0) return <p className="state-text">{t`No upcoming or recent events`}</p>;
  return (
    <section className="list" aria-label={t`Events`}>
      {events.map((e) => {
        const extra = below?.(e);
        const card = <EventCard key={e.eventId} event={e} onOpen={() => onOpen(e)} />;
        return extra ? (
          <div key={e.eventId} className="event-entry">
            {card}
            {extra}
          </div>
        ) : (
          card
        );
      })}
    </section>
  );
}
