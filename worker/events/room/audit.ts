import { decimalText, type Odds } from "../../../common/odds";
import { auditStatement, type AuditAction, type AuditRow } from "../../audit/record";
import type { OddsChange, RulesChange } from "./changes";
import { movedRules } from "../rules/guards";
import type { Placing, StartingPriceInput } from "../schemas";
import type { EventState, OutcomeState } from "../state";

// What the room's changes put in the audit log (docs/rules/audit.md, "Audit"): one row per
// change, its statement in the change's batch. Odds are kept as the API gives them (decimal).

const coefficient = (o: Odds) => decimalText(o);

/**
 * What a change of the room writes to the audit log: its row, or NOT_AUDITED. The room's commit
 * takes it as a required part, so no change can forget its row.
 */
export type AuditPart = D1PreparedStatement | D1PreparedStatement[] | typeof NOT_AUDITED;

/** A change without a row: a draft never published (its bookmaker's notes), or an edit that changed nothing. */
export const NOT_AUDITED = { notAudited: "a draft never published, or nothing changed" } as const;

/** The rows of a change: one, or one per part of a change made of several (a draft's Save: dates, odds, live). */
export const auditStatements = (part: AuditPart): D1PreparedStatement[] =>
  Array.isArray(part) ? part : "notAudited" in part ? [] : [part];

/** One audit row of the event's change; `actorId` null is the system (an alarm, retention). */
export const eventAudit = (
  db: D1Database,
  e: EventState,
  actorId: number | null,
  action: AuditAction,
  row: { itemId?: number; before?: object; after?: object } = {},
) => auditStatement(db, { bookmakerId: e.bookmakerId, actorId, action, eventId: e.id, ...row });

/** The event's rules and settings a change touches, as they were or will be. */
function settingsOf(e: EventState, change: OddsChange): Record<string, unknown> {
  const all: Record<string, unknown> = {
    // As the API takes them: a fraction, and coins.
    returnPrice: e.returnPct / 100,
    maxTotalPayout: e.maxPayoutCents / 100,
    botEqualizer: e.botEqualizer,
    rule4: e.rule4,
    deadHeat: e.deadHeat,
    eachWay: e.eachWay,
    sp: e.sp,
    bog: e.bog,
  };
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => change[key as keyof OddsChange] !== undefined && key !== "items"),
  );
}

/** New odds and settings: what they were, what they are; the outcome named when only one moved. */
export function oddsAudit(
  db: D1Database,
  e: EventState,
  items: Map<number, OutcomeState>,
  change: OddsChange,
  actorId: number,
) {
  const after: EventState = {
    ...e,
    returnPct: change.returnPrice ?? e.returnPct,
    maxPayoutCents: change.maxTotalPayout ?? e.maxPayoutCents,
    botEqualizer: change.botEqualizer ?? e.botEqualizer,
    rule4: change.rule4 ?? e.rule4,
    deadHeat: change.deadHeat ?? e.deadHeat,
    eachWay: change.eachWay === undefined ? e.eachWay : change.eachWay,
    sp: change.sp ?? e.sp,
    bog: change.bog ?? e.bog,
  };
  const odds = (pick: (c: OddsChange["items"][number]) => Odds) =>
    change.items.length === 0
      ? {}
      : { items: change.items.map((c) => ({ itemId: c.id, coefficient: coefficient(pick(c)) })) };
  return eventAudit(db, e, actorId, "ODDS", {
    itemId: change.items.length === 1 ? change.items[0].id : undefined,
    before: { ...odds((c) => items.get(c.id)!.odds), ...settingsOf(e, change) },
    after: { ...odds((c) => c.coefficient), ...settingsOf(after, change) },
  });
}

/** The outcomes as punters are offered them on publication. */
export const publishAudit = (db: D1Database, e: EventState, items: Map<number, OutcomeState>, actorId: number) =>
  eventAudit(db, e, actorId, e.publishedAt ? "LIVE" : "PUBLISH", {
    before: { status: e.status },
    after: {
      status: "READY_FOR_BETS",
      items: [...items.values()]
        .filter((i) => i.status === "ACTIVE")
        .map((i) => ({ itemId: i.id, title: i.title, coefficient: coefficient(i.curr) })),
    },
  });

export const datesAudit = (db: D1Database, e: EventState, next: EventState, actorId: number) =>
  eventAudit(db, e, actorId, "DATES", {
    before: { startDate: e.startDate, endDate: e.endDate },
    after: { startDate: next.startDate, endDate: next.endDate },
  });

/** Outcomes' odds a change moved, as they were and as they are. */
export interface MovedOdds {
  item: OutcomeState;
  odds: Odds;
}

const oddsBefore = (moved: MovedOdds[]) =>
  moved.map((m) => ({ itemId: m.item.id, coefficient: coefficient(m.item.odds) }));
const oddsAfter = (moved: MovedOdds[]) => moved.map((m) => ({ itemId: m.item.id, coefficient: coefficient(m.odds) }));

/**
 * A non-runner at its odds now, with its Rule 4 deduction (pence in the pound) and the odds of
 * the others it moved (`items`, as ODDS rows give them); `closed` when it ended the event.
 */
export const withdrawAudit = (
  db: D1Database,
  e: EventState,
  item: OutcomeState,
  deduction: number,
  closed: boolean,
  moved: MovedOdds[],
  actorId: number,
  rules: RulesChange = {},
) => {
  const ruled = rulesMovedBy(e, rules);
  return eventAudit(db, e, actorId, "NR", {
    itemId: item.id,
    before: {
      title: item.title,
      status: item.status,
      coefficient: coefficient(item.curr),
      ...(moved.length > 0 ? { items: oddsBefore(moved) } : {}),
      ...ruled.before,
    },
    after: {
      status: "NR",
      deduction,
      ...(closed ? { eventStatus: "CANCELLED" } : {}),
      ...(moved.length > 0 ? { items: oddsAfter(moved) } : {}),
      ...ruled.after,
    },
  });
};

/** The racing rules a change moves, as they were and as they will be (nothing when none moves). */
function rulesMovedBy(e: EventState, rules: RulesChange) {
  const moved = movedRules(e, rules);
  const change: OddsChange = { items: [], ...Object.fromEntries(moved.map((key) => [key, rules[key]])) };
  return { any: moved.length > 0, before: settingsOf(e, change), after: settingsOf({ ...e, ...change }, change) };
}

/**
 * A published event's draft edited (the draft door): odds set anew, outcomes added or removed,
 * rules changed, in one row, OUTCOMES when the field changed, else ODDS; none when nothing did.
 * A draft never published is its bookmaker's notes: PUBLISH records what it offers.
 */
export function draftAudit(
  db: D1Database,
  e: EventState,
  plan: { dropped: OutcomeState[]; oddsMoved: MovedOdds[]; added: { title: string; odds: Odds }[] },
  rules: RulesChange,
  actorId: number,
): AuditPart {
  const { dropped, oddsMoved, added } = plan;
  const moved = rulesMovedBy(e, rules);
  if (!e.publishedAt || (dropped.length + oddsMoved.length + added.length === 0 && !moved.any)) return NOT_AUDITED;
  const field = dropped.length + added.length > 0;
  return eventAudit(db, e, actorId, field ? "OUTCOMES" : "ODDS", {
    itemId: !field && oddsMoved.length === 1 ? oddsMoved[0].item.id : undefined,
    before: {
      ...(oddsMoved.length > 0 ? { items: oddsBefore(oddsMoved) } : {}),
      ...(dropped.length > 0
        ? { removed: dropped.map((i) => ({ itemId: i.id, title: i.title, coefficient: coefficient(i.odds) })) }
        : {}),
      ...moved.before,
    },
    after: {
      ...(oddsMoved.length > 0 ? { items: oddsAfter(oddsMoved) } : {}),
      ...(added.length > 0 ? { added: added.map((i) => ({ title: i.title, coefficient: coefficient(i.odds) })) } : {}),
      ...moved.after,
    },
  });
}

/** The start reached: the system closed the book (READY_FOR_BETS → WAITING_FOR_RESULT). */
export const closeAudit = (db: D1Database, e: EventState) =>
  eventAudit(db, e, null, "CLOSE", { before: { status: e.status }, after: { status: "WAITING_FOR_RESULT" } });

/** The result, with the racing rules End Event set with it (when it changed them). */
export function resultAudit(
  db: D1Database,
  e: EventState,
  placings: Placing[],
  actorId: number,
  rules: RulesChange = {},
  sps: StartingPriceInput[] = [],
) {
  const moved = rulesMovedBy(e, rules);
  // The SPs the bookmaker entered (the others' are their last prices, in the outcomes' rows).
  const sp = sps.length === 0 ? {} : { sp: sps.map((s) => ({ itemId: s.itemId, coefficient: coefficient(s.odds) })) };
  return eventAudit(db, e, actorId, "RESULT", {
    before: { status: e.status, ...moved.before },
    // No placings: every bet refunded.
    after: { status: "CALCULATED", placings, ...sp, ...moved.after },
  });
}

/** A punter cashed out a bet: he is its actor, the value and the price it was worked out at its row. */
export const cashOutAuditRow = (
  e: EventState,
  bet: { betId: number; itemId: number; userId: number },
  value: { valueCents: number; coefficientNow: number | null },
): AuditRow => ({
  bookmakerId: e.bookmakerId,
  actorId: bet.userId,
  action: "CASH_OUT",
  eventId: e.id,
  itemId: bet.itemId,
  userId: bet.userId,
  before: { betId: bet.betId, status: "ACCEPTED" },
  after: {
    betId: bet.betId,
    status: "CASHED_OUT",
    value: value.valueCents / 100,
    coefficientNow: value.coefficientNow,
  },
});
