import { placingsWords, type PlaceTerms } from "../../../common/each-way";
import { decimalText, ladderOdds, sameOdds, type Odds } from "../../../common/odds";
import { UNSETTLE_WINDOW_MS } from "../../../common/racing";
import { DATE_PAST_MESSAGE, OUTCOMES_MIN_MESSAGE } from "../../../common/event-form";
import { STATUS_WORDS, type EventStatusName } from "../../../common/status-words";
import {
  betTotals,
  liabilityOf,
  maxStakeCents,
  placesInForce,
  punterMaxStakeCents,
  raisedResults,
  termsFor,
  withinCap,
  type BetTotals,
  type Liability,
} from "./book";
import type { Placing } from "../schemas";
import { OPEN, type EventState, type OutcomeState } from "../state";
import { NO_CAPS, type PunterCaps } from "../bet-request";
import { fail, type RoomResult } from "../room-result";
import { BET_EXISTS, INSUFFICIENT_CURRENCY, SP_UNAVAILABLE, SUBSCRIPTION_NOT_FOUND } from "../../../common/refusals";
import { outcomeRefusal } from "../../bets/may-bet";
import { en, words, type Words } from "../../lib/words";

// The rules of an event's lifecycle, free of storage and time sources: each guard answers
// the refusal (with the words a bookmaker or punter reads) or null when the change may go
// ahead. The room calls them before it reserves or writes anything.

/** A guard's refusal, in the words the user reads. */
export type Failure = Extract<RoomResult<never>, { ok: false }>;
type Refusal = Failure | null;

export const isOpen = (e: EventState) => OPEN.includes(e.status);

/** An event's status in a user's words (common/status-words.ts), said inside a message in its language. */
const statusWords = (status: EventStatusName): Words => ({ text: STATUS_WORDS[status] });

/** Changes of odds, dates, runners and the result need an event not yet settled. */
export function canChange(e: EventState): Refusal {
  return isOpen(e) ? null : fail("ALREADY_SETTLED", en("The event is settled already."));
}

/**
 * A bookmaker may start events (create, publish, reopen) only with an active BOOKMAKER
 * subscription and coins in his pool; at 0 or below he may still close them (the Guide's rule).
 */
export interface RunFacts {
  subscribed: boolean;
  poolCents: number;
}

export function canRunEvents(book: RunFacts): Refusal {
  if (!book.subscribed) return fail("SUBSCRIPTION_REQUIRED", SUBSCRIPTION_NOT_FOUND);
  if (book.poolCents <= 0) return fail("INSUFFICIENT_COINS", INSUFFICIENT_CURRENCY);
  return null;
}

/** A start must lie ahead when an event is created, published or moved. */
export function startsAhead(startDate: string, now: number): Refusal {
  return Date.parse(startDate) <= now ? fail("VALIDATION", DATE_PAST_MESSAGE, { field: "startDate" }) : null;
}

export function canPublish(e: EventState, activeItems: number, now: number): Refusal {
  if (e.status !== "CREATED")
    return fail("CONFLICT", words("The event is {status}, not a draft.", { status: statusWords(e.status) }));
  const late = startsAhead(e.startDate, now);
  if (late) return late;
  if (activeItems < 2) return fail("VALIDATION", OUTCOMES_MIN_MESSAGE, { field: "items" });
  return null;
}

export function canSuspend(e: EventState): Refusal {
  if (e.status === "READY_FOR_BETS" || e.status === "WAITING_FOR_RESULT") return null;
  return fail(
    "CONFLICT",
    words("The event is {status}; only a live event can go back to draft.", { status: statusWords(e.status) }),
  );
}

/** `inMultiples`: a dropped outcome is a leg of a multiple. */
export function canReplaceOutcomes(e: EventState, dropped: OutcomeState[], inMultiples = false): Refusal {
  if (e.status !== "CREATED")
    return fail("EVENT_NOT_OPEN", en("Only a draft's outcomes can be replaced; move the event to draft first."));
  if (inMultiples || dropped.some((i) => i.stakeCents > 0 || i.status !== "ACTIVE"))
    return fail("CONFLICT", en("An outcome that has bets or was withdrawn cannot be removed."));
  return null;
}

/** New dates: a start ahead; one that takes a started event back to taking bets asks what reopening asks (canRunEvents). */
export function canMoveDates(e: EventState, next: EventState, now: number, book: RunFacts): Refusal {
  const reopens = e.status !== "READY_FOR_BETS" && next.status === "READY_FOR_BETS";
  return canChange(e) ?? startsAhead(next.startDate, now) ?? (reopens ? canRunEvents(book) : null);
}

const EQUALIZER_SETS_ODDS = en("The equalizer sets the odds of this event; turn it off to set them by hand.");

/** Odds by hand: outcomes of this event that still run, and never while the equalizer sets them. */
export function canSetOdds(
  e: EventState,
  equalizer: boolean,
  items: Map<number, OutcomeState>,
  changed: number[],
): Refusal {
  const refusal = canChange(e);
  if (refusal) return refusal;
  if (equalizer && changed.length > 0) return fail("CONFLICT", EQUALIZER_SETS_ODDS);
  for (const id of changed) {
    const item = items.get(id);
    if (!item) return fail("VALIDATION", en("Not an outcome of this event."), { field: "items" });
    if (item.status !== "ACTIVE") return fail("CONFLICT", words("{outcome} is withdrawn.", { outcome: item.title }));
  }
  return null;
}

/** The rules a struck bet was struck under, as a change names them. */
export type Rules = Partial<Pick<EventState, "rule4" | "deadHeat" | "eachWay" | "sp" | "bog">>;

/** Each rule as a refusal names it: a whole sentence each, so a language words it as it needs. */
const RULE_FROZEN = {
  rule4: en("Rule 4 cannot change once bets are struck on this event."),
  deadHeat: en("The dead-heat rule cannot change once bets are struck on this event."),
  eachWay: en("Each-way terms cannot change once bets are struck on this event."),
  sp: en("SP cannot be switched on or off once bets are struck on this event."),
  bog: en("Best odds guaranteed cannot change once bets are struck on this event."),
} as const;

/** The rules a change would move: given, and not what the event has (setting a rule to what it is is no change). */
export const movedRules = (e: EventState, rules: Rules) =>
  (Object.keys(RULE_FROZEN) as (keyof Rules)[]).filter(
    (key) => rules[key] !== undefined && JSON.stringify(rules[key]) !== JSON.stringify(e[key]),
  );

/**
 * What a struck bet was struck under stays (docs/ARCHITECTURE.md "the one gate"): once any bet is struck on the
 * event (a single, either part of an each-way bet, a multiple's leg), Rule 4, the dead-heat rule,
 * the each-way terms, SP and BOG cannot change, from whichever door. `struck`: whether any bet is.
 */
export function canChangeRules(e: EventState, rules: Rules, struck: boolean): Refusal {
  const [moved] = movedRules(e, rules);
  if (moved === undefined || !struck) return null;
  return fail("CONFLICT", RULE_FROZEN[moved], { field: moved });
}

/** Whether the room holds a struck single (either part of an each-way bet included). */
export const singlesStruck = (items: Map<number, OutcomeState>) => [...items.values()].some((i) => i.stakeCents > 0);

/**
 * A published event's odds are the equalizer's while it is on, from the draft as from the live
 * edit: an existing outcome's odds may not be set by hand (a new outcome's first odds are its
 * bookmaker's own, as a new event's are).
 */
export function canSetDraftOdds(e: EventState, equalizer: boolean, changed: OutcomeState[]): Refusal {
  if (!e.publishedAt || !equalizer || changed.length === 0) return null;
  return fail("CONFLICT", EQUALIZER_SETS_ODDS);
}

export function canWithdraw(e: EventState, item: OutcomeState | undefined): Refusal {
  const refusal = canChange(e);
  if (refusal) return refusal;
  if (!item) return fail("NOT_FOUND", en("Outcome not found."));
  if (item.status !== "ACTIVE")
    return fail("CONFLICT", words("{outcome} is withdrawn already.", { outcome: item.title }));
  return null;
}

/**
 * A result: outcomes of this event that still run, placed as a race finishes: a place shared by n
 * outcomes is followed by the place n further on (1, 1, 3), and placings name a winner.
 */
export function canFinalize(
  e: EventState,
  items: Map<number, OutcomeState>,
  placings: Placing[],
  field: "winners" | "placings" = "placings",
): Refusal {
  const refusal = canChange(e);
  if (refusal) return refusal;
  for (const { itemId } of placings) {
    const item = items.get(itemId);
    if (!item) return fail("VALIDATION", en("Not an outcome of this event."), { field });
    if (item.status !== "ACTIVE")
      return fail("VALIDATION", words("{outcome} is withdrawn and cannot win.", { outcome: item.title }), { field });
  }
  const problem = placingsWords(placings);
  if (problem) return fail("VALIDATION", problem, { field });
  return null;
}

/** The starting prices a result carries: on an event with SP or BOG, each for an outcome of it still running, once. */
export function canTakeSps(e: EventState, items: Map<number, OutcomeState>, sps: { itemId: number }[]): Refusal {
  if (sps.length === 0) return null;
  if (!e.sp && !e.bog) return fail("SP_UNAVAILABLE", SP_UNAVAILABLE);
  const seen = new Set<number>();
  for (const { itemId } of sps) {
    const item = items.get(itemId);
    if (!item) return fail("VALIDATION", en("Not an outcome of this event."), { field: "sp" });
    if (item.status !== "ACTIVE")
      return fail("VALIDATION", words("{outcome} is withdrawn.", { outcome: item.title }), { field: "sp" });
    if (seen.has(itemId)) return fail("VALIDATION", en("Each outcome may have one SP."), { field: "sp" });
    seen.add(itemId);
  }
  return null;
}

const coinText = (cents: number) => (cents / 100).toFixed(2);

/**
 * A punter's limits on a bet: its stake (both parts of an each-way bet) within his max stake,
 * and what his bets on the event pay on their worst result within his max payout per event.
 * `ticket`: a counter bet, whose limits are the book's for a ticket, said so to the clerk.
 */
function punterRefusal(
  e: EventState,
  items: Map<number, OutcomeState>,
  item: OutcomeState,
  totals: BetTotals,
  caps: PunterCaps,
  own: Liability[],
  ticket: boolean,
): Words | null {
  if (caps.maxStakeCents !== null && totals.stakeCents > caps.maxStakeCents) {
    const max = coinText(caps.maxStakeCents);
    if (totals.placeCents === 0)
      return ticket
        ? words("The book's maximum stake for a ticket is {max}.", { max })
        : words("Your maximum stake is {max}.", { max });
    const part = coinText(Math.floor(caps.maxStakeCents / 2));
    return ticket
      ? words("The book's maximum stake for a ticket is {max} ({part} each way).", { max, part })
      : words("Your maximum stake is {max} ({part} each way).", { max, part });
  }
  const cap = caps.maxPayoutCents;
  if (cap === null) return null;
  const past = raisedResults(own, liabilityOf(item), totals, placesInForce(e, items)).filter((r) => r.after > cap);
  if (past.length === 0) return null;
  // A ticket is its one bet: the whole cap is left for it.
  if (ticket) return words("The book's maximum payout for a ticket on this event is {max}.", { max: coinText(cap) });
  // What the tightest of the results it would take past the cap can still pay him.
  const left = Math.min(...past.map((r) => Math.max(0, cap - r.before)));
  return words("Your maximum payout on this event is {max}: {left} left.", {
    max: coinText(cap),
    left: coinText(left),
  });
}

/**
 * A bet, in the order the room checks it: open and not started; the outcome runs; each-way
 * only where the event has terms; one bet per punter per outcome; the odds sent are the
 * current odds; the punter's own limits (his max stake, his max payout on the event over `own`,
 * his share of its results); the book's results stay within the max payout. Coins are the
 * ledger's CHECK, at write time. Answers the odds, what the bet adds to its outcome's totals and
 * its place terms when it may go ahead.
 */
export function checkBet(
  e: EventState,
  items: Map<number, OutcomeState>,
  bet: {
    itemId: number;
    stakeCents: number;
    coefficient: number | null;
    alreadyBet: boolean;
    eachWay: boolean;
    atSp?: boolean;
    /** A counter bet (a ticket): a limit refusing it is said as the book's for a ticket. */
    counter?: boolean;
    /**
     * A price request's offer taken (price-requests/): struck at the offer's odds, whatever the
     * odds now, past the punter's limits and the event's max payout, since the book chose it.
     */
    offer?: Odds;
    /** Checks all but the odds sent, at the odds now (a price request being asked). */
    anyOdds?: boolean;
  },
  now: number,
  punter: { caps: PunterCaps; own: Liability[] } = { caps: NO_CAPS, own: [] },
): { refusal: Failure } | { odds: Odds; totals: BetTotals; placeTerms: PlaceTerms | null } {
  const found = items.get(bet.itemId);
  const closed = outcomeRefusal(e, found, now);
  if (closed) return { refusal: fail(closed.code, closed.message) };
  const item = found!; // outcomeRefusal refuses a missing outcome
  const placeTerms = termsFor(e, items, bet.eachWay);
  if (bet.eachWay && !placeTerms)
    return { refusal: fail("EACH_WAY_UNAVAILABLE", en("This event takes no each-way bets.")) };
  if (bet.atSp && !e.sp) return { refusal: fail("SP_UNAVAILABLE", SP_UNAVAILABLE) };
  if (bet.alreadyBet) return { refusal: fail("BET_EXISTS", BET_EXISTS) };
  // A bet at SP has no price until the result: it counts at the bookmaker's price now.
  const odds = bet.offer ?? (bet.atSp ? item.odds : item.curr);
  const sent = bet.coefficient === null ? undefined : ladderOdds(bet.coefficient);
  if (!bet.atSp && !bet.offer && !bet.anyOdds && (!sent || !sameOdds(sent, odds)))
    return { refusal: fail("ODDS_CHANGED", en("The odds have changed."), { coefficient: decimalText(odds) }) };
  const totals = betTotals(bet.stakeCents, odds, placeTerms);
  if (bet.offer) return { odds, totals, placeTerms };
  const own = punterRefusal(e, items, item, totals, punter.caps, punter.own, bet.counter === true);
  const book = [...items.values()].map(liabilityOf);
  const places = placesInForce(e, items);
  if (own || !withinCap(book, liabilityOf(item), totals, places, e.maxPayoutCents)) {
    // What still fits, within the event's max payout and the punter's limits alike.
    const upper = maxStakeCents(e, items, item, odds, bet.eachWay);
    const fits = punterMaxStakeCents(e, items, item, { odds, eachWay: bet.eachWay, upper }, punter.caps, punter.own);
    return {
      refusal: fail("LIMIT_EXCEEDED", own ?? en("This bet would take the outcome past the bookmaker's max payout."), {
        maxStake: fits / 100,
      }),
    };
  }
  return { odds, totals, placeTerms };
}

export { UNSETTLE_WINDOW_MS };

/** Only a settled (CALCULATED) or abandoned (CANCELLED) event has a result to undo or to size up for undoing. */
export function hasResult(e: Pick<EventState, "status" | "settledAt">): Refusal {
  if ((e.status !== "CALCULATED" && e.status !== "CANCELLED") || !e.settledAt)
    return fail("CANNOT_UNSETTLE", en("Only a settled or abandoned event's result can be undone."));
  return null;
}

/** A result may be undone once, within 24 hours of the settlement. */
export function canUndo(e: EventState, now: number): Refusal {
  const none = hasResult(e);
  if (none || !e.settledAt) return none;
  if (Date.parse(e.settledAt) + UNSETTLE_WINDOW_MS < now)
    return fail("CANNOT_UNSETTLE", en("A result can be undone only within 24 hours of settling it."));
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
