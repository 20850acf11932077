import { BOOK_LAPSED, EVENT_SUSPENDED, ONLY_APPROVED_PUNTERS } from "../../common/refusals";
import type { EventStatus, OutcomeStatus } from "../contract";
import { en, words, type Words } from "../lib/words";

// May this punter bet on this outcome now (docs/rules/betting.md, "What the room checks"): one
// rule for every door that strikes a bet, a single (its event's room, checkBet and access.ts)
// and each leg of a multiple (multiples/placement.ts, before its batch and again inside it, in
// SQL). The SQL is written from the same facts as the TypeScript, so the two cannot differ.

/** The event status that takes bets, and the outcome status that runs. */
const TAKING_BETS: EventStatus = "READY_FOR_BETS";
const RUNNING: OutcomeStatus = "ACTIVE";

/** Why a bet may not be struck, in the words the punter reads. */
export interface BetRefusal {
  code: "EVENT_NOT_OPEN" | "NOT_FOUND" | "FORBIDDEN";
  message: string | Words;
}

/**
 * Whether `outcome` of `event` takes a bet at `now` (ms): its event taking bets and not yet
 * started, the outcome there and running. Null when it does; else the first reason it does not.
 */
export function outcomeRefusal(
  event: { status: string; startDate: string },
  outcome: { title: string; status: string } | undefined,
  now: number,
): BetRefusal | null {
  if (event.status !== TAKING_BETS || Date.parse(event.startDate) <= now)
    return { code: "EVENT_NOT_OPEN", message: EVENT_SUSPENDED };
  if (!outcome) return { code: "NOT_FOUND", message: en("Outcome not found.") };
  if (outcome.status !== RUNNING)
    return { code: "EVENT_NOT_OPEN", message: words("{outcome} is withdrawn.", { outcome: outcome.title }) };
  return null;
}

/**
 * The same rule in SQL: true when the outcome (table alias `outcome`) of its event (`event`)
 * takes a bet at `now` (SQL for an ISO time, which compares as the stored start dates do).
 */
export const outcomeOpenSql = (event: string, outcome: string, now: string) =>
  `${event}.status = '${TAKING_BETS}' AND ${event}.start_date > ${now} AND ${outcome}.status = '${RUNNING}'`;

/**
 * Whether the punter may bet in the book at all: an approved member of it (a bookmaker is never
 * his own punter), while its bookmaker's subscription runs. Null when he may.
 */
export function punterRefusal(p: { membership: string | null | undefined; subscribed: boolean }): BetRefusal | null {
  if (p.membership !== "APPROVED") return { code: "FORBIDDEN", message: ONLY_APPROVED_PUNTERS };
  if (!p.subscribed) return { code: "EVENT_NOT_OPEN", message: BOOK_LAPSED };
  return null;
}
