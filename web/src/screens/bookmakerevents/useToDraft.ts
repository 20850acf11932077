import { useState } from "react";
import { useLocation } from "wouter";
import type { BookmakerEvent, Id } from "../../../../worker/contract";
import { call } from "../../api/call";
import { useAction } from "../../api/useAction";
import { useOwnBook } from "../../bookmaker/book";
import { useEventChanged } from "../../bookmaker/events/data";
import { hasActiveSubscription, useActiveSubscriptions } from "../../subscriptions/active";

/** A live event goes back to draft (suspended) before editing; a draft is edited as it is. */
const isLive = (e: BookmakerEvent) => e.status === "READY_FOR_BETS" || e.status === "WAITING_FOR_RESULT";

/**
 * Whether a live event may have bets, so that suspending it stops punters who bet on it (issue #25).
 * The event carries no bet count; its what-if figures do: any bet makes some outcome's figure
 * non-zero. They are all 0 without WHAT_IF, so then (or while his subscriptions load) it may.
 */
export const mayHaveBets = (e: BookmakerEvent, whatIfHeld: boolean | undefined) =>
  whatIfHeld !== true || e.items.some((i) => i.whatIf !== 0);

/**
 * Draft on an event card: the event suspended, then its draft screen. A live event that may have
 * bets waits in `asking` for the bookmaker's yes first. `busyWith` is the event on its way; a
 * refusal is kept in `error`, and `onError` refetches the list it came from.
 */
export function useToDraft(onError: () => void) {
  const [, navigate] = useLocation();
  const eventChanged = useEventChanged();
  const { book } = useOwnBook();
  const subscriptions = useActiveSubscriptions(book?.bookmakerId).data;
  const whatIfHeld = subscriptions && hasActiveSubscription(subscriptions, "WHAT_IF");
  const [target, setTarget] = useState<Id | null>(null);
  const [asking, setAsking] = useState<BookmakerEvent | null>(null);
  const drafting = useAction({ onError });

  function suspendAndEdit(event: BookmakerEvent) {
    setAsking(null);
    if (drafting.busy) return;
    setTarget(event.id);
    void drafting.run(async () => {
      // The draft screen opens on the answer, not on an event read before the change.
      if (isLive(event)) await eventChanged(await call("POST /events/:id/draft", { params: { id: event.id } }));
      navigate(`/eventmanagementpage/${event.id}`);
    });
  }

  function toDraft(event: BookmakerEvent) {
    if (drafting.busy) return;
    if (isLive(event) && mayHaveBets(event, whatIfHeld)) setAsking(event);
    else suspendAndEdit(event);
  }

  return {
    toDraft,
    asking,
    confirm: () => asking && suspendAndEdit(asking),
    cancel: () => setAsking(null),
    busyWith: drafting.busy ? target : null,
    error: drafting.error,
    clearError: drafting.clearError,
  };
}
