import { termsInForce, type EachWay } from "../../../common/each-way";
import { sameOdds, type Odds } from "../../../common/odds";
import {
  undoSettlementStatements,
  settleBetsStatements,
  shortOfReversalStatement,
  type BetFilter,
} from "../../ledger/settlement";
import { rule4Deduction } from "../../../common/rule4";
import { runMoneyBatch } from "../../ledger/transfer";
import { currentOdds, oddsAfterWithdrawal, type BookOutcome } from "../rules/book";
import type { DraftInput, Placing, StartingPriceInput } from "../schemas";
import type { Completions, LegsChange } from "../../multiples/completion";
import * as legs from "../../multiples/settlement";
import * as sql from "./statements";
import { type EventState, type OutcomeState } from "../state";
import { fail } from "../room-result";
import { words, type Words } from "../../lib/words";

// What each admin operation writes, worked out from the room's state without changing it:
// the room writes the batch, then reloads from D1. Prices are written with every change that
// moves them, so the odds punters are offered are never stale.

export interface OddsChange {
  items: { id: number; coefficient: Odds }[];
  returnPrice?: number;
  maxTotalPayout?: number;
  botEqualizer?: boolean;
  rule4?: boolean;
  deadHeat?: boolean;
  eachWay?: EachWay;
  sp?: boolean;
  bog?: boolean;
}

/** Rule 4, the dead-heat rule, SP and BOG switched on or off, each-way terms set (each left as it is when not given). */
export type RulesChange = Pick<OddsChange, "rule4" | "deadHeat" | "eachWay" | "sp" | "bog">;

export const withRules = (e: EventState, change: RulesChange): EventState => ({
  ...e,
  rule4: change.rule4 ?? e.rule4,
  deadHeat: change.deadHeat ?? e.deadHeat,
  eachWay: change.eachWay === undefined ? e.eachWay : change.eachWay,
  sp: change.sp ?? e.sp,
  bog: change.bog ?? e.bog,
});

type Settings = Pick<EventState, "botEqualizer" | "returnPct" | "maxPayoutCents">;

const bookItem = (i: OutcomeState): BookOutcome => ({
  id: i.id,
  odds: i.odds,
  active: i.status === "ACTIVE",
  stakeCents: i.stakeCents,
});

/** Prices for outcomes as they will be, written for every outcome. */
function currentOddsOf(db: D1Database, items: OutcomeState[], settings: Settings): D1PreparedStatement[] {
  const oddsNow = currentOdds(items.map(bookItem), settings);
  return sql.currentOddsStatements(
    db,
    items.map((i) => ({ ...i, curr: oddsNow.get(i.id)! })),
  );
}

export function createDraft(
  db: D1Database,
  eventId: number,
  owner: { bookmakerId: number },
  input: DraftInput,
): D1PreparedStatement[] {
  // With no stakes yet, the equalizer's odds are the bookmaker's own.
  return [
    sql.insertEventStatement(db, eventId, owner, input),
    ...input.items.map((item, position) =>
      sql.insertItemStatement(db, eventId, position, item.title, item.coefficient, item.coefficient),
    ),
  ];
}

/** A draft's outcomes replaced by `wanted`, matched by name whatever the case; `dropped` are those that go. */
export function replaceItems(
  db: D1Database,
  e: EventState,
  current: OutcomeState[],
  wanted: { title: string; coefficient: Odds }[],
  rules: RulesChange = {},
) {
  const byTitle = new Map(current.map((i) => [i.title.toLowerCase(), i]));
  const kept = new Set(wanted.map((i) => i.title.toLowerCase()));
  const dropped = current.filter((i) => !kept.has(i.title.toLowerCase()));
  let position = Math.max(-1, ...current.map((i) => i.position)) + 1;
  let placeholder = 0;
  // The outcomes as they will be; new ones get placeholder ids (below 0) to set their odds.
  const next = wanted.map((w) => {
    const existing = byTitle.get(w.title.toLowerCase());
    return existing
      ? { ...existing, title: w.title, odds: w.coefficient }
      : {
          id: --placeholder,
          position: position++,
          title: w.title,
          odds: w.coefficient,
          curr: w.coefficient,
          status: "ACTIVE" as const,
          stakeCents: 0,
          liabilityCents: 0,
          placeLiabilityCents: 0,
          deduction: 0,
          withdrawnAt: null,
        };
  });
  const oddsNow = currentOdds(next.map(bookItem), e);
  // Existing outcomes whose odds the bookmaker set anew, and the new ones.
  const oddsMoved = current.flatMap((i) => {
    const odds = next.find((n) => n.id === i.id)?.odds;
    return odds !== undefined && !sameOdds(odds, i.odds) ? [{ item: i, odds }] : [];
  });
  const added = next.filter((i) => i.id < 0).map((i) => ({ title: i.title, odds: i.odds }));
  const statements = [
    sql.eventRulesStatement(db, withRules(e, rules)),
    ...placeTermsAfterField(db, withRules(e, rules), current, next),
    ...dropped.map((i) => sql.deleteItemStatement(db, i.id)),
    ...next.map((i) =>
      i.id < 0
        ? sql.insertItemStatement(db, e.id, i.position, i.title, i.odds, oddsNow.get(i.id)!)
        : sql.renameItemStatement(db, i.id, i.title, i.odds),
    ),
    ...sql.currentOddsStatements(
      db,
      next.filter((i) => i.id > 0).map((i) => ({ ...i, curr: oddsNow.get(i.id)! })),
    ),
    ...spAtPrice(db, e.id),
  ];
  return { dropped, oddsMoved, added, statements };
}

/**
 * Standard each-way terms follow the field: outcomes added to or removed from a draft recount
 * the terms of the place parts already struck, as a non-runner does (no deduction), in the
 * change's batch (docs/ARCHITECTURE.md "the one gate"); the room's book is then rebuilt from them.
 */
function placeTermsAfterField(
  db: D1Database,
  e: EventState,
  before: OutcomeState[],
  after: Pick<OutcomeState, "status">[],
): D1PreparedStatement[] {
  if (e.eachWay !== "standard") return [];
  const running = (items: Pick<OutcomeState, "status">[]) => items.filter((i) => i.status === "ACTIVE").length;
  const [was, now] = [termsInForce(e.eachWay, running(before))!, termsInForce(e.eachWay, running(after))!];
  return was.places === now.places && was.fraction === now.fraction ? [] : [sql.placeTermsStatement(db, e.id, now)];
}

/** The new dates; a published event's old start moves down the struck-through list. */
export function postpone(e: EventState, startDate: string, endDate: string): EventState {
  const earlierStarts =
    e.publishedAt && startDate !== e.startDate ? [e.startDate, ...e.earlierStarts.slice(0, 3)] : e.earlierStarts;
  // A postponed event that had already started takes bets again.
  const status = e.status === "WAITING_FOR_RESULT" ? "READY_FOR_BETS" : e.status;
  return { ...e, startDate, endDate, earlierStarts, status };
}

export function setOdds(
  db: D1Database,
  e: EventState,
  items: OutcomeState[],
  change: OddsChange,
): D1PreparedStatement[] {
  const settings: EventState = {
    ...withRules(e, change),
    returnPct: change.returnPrice ?? e.returnPct,
    maxPayoutCents: change.maxTotalPayout ?? e.maxPayoutCents,
    botEqualizer: change.botEqualizer ?? e.botEqualizer,
  };
  const odds = new Map(change.items.map((c) => [c.id, c.coefficient]));
  const next = items.map((i) => ({ ...i, odds: odds.get(i.id) ?? i.odds }));
  return [
    sql.eventSettingsStatement(db, settings),
    ...next.filter((i) => odds.has(i.id)).map((i) => sql.itemOddsStatement(db, i)),
    ...currentOddsOf(db, next, settings),
    ...spAtPrice(db, e.id),
  ];
}

/** The others' odds a non-runner moves (oddsAfterWithdrawal), with what they were. */
export function oddsMovedBy(items: OutcomeState[], itemId: number) {
  const after = oddsAfterWithdrawal(items.map(bookItem), itemId);
  return items.flatMap((i) => {
    const odds = after.get(i.id);
    return odds && !sameOdds(odds, i.odds) ? [{ item: i, odds }] : [];
  });
}

/** A non-runner's Rule 4 deduction: by its odds now, 0 without the rule. */
export const deductionOf = (e: EventState, withdrawn: OutcomeState) => (e.rule4 ? rule4Deduction(withdrawn.curr) : 0);

/**
 * A non-runner with two or more left: its bets refunded, the others oddsMoved keeping the
 * margin. Under Rule 4 the live bets on the others take its deduction, by its odds now.
 */
export function withdraw(
  db: D1Database,
  e: EventState,
  items: OutcomeState[],
  { itemId, late }: { itemId: number; late: boolean },
  now: string,
  done: Completions,
): D1PreparedStatement[] {
  const deduction = deductionOf(
    e,
    items.find((i) => i.id === itemId)!,
  );
  const newOdds = oddsAfterWithdrawal(items.map(bookItem), itemId);
  const next = items.map((i) =>
    i.id === itemId
      ? { ...i, status: "NR" as const, stakeCents: 0, liabilityCents: 0 }
      : { ...i, odds: newOdds.get(i.id) ?? i.odds },
  );
  const filter: BetFilter = { eventId: e.id, itemIds: [itemId] };
  return [
    ...settleBetsStatements(db, { filter, poolOwnerId: e.ownerId, kind: "REFUND", now }),
    sql.betStatusStatement(db, filter, "CANCELLED", now),
    sql.withdrawItemStatement(db, itemId, deduction, now),
    ...(deduction > 0 ? [sql.deductBetsStatement(db, e.id, itemId, deduction, late)] : []),
    // Multiples' legs on it are void at once; those on the others take its deduction.
    legs.legsVoidStatement(db, e.id, now, itemId),
    ...(deduction > 0 ? [legs.legsDeductionStatement(db, e.id, itemId, deduction, late)] : []),
    ...legs.completeStatements(db, e.id, e.ownerId, now, done),
    ...placeTermsAfterWithdrawal(db, e, items),
    ...next.filter((i) => newOdds.has(i.id)).map((i) => sql.itemOddsStatement(db, i)),
    ...currentOddsOf(db, next, e),
    ...spAtPrice(db, e.id),
  ];
}

/** Standard each-way terms follow the runners: a non-runner may change the live place parts' terms. */
function placeTermsAfterWithdrawal(db: D1Database, e: EventState, items: OutcomeState[]): D1PreparedStatement[] {
  if (e.eachWay !== "standard") return [];
  const running = items.filter((i) => i.status === "ACTIVE").length;
  const [before, after] = [termsInForce(e.eachWay, running)!, termsInForce(e.eachWay, running - 1)!];
  return before.places === after.places && before.fraction === after.fraction
    ? []
    : [sql.placeTermsStatement(db, e.id, after)];
}

/** The end with no result: every bet refunded, status CANCELLED (a last non-runner marked NR). */
export function abandon(
  db: D1Database,
  e: EventState,
  now: string,
  done: Completions,
  withdrawn?: number,
): D1PreparedStatement[] {
  const all: BetFilter = { eventId: e.id };
  return [
    ...settleBetsStatements(db, { filter: all, poolOwnerId: e.ownerId, kind: "REFUND", now }),
    sql.betStatusStatement(db, all, "CANCELLED", now),
    ...(withdrawn === undefined ? [] : [sql.withdrawItemStatement(db, withdrawn, 0, now)]),
    legs.legsVoidStatement(db, e.id, now),
    ...legs.completeStatements(db, e.id, e.ownerId, now, done),
    sql.eventSettledStatement(db, e.id, "CANCELLED", now),
  ];
}

/**
 * The result: winners' win bets and parts paid at their accepted odds (less Rule 4 deductions;
 * on stake ÷ n when n winners dead-heat and the rule is on), and each-way place parts on
 * outcomes placed within the terms in force (fixed now, by the runners) at their place odds,
 * their pair rounded down once; the rest lost. No placings refunds every bet. On an event with
 * SP or BOG, each running outcome's starting price is set (`sps`, else its last price offered)
 * and the bets it pays at SP take it, before the payouts.
 */
export function result(
  db: D1Database,
  e: EventState,
  items: OutcomeState[],
  placings: Placing[],
  now: string,
  done: Completions,
  sps: StartingPriceInput[] = [],
): D1PreparedStatement[] {
  const all: BetFilter = { eventId: e.id };
  if (placings.length === 0) {
    return [
      ...settleBetsStatements(db, { filter: all, poolOwnerId: e.ownerId, kind: "REFUND", now }),
      sql.betStatusStatement(db, all, "CANCELLED", now),
      legs.legsVoidStatement(db, e.id, now),
      ...legs.completeStatements(db, e.id, e.ownerId, now, done),
      sql.eventSettledStatement(db, e.id, "CALCULATED", now),
    ];
  }
  const terms = termsInForce(e.eachWay, items.filter((i) => i.status === "ACTIVE").length);
  const places = terms?.places ?? 1;
  const winners = winnersOf(placings);
  const won: BetFilter = {
    eventId: e.id,
    itemIds: winners,
    placeItemIds: placings.filter((p) => p.place <= places).map((p) => p.itemId),
  };
  const winDeadHeat = winDeadHeatOf(e, winners);
  return [
    ...startingPrices(db, e, items, sps),
    ...(terms ? [sql.placeTermsStatement(db, e.id, terms), sql.winPartStatement(db, e.id, winners, winDeadHeat)] : []),
    ...(winDeadHeat > 1 ? [sql.deadHeatStatement(db, e.id, winners, winDeadHeat)] : []),
    ...(terms && e.deadHeat ? placeDeadHeats(db, e.id, placings, places) : []),
    ...settleBetsStatements(db, { filter: won, poolOwnerId: e.ownerId, kind: "PAYOUT", now }),
    sql.betStatusStatement(db, won, "WON", now),
    sql.betStatusStatement(db, all, "LOST", now),
    // Multiples' legs are win bets: WON on a winner (sharing a dead heat as a win bet does), else LOST.
    legs.legsResultStatement(db, e.id, winners, winDeadHeat, now),
    ...legs.completeStatements(db, e.id, e.ownerId, now, done),
    sql.resultItemsStatement(db, e.id, placings),
    sql.eventSettledStatement(db, e.id, "CALCULATED", now),
  ];
}

/** Each running outcome's SP: given, else the last price it was offered; none without SP or BOG. */
function startingPriceList(e: EventState, items: OutcomeState[], sps: StartingPriceInput[]): StartingPriceInput[] {
  if (!e.sp && !e.bog) return [];
  const given = new Map(sps.map((s) => [s.itemId, s.odds]));
  return items.filter((i) => i.status === "ACTIVE").map((i) => ({ itemId: i.id, odds: given.get(i.id) ?? i.curr }));
}

/** The runners' SPs set, then the bets and multiples' legs paid at them take them. Before the payouts. */
function startingPrices(db: D1Database, e: EventState, items: OutcomeState[], sps: StartingPriceInput[]) {
  const list = startingPriceList(e, items, sps);
  if (list.length === 0) return [];
  return [
    sql.startingPricesStatement(db, e.id, list),
    sql.paidAtSpStatement(db, e.id, e.bog),
    legs.legsAtSpStatement(db, e.id),
  ];
}

/** SP bets and legs follow their outcomes' prices: with every change that moves them, in its batch. */
const spAtPrice = (db: D1Database, eventId: number) => [
  sql.spBetsAtPriceStatement(db, eventId),
  legs.legsAtPriceStatement(db, eventId),
];

const winnersOf = (placings: Placing[]) => placings.filter((p) => p.place === 1).map((p) => p.itemId);
/** The winners share first place under the dead-heat rule: paid on stake ÷ their number. */
const winDeadHeatOf = (e: EventState, winners: number[]) => (e.deadHeat ? winners.length : 1);

/** What a result does to the event's open multiples' legs, as `result` writes it (legs at SP take their runner's). */
export function resultLegs(
  e: EventState,
  items: OutcomeState[],
  placings: Placing[],
  sps: StartingPriceInput[],
): LegsChange {
  if (placings.length === 0) return { kind: "void" };
  const winners = winnersOf(placings);
  const startingPrices = Object.fromEntries(startingPriceList(e, items, sps).map((s) => [s.itemId, s.odds]));
  return { kind: "result", winners, deadHeat: winDeadHeatOf(e, winners), sps: startingPrices };
}

/**
 * Outcomes tied at a place whose tie runs past the paying places share what is left: place parts
 * on them are paid on stake × (paying places left) ÷ (outcomes tied).
 */
function placeDeadHeats(db: D1Database, eventId: number, placings: Placing[], places: number) {
  const byPlace = new Map<number, number[]>();
  for (const p of placings) byPlace.set(p.place, [...(byPlace.get(p.place) ?? []), p.itemId]);
  return [...byPlace]
    .filter(([place, tied]) => place <= places && place + tied.length - 1 > places)
    .map(([place, tied]) => sql.placeDeadHeatStatement(db, eventId, tied, places - place + 1));
}

/** The settlement undone: every coin it moved goes back by new ledger rows, the event waits for its result again. */
export function undo(db: D1Database, e: EventState, settledAt: string, now: string): D1PreparedStatement[] {
  return [
    ...undoSettlementStatements(db, { eventId: e.id, settledAt, poolOwnerId: e.ownerId, now }),
    ...legs.reopenStatements(db, e.id, settledAt, e.ownerId, now),
    ...sql.reopenStatements(db, e.id, settledAt),
  ];
}

/** Punters who no longer hold what undoing the settlement takes back, named (the refusal), or null. */
export async function reversalRefusal(db: D1Database, e: EventState) {
  const { results } = await shortOfReversalStatement(
    db,
    {
      eventId: e.id,
      settledAt: e.settledAt!,
      poolOwnerId: e.ownerId,
    },
    legs.TAKEN_BACK_SQL,
  ).all<{ user_id: number; username: string; code: string | null; short: number }>();
  if (results.length === 0) return null;
  // A counter ticket is named by its code: its punter's username is the same for every ticket.
  const punters = results.map((r) => ({
    userId: r.user_id,
    username: r.username,
    short: r.short / 100,
    ...(r.code === null ? {} : { code: r.code }),
  }));
  const named = punters
    .map((p): Words =>
      p.code === undefined
        ? words("@{username} is {short} short", { username: p.username, short: p.short })
        : words("ticket {code} is {short} short", { code: p.code, short: p.short }),
    )
    .reduce((list, punter) => words("{list}, {punter}", { list, punter }));
  return fail(
    "CANNOT_UNSETTLE",
    words("Not every punter still holds what the undo takes back: {punters}.", { punters: named }),
    { punters },
  );
}

export const runBatch = (db: D1Database, statements: D1PreparedStatement[], money: boolean) =>
  money ? runMoneyBatch(db, statements) : db.batch(statements);

/** Whether the admin operation `opId` wrote last; read again a few times if D1 stumbles. */
export async function landed(db: D1Database, eventId: number, opId: string): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await sql.lastOpStatement(db, eventId).first<{ last_op: string | null }>())?.last_op === opId;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}
