import { useState } from "react";
import { useLocation } from "wouter";
import type { BookmakerEvent, BookmakerOutcome, Id } from "@worker/contract";
import { useAction } from "@/api/useAction";
import type { EventManagementState } from "@/navigation/eventmanagementpage";
import { useBookId } from "@/features/profile/book";
import { useEventWrites } from "./api";
import { hasActiveSubscription, useActiveSubscriptions } from "@/features/market/active";

/**
 * What Draft needs of an event: the event list's, whose bets its what-if figures betray, or the
 * liability board's, which counts them.
 */
export type Draftable = Pick<BookmakerEvent, "id" | "title" | "status"> &
  ({ items: Pick<BookmakerOutcome, "whatIf">[] } | { bets: number });

/** A live event goes back to draft (suspended) before editing; a draft is edited as it is. */
const isLive = (e: Draftable) => e.status === "READY_FOR_BETS" || e.status === "WAITING_FOR_RESULT";

/**
 * Whether a live event may have bets, so that suspending it stops punters who bet on it (docs/decisions/screens.md, "The mini-app's screens").
 * The list's event carries no bet count; its what-if figures do: any bet makes some outcome's
 * figure non-zero. They are all 0 without WHAT_IF, so then (or while his subscriptions load) it may.
 */
export const mayHaveBets = (e: Draftable, whatIfHeld: boolean | undefined) =>
  "bets" in e ? e.bets > 0 : whatIfHeld !== true || e.items.some((i) => i.whatIf !== 0);

/**
 * Draft on an event card: the event suspended, then its draft screen. A live event that may have
 * bets waits in `asking` for the bookmaker's yes first. `busyWith` is the event on its way; a
 * refusal is kept in `error`, and `onError` refetches the list it came from. `state` goes to the
 * draft screen (where its Back leads).
 */
export function useToDraft(onError: () => void, state?: EventManagementState) {
  const [, navigate] = useLocation();
  const writes = useEventWrites();
  const bookmakerId = useBookId();
  const subscriptions = useActiveSubscriptions(bookmakerId).data;
  const whatIfHeld = subscriptions && hasActiveSubscription(subscriptions, "WHAT_IF");
  const [target, setTarget] = useState<Id | null>(null);
  const [asking, setAsking] = useState<Draftable | null>(null);
  const drafting = useAction({ onError });

  function suspendAndEdit(event: Draftable) {
    setAsking(null);
    if (drafting.busy) return;
    setTarget(event.id);
    void drafting.run(async () => {
      // The draft screen opens on the answer, not on an event read before the change.
      if (isLive(event)) await writes.suspend(event.id);
      navigate(`/eventmanagementpage/${event.id}`, { state });
    });
  }

  function toDraft(event: Draftable) {
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
