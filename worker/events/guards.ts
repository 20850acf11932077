import { decimalText, ladderOdds, payoutCents, sameOdds, type Odds } from "../../common/odds";
import { UNSETTLE_WINDOW_MS } from "../../common/racing";
import { DATE_PAST_MESSAGE, OUTCOMES_MIN_MESSAGE } from "../../common/event-form";
import { STATUS_WORDS } from "../../common/status-words";
import { stakeRoom } from "./book";
import { fail, OPEN, type EventState, type ItemState, type RoomResult } from "./state";
import { BET_EXISTS, EVENT_SUSPENDED, INSUFFICIENT_CURRENCY, SUBSCRIPTION_NOT_FOUND } from "../../common/refusals";

// The rules of an event's lifecycle, free of storage and time sources: each guard answers
// the refusal (with the words a bookmaker or punter reads) or null when the change may go
// ahead. The room calls them before it reserves or writes anything.

/** A guard's refusal, in the words the user reads. */
export type Failure = Extract<RoomResult<never>, { ok: false }>;
type Refusal = Failure | null;

export const isOpen = (e: EventState) => OPEN.includes(e.status);

/** Changes of odds, dates, runners and the result need an event not yet settled. */
export function canChange(e: EventState): Refusal {
  return isOpen(e) ? null : fail("ALREADY_SETTLED", "The event is settled already.");
}

/**
 * A bookmaker may start events (create, publish, reopen) only with an active BOOKMAKER
 * subscription and coins in his pool; at 0 or below he may still close them (the Guide's rule).
 */
export function canRunEvents(book: { subscribed: boolean; poolCents: number }): Refusal {
  if (!book.subscribed) return fail("SUBSCRIPTION_REQUIRED", SUBSCRIPTION_NOT_FOUND);
  if (book.poolCents <= 0) return fail("INSUFFICIENT_COINS", INSUFFICIENT_CURRENCY);
  return null;
}

/** A start must lie ahead when an event is created, published or moved. */
export function startsAhead(startDate: string, now: number): Refusal {
  return Date.parse(startDate) <= now ? fail("VALIDATION", DATE_PAST_MESSAGE, { field: "startDate" }) : null;
}

export function canPublish(e: EventState, activeItems: number, now: number): Refusal {
  if (e.status !== "CREATED") return fail("CONFLICT", `The event is ${STATUS_WORDS[e.status]}, not a draft.`);
  const late = startsAhead(e.startDate, now);
  if (late) return late;
  if (activeItems < 2) return fail("VALIDATION", OUTCOMES_MIN_MESSAGE, { field: "items" });
  return null;
}

export function canSuspend(e: EventState): Refusal {
  if (e.status === "READY_FOR_BETS" || e.status === "WAITING_FOR_RESULT") return null;
  return fail("CONFLICT", `The event is ${STATUS_WORDS[e.status]}; only a live event can go back to draft.`);
}

export function canReplaceItems(e: EventState, dropped: ItemState[]): Refusal {
  if (e.status !== "CREATED")
    return fail("EVENT_NOT_OPEN", "Only a draft's outcomes can be replaced; move the event to draft first.");
  if (dropped.some((i) => i.stakeCents > 0 || i.status !== "ACTIVE"))
    return fail("CONFLICT", "An outcome that has bets or was withdrawn cannot be removed.");
  return null;
}

export function canMoveDates(e: EventState, startDate: string, now: number): Refusal {
  return canChange(e) ?? startsAhead(startDate, now);
}

/** Odds by hand: outcomes of this event that still run, and never while the equalizer sets them. */
export function canSetOdds(
  e: EventState,
  equalizer: boolean,
  items: Map<number, ItemState>,
  changed: number[],
): Refusal {
  const refusal = canChange(e);
  if (refusal) return refusal;
  if (equalizer && changed.length > 0)
    return fail("CONFLICT", "The equalizer sets the odds of this event; turn it off to set them by hand.");
  for (const id of changed) {
    const item = items.get(id);
    if (!item) return fail("VALIDATION", "Not an outcome of this event.", { field: "items" });
    if (item.status !== "ACTIVE") return fail("CONFLICT", `${item.title} is withdrawn.`);
  }
  return null;
}

export function canWithdraw(e: EventState, item: ItemState | undefined): Refusal {
  const refusal = canChange(e);
  if (refusal) return refusal;
  if (!item) return fail("NOT_FOUND", "Outcome not found.");
  if (item.status !== "ACTIVE") return fail("CONFLICT", `${item.title} is withdrawn already.`);
  return null;
}

export function canSettle(e: EventState, items: Map<number, ItemState>, winners: number[]): Refusal {
  const refusal = canChange(e);
  if (refusal) return refusal;
  for (const id of winners) {
    const item = items.get(id);
    if (!item) return fail("VALIDATION", "Not an outcome of this event.", { field: "winners" });
    if (item.status !== "ACTIVE")
      return fail("VALIDATION", `${item.title} is withdrawn and cannot win.`, { field: "winners" });
  }
  return null;
}

/**
 * A bet, in the order of docs/ARCHITECTURE.md, "Betting": open and not started; the outcome runs; one bet per
 * punter per outcome; the odds sent are the current odds; the outcome's potential payout
 * stays within the max payout. Coins are the ledger's CHECK, at write time.
 * Answers the odds and payout the bet is taken at when it may go ahead.
 */
export function checkBet(
  e: EventState,
  item: ItemState | undefined,
  bet: { stakeCents: number; coefficient: number; alreadyBet: boolean },
  now: number,
): { refusal: Failure } | { odds: Odds; payoutCents: number } {
  if (e.status !== "READY_FOR_BETS" || Date.parse(e.startDate) <= now)
    return { refusal: fail("EVENT_NOT_OPEN", EVENT_SUSPENDED) };
  if (!item) return { refusal: fail("NOT_FOUND", "Outcome not found.") };
  if (item.status !== "ACTIVE") return { refusal: fail("EVENT_NOT_OPEN", `${item.title} is withdrawn.`) };
  if (bet.alreadyBet) return { refusal: fail("BET_EXISTS", BET_EXISTS) };
  const sent = ladderOdds(bet.coefficient);
  const odds = item.curr;
  if (!sent || !sameOdds(sent, odds))
    return { refusal: fail("ODDS_CHANGED", "The odds have changed.", { coefficient: decimalText(odds) }) };
  const payout = payoutCents(bet.stakeCents, odds);
  if (item.liabilityCents + payout > e.maxPayoutCents) {
    return {
      refusal: fail("LIMIT_EXCEEDED", "This bet would take the outcome past the bookmaker's max payout.", {
        maxStake: stakeRoom(e.maxPayoutCents - item.liabilityCents, odds) / 100,
      }),
    };
  }
  return { odds, payoutCents: payout };
}

export { UNSETTLE_WINDOW_MS };

/** Only a settled (CALCULATED) or abandoned (CANCELLED) event has a result to undo or to size up for undoing. */
export function hasResult(e: Pick<EventState, "status" | "settledAt">): Refusal {
  if ((e.status !== "CALCULATED" && e.status !== "CANCELLED") || !e.settledAt)
    return fail("CANNOT_UNSETTLE", "Only a settled or abandoned event's result can be undone.");
  return null;
}

/** A result may be undone once, within 24 hours of the settlement. */
export function canUnsettle(e: EventState, now: number): Refusal {
  const none = hasResult(e);
  if (none || !e.settledAt) return none;
  if (Date.parse(e.settledAt) + UNSETTLE_WINDOW_MS < now)
    return fail("CANNOT_UNSETTLE", "A result can be undone only within 24 hours of settling it.");
  return null;
}

/** An event left unsettled this long after its end is abandoned, so no stake is held forever. */
export const UNSETTLED_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/** When the room must look at the event next: its start (bets close), else the end of its grace; never once settled. */
export function nextAlarm(e: EventState, now: number): number | null {
  if (!isOpen(e)) return null;
  const start = Date.parse(e.startDate);
  return e.status === "READY_FOR_BETS" && start > now ? start : Date.parse(e.endDate) + UNSETTLED_GRACE_MS;
}
