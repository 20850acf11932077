import { t } from "@lingui/core/macro";
import type { BookmakerEvent, Id } from "@worker/contract";
import { LoadFailed } from "@/ui/LoadFailed";
import { EventCard } from "./EventCard";

interface OpenEventListProps {
  /** The events to show; undefined while they load. */
  events: BookmakerEvent[] | undefined;
  failed: boolean;
  onRetry(): Promise<unknown>;
  searching: boolean;
  busyWith: Id | null;
  onDraft(e: BookmakerEvent): void;
  onView(e: BookmakerEvent): void;
  onResult(e: BookmakerEvent): void;
}

/** His open events as cards, or why there are none to show. */
export function OpenEventList({
  events,
  failed,
  onRetry,
  searching,
  busyWith,
  onDraft,
  onView,
  onResult,
}: OpenEventListProps) {
  if (failed) return <LoadFailed message={t`Failed to load events`} onRetry={onRetry} className="bk-empty" />;
  if (!events) return <p className="bk-empty">{t`Loading...`}</p>;
  if (events.length === 0)
    return (
      <p className="bk-empty">
        {searching ? t`No event matches this name.` : t`No events yet. Create one with New Event.`}
      </p>
    );
  return (
    <ul className="bk-list">
      {events.map((e) => (
        <li key={e.id}>
          <EventCard
            event={e}
            busy={busyWith === e.id}
            onDraft={() => onDraft(e)}
            onView={() => onView(e)}
            onResult={() => onResult(e)}
          />
        </li>
      ))}
    </ul>
  );
}
