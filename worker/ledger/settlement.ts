import type { LedgerKind } from "../contract";
import { bookMovesStatements } from "./moves";

// Settling an event moves coins for many bets at once. These statements do it set-wise,
// one ledger row per bet and one update per account, so 10,000 bets settle in one batch.
// They act on the event's ACCEPTED bets that match the filter: put them in the batch BEFORE
// the statement that changes those bets' status.

export interface BetFilter {
  eventId: number;
  /** Only bets on these outcomes (both parts of each-way bets); without it, every accepted bet of the event. */
  itemIds?: number[];
  /**
   * A result: with it, `itemIds` (the winners) take only WIN rows, and these outcomes (the placed,
   * winners among them) take the PLACE rows.
   */
  placeItemIds?: number[];
}

/**
 * SQL for the filter over `bets b`, with binds `event` = event id and `ids` and `places` the
 * outcome ids as JSON (settleBetsStatements: ?1, ?3, ?5).
 */
export function betFilterSql(f: BetFilter, binds = { event: "?1", ids: "?3", places: "?5" }): string {
  const base = `b.event_id = ${binds.event} AND b.status = 'ACCEPTED'`;
  const on = (json: string) => `b.item_id IN (SELECT value FROM json_each(${json}))`;
  if (f.placeItemIds)
    return `${base} AND ((b.part = 'WIN' AND ${on(binds.ids)}) OR (b.part = 'PLACE' AND ${on(binds.places)}))`;
  if (f.itemIds) return `${base} AND ${on(binds.ids)}`;
  return base;
}

export const filterIds = (f: BetFilter) => JSON.stringify(f.itemIds ?? []);
export const filterPlaces = (f: BetFilter) => JSON.stringify(f.placeItemIds ?? []);

// What a bet returns when it wins, in cents, rounded down: the stake back plus the winnings at
// its odds less its Rule 4 deduction (pence in the pound), on stake × share ÷ dead heat. A PLACE
// part's odds are 1 + (odds − 1) / fraction. With none of these, stake × decimal odds.
// A bet the result pays at SP (an SP bet, or a BOG bet whose SP is longer) has its SP in sp_num,
// sp_den, and takes the SP's deduction: the same expression, over the price it is paid at.
// `common/each-way.ts` (partReturnCents, placeReturnCents) is the same in TypeScript, and a test
// holds the two equal (common/sp.ts chooses the price as paidAtSpStatement does).
const NUM = `COALESCE(b.sp_num, b.odds_num)`;
const DEN = `COALESCE(b.sp_den, b.odds_den)`;
const DEDUCTION = `(CASE WHEN b.sp_num IS NULL THEN b.deduction ELSE b.sp_deduction END)`;
const WIN_NUM = `b.stake_cents * (${DEN} * 100 + ${NUM} * (100 - ${DEDUCTION}))`;
const PART_NUM = `b.stake_cents * b.dead_heat_share * (${DEN} * b.place_fraction * 100 + ${NUM} * (100 - ${DEDUCTION}))`;
const PART_DEN = `(${DEN} * b.place_fraction * 100 * b.dead_heat)`;

/** A part's return on its own: a win bet's, or a place part's when its win part lost. */
export const PLACE_ONLY_SQL = `${PART_NUM} / ${PART_DEN}`;

/**
 * The one payout expression: liability, WON amounts and PAYOUT rows all use it. A PLACE part
 * whose win part also won (`win_dead_heat` > 0, its dead heat) holds the rest of the pair's
 * return rounded down once: floor(win + place) − floor(win), the win row holding floor(win).
 * Until settled, a place part is counted as if its win part won: what the pair pays should
 * the outcome win.
 */
export const PAYOUT_SQL = `(CASE WHEN b.part = 'PLACE' AND b.win_dead_heat > 0
  THEN (${WIN_NUM} * b.place_fraction * b.dead_heat + ${PART_NUM} * b.win_dead_heat) / (${DEN} * 100 * b.win_dead_heat * b.place_fraction * b.dead_heat)
    - ${WIN_NUM} / (${DEN} * 100 * b.win_dead_heat)
  ELSE ${PLACE_ONLY_SQL} END)`;

/**
 * Pays (PAYOUT: stake × odds) or refunds (REFUND: the stake) every matching bet from the
 * bookmaker's pool to the punter's account, with a ledger row per bet. ?2 = pool owner, ?4 = now.
 */
export function settleBetsStatements(
  db: D1Database,
  args: { filter: BetFilter; poolOwnerId: number; kind: Extract<LedgerKind, "PAYOUT" | "REFUND">; now: string },
): D1PreparedStatement[] {
  const where = betFilterSql(args.filter);
  const amount = args.kind === "PAYOUT" ? PAYOUT_SQL : "b.stake_cents";
  const values = [args.filter.eventId, args.poolOwnerId, filterIds(args.filter), args.now, filterPlaces(args.filter)];
  return bookMovesStatements(db, {
    moves: `SELECT b.user_id AS punter_id, ${amount} AS amount_cents, '${args.kind}' AS kind, 'bet:' || b.id AS ref, ?4 AS created_at
      FROM bets b WHERE ${where}`,
    values,
    owner: "?2",
    way: "FROM_POOL",
  });
}

/** The bets a settlement closed (by its time) and what each gave back: payout or refund. */
const SETTLED_BY = `b.event_id = ?1 AND b.settled_at = ?2 AND b.status IN ('WON', 'LOST', 'CANCELLED')`;
const GIVEN_BACK = `CASE b.status WHEN 'WON' THEN b.payout_cents WHEN 'CANCELLED' THEN b.stake_cents ELSE 0 END`;

/**
 * Undoes a settlement's money: every payout and refund it made moves back from the punter to
 * the pool, as new ledger rows of the same kind in the other direction (old rows are never
 * touched). A punter who no longer holds it fails his account's CHECK, and nothing moves.
 * ?1 = event, ?2 = the settlement's time, ?3 = pool owner, ?4 = now. Put it before the
 * statement that reopens those bets.
 */
export function undoSettlementStatements(
  db: D1Database,
  args: { eventId: number; settledAt: string; poolOwnerId: number; now: string },
): D1PreparedStatement[] {
  const values = [args.eventId, args.settledAt, args.poolOwnerId, args.now];
  return bookMovesStatements(db, {
    moves: `SELECT b.user_id AS punter_id, ${GIVEN_BACK} AS amount_cents,
        CASE b.status WHEN 'WON' THEN 'PAYOUT' ELSE 'REFUND' END AS kind, 'bet:' || b.id AS ref, ?4 AS created_at
      FROM bets b WHERE ${SETTLED_BY}`,
    values,
    owner: "?3",
    way: "TO_POOL",
  });
}

/**
 * What undoing a settlement takes back, a row per bet: (user_id, back). `more` adds rows of the
 * same shape for what else the settlement decided (multiples: worker/multiples/settlement.ts).
 */
const backSql = (more?: string) =>
  `SELECT b.user_id, ${GIVEN_BACK} AS back FROM bets b WHERE ${SETTLED_BY}${more ? ` UNION ALL ${more}` : ""}`;

/**
 * Punters who hold less than a settlement's undo would take back from them: `short` is the gap in
 * cents; `code` is a counter ticket's (its punter is the ticket's own user), else null.
 */
export const shortOfReversalStatement = (
  db: D1Database,
  args: { eventId: number; settledAt: string; poolOwnerId: number },
  more?: string,
) =>
  db
    .prepare(
      `SELECT t.user_id, u.username, tk.code, t.back - COALESCE(a.balance_cents, 0) AS short
       FROM (SELECT user_id, SUM(back) AS back FROM (${backSql(more)}) GROUP BY user_id) t
       JOIN users u ON u.id = t.user_id
       LEFT JOIN tickets tk ON tk.user_id = t.user_id
       LEFT JOIN accounts a ON a.kind = 'PUNTER' AND a.pool_owner_id = ?3 AND a.punter_id = t.user_id
       WHERE t.back > COALESCE(a.balance_cents, 0)
       ORDER BY u.username, tk.code`,
    )
    .bind(args.eventId, args.settledAt, args.poolOwnerId);

/** How many bets (and multiples, with `more`) and coins (cents) undoing the settlement moves back. */
export const reversalSizeStatement = (db: D1Database, eventId: number, settledAt: string, more?: string) =>
  db
    .prepare(`SELECT COUNT(*) AS bets, COALESCE(SUM(back), 0) AS cents FROM (${backSql(more)})`)
    .bind(eventId, settledAt);
