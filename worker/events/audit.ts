import { decimalText, type Odds } from "../../common/odds";
import { auditStatement, type AuditAction } from "../audit/record";
import type { OddsChange } from "./changes";
import type { Placing } from "./schemas";
import type { EventState, ItemState } from "./state";

// What the room's changes put in the audit log (docs/ARCHITECTURE.md, "Audit"): one row per
// change, its statement in the change's batch. Odds are kept as the API gives them (decimal).

const coefficient = (o: Odds) => decimalText(o);

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
  };
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => change[key as keyof OddsChange] !== undefined && key !== "items"),
  );
}

/** New odds and settings: what they were, what they are; the outcome named when only one moved. */
export function oddsAudit(
  db: D1Database,
  e: EventState,
  items: Map<number, ItemState>,
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
export const publishAudit = (db: D1Database, e: EventState, items: Map<number, ItemState>, actorId: number) =>
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

/** A non-runner at its price now, with its Rule 4 deduction (pence in the pound); `closed` when it ended the event. */
export const withdrawAudit = (
  db: D1Database,
  e: EventState,
  item: ItemState,
  deduction: number,
  closed: boolean,
  actorId: number,
) =>
  eventAudit(db, e, actorId, "NR", {
    itemId: item.id,
    before: { title: item.title, status: item.status, coefficient: coefficient(item.curr) },
    after: { status: "NR", deduction, ...(closed ? { eventStatus: "CANCELLED" } : {}) },
  });

export const resultAudit = (db: D1Database, e: EventState, placings: Placing[], actorId: number) =>
  eventAudit(db, e, actorId, "RESULT", {
    before: { status: e.status },
    // No placings: every bet refunded.
    after: { status: "CALCULATED", placings },
  });
