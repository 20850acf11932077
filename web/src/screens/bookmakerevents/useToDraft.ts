import { useState } from "react";
import { useLocation } from "wouter";
import type { BookmakerEvent, Id } from "../../../../worker/contract";
import { call } from "../../api/call";
import { useAction } from "../../api/useAction";
import { useEventChanged } from "../../bookmaker/events/data";

/** A live event goes back to draft (suspended) before editing; a draft is edited as it is. */
const isLive = (e: BookmakerEvent) => e.status === "READY_FOR_BETS" || e.status === "WAITING_FOR_RESULT";

/**
 * Draft on an event card: the event suspended, then its draft screen. `busyWith` is the event
 * on its way; a refusal is kept in `error`, and `onError` refetches the list it came from.
 */
export function useToDraft(onError: () => void) {
  const [, navigate] = useLocation();
  const eventChanged = useEventChanged();
  const [target, setTarget] = useState<Id | null>(null);
  const drafting = useAction({ onError });

  function toDraft(event: BookmakerEvent) {
    if (drafting.busy) return;
    setTarget(event.id);
    void drafting.run(async () => {
      // The draft screen opens on the answer, not on an event read before the change.
      if (isLive(event)) await eventChanged(await call("POST /events/:id/draft", { params: { id: event.id } }));
      navigate(`/eventmanagementpage/${event.id}`);
    });
  }

  return { toDraft, busyWith: drafting.busy ? target : null, error: drafting.error, clearError: drafting.clearError };
}
