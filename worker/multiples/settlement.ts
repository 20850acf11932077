import { bookMovesStatements } from "../ledger/moves";
import { prepareNumbered } from "../lib/numbered";
import type { Completion, Completions } from "./completion";

// Multiples settle with their legs' events (docs/rules/multiples.md, "Multiples"): each room's
// finalize, non-runner, abandon and undo add these set-based statements to their own batch. Legs
// of the event settle (WON with a factor, LOST, VOID), then every multiple whose last open leg
// that was is paid, refunded or lost, in the same batch: a multiple is paid exactly once because
// its events' settlements are.

/**
 * A WON leg's factor as a number, over its dead heat `dh` (SQL): what the punter's history shows.
 * Money never comes from it: payouts are computed from the exact fractions (completion.ts).
 */
const legFactorSql = (dh: string) => `(odds_den * 100 + odds_num * (100 - deduction)) * 1.0 / (odds_den * 100 * ${dh})`;

/** The legs of the event still open. */
const OPEN_LEGS = `event_id = ?1 AND result = 'PENDING'`;

/**
 * The event's result for its open legs: WON on a winner (first place, shared by `deadHeat`
 * under the dead-heat rule), LOST on any other outcome. ?1 event, ?2 winners (JSON), ?3 dead
 * heat, ?4 now.
 */
export const legsResultStatement = (
  db: D1Database,
  eventId: number,
  winners: number[],
  deadHeat: number,
  now: string,
) =>
  db
    .prepare(
      `UPDATE multiple_legs SET
         result = CASE WHEN item_id IN (SELECT value FROM json_each(?2)) THEN 'WON' ELSE 'LOST' END,
         dead_heat = CASE WHEN item_id IN (SELECT value FROM json_each(?2)) THEN ?3 ELSE 1 END,
         factor = CASE WHEN item_id IN (SELECT value FROM json_each(?2)) THEN ${legFactorSql("?3")} ELSE 0 END,
         settled_at = ?4
       WHERE ${OPEN_LEGS}`,
    )
    .bind(eventId, JSON.stringify(winners), deadHeat, now);

/** Open legs void (factor 1): all of the event's (abandoned, no result), or those on a withdrawn outcome. */
export const legsVoidStatement = (db: D1Database, eventId: number, now: string, itemId?: number) =>
  prepareNumbered(
    db,
    `UPDATE multiple_legs SET result = 'VOID', factor = 1.0, settled_at = ?2
     WHERE ${OPEN_LEGS}${itemId === undefined ? "" : " AND item_id = ?3"}`,
    [eventId, now, itemId],
  );

/**
 * Rule 4 for open legs on the event's other outcomes, all struck before this withdrawal (90p at
 * most): legs at a price take every withdrawal's, legs at SP only a `late` one's, as single bets
 * do (events/room/statements.ts deductBetsStatement); `sp_deduction` keeps the SP's for every leg.
 */
export const legsDeductionStatement = (
  db: D1Database,
  eventId: number,
  withdrawnId: number,
  deduction: number,
  late: boolean,
) =>
  db
    .prepare(
      `UPDATE multiple_legs SET deduction = CASE WHEN at_sp = 0 OR ?4 = 1 THEN MIN(90, deduction + ?3) ELSE deduction END,
         sp_deduction = CASE WHEN ?4 = 1 THEN MIN(90, sp_deduction + ?3) ELSE sp_deduction END
       WHERE ${OPEN_LEGS} AND item_id <> ?2`,
    )
    .bind(eventId, withdrawnId, deduction, late ? 1 : 0);

/** Open legs at SP follow their outcome's bookmaker's price until the result, as SP bets do (what the cap and cash out count). */
export const legsAtPriceStatement = (db: D1Database, eventId: number) =>
  db
    .prepare(
      `UPDATE multiple_legs SET odds_num = i.odds_num, odds_den = i.odds_den FROM event_items i
       WHERE multiple_legs.item_id = i.id AND multiple_legs.event_id = ?1 AND multiple_legs.result = 'PENDING'
         AND multiple_legs.at_sp = 1 AND (multiple_legs.odds_num <> i.odds_num OR multiple_legs.odds_den <> i.odds_den)`,
    )
    .bind(eventId);

/**
 * The result's SPs for the event's open legs at SP: their odds become their runner's SP (set by
 * the same batch before this), so the leg settles at it. Before legsResultStatement.
 */
export const legsAtSpStatement = (db: D1Database, eventId: number) =>
  db
    .prepare(
      `UPDATE multiple_legs SET odds_num = i.sp_num, odds_den = i.sp_den FROM event_items i
       WHERE multiple_legs.item_id = i.id AND multiple_legs.event_id = ?1 AND multiple_legs.result = 'PENDING'
         AND multiple_legs.at_sp = 1 AND i.sp_num IS NOT NULL`,
    )
    .bind(eventId);

/**
 * A multiple's legs as its payout depends on them, in leg order: completion.ts legKey's text.
 * A completion computed from other legs than D1 holds in the batch is stale.
 */
const LEGS_KEY_SQL = `(SELECT group_concat(k, ',') FROM (SELECT l.leg_no || ':' || l.result || ':' || l.deduction || ':' || l.dead_heat AS k
   FROM multiple_legs l WHERE l.multiple_id = m.id ORDER BY l.leg_no))`;

/** What the batch fails with when a completion it was given is missing or stale. */
export const isStaleCompletion = (err: unknown) =>
  err instanceof Error && /NOT NULL constraint failed: multiples\.payout_cents/.test(err.message);

/** The multiples the event's settlement at ?2 completed (?1 the event). */
const COMPLETED = `m.settled_event_id = ?1 AND m.settled_at = ?2`;
/**
 * The multiples an undo of the event's settlement at ?2 takes back: every settled one with a leg
 * that settlement settled, whichever event's settlement completed it (its result is open again).
 * A cashed-out one is final: the punter settled it himself, at the prices of its time.
 */
const TOUCHED = `m.status NOT IN ('ACCEPTED', 'CASHED_OUT') AND m.id IN (SELECT multiple_id FROM multiple_legs WHERE event_id = ?1 AND settled_at = ?2)`;
const GIVEN = `m.payout_cents`;
const KIND = `CASE m.status WHEN 'CANCELLED' THEN 'REFUND' ELSE 'PAYOUT' END`;

/**
 * Completes every multiple whose last open leg the event's settlement at ?2 just settled, at the
 * return `done` gives it (completion.ts completions, read before the batch): all legs void is a
 * refund of the stake (CANCELLED), a return WON, none LOST; then the coins move from the pool
 * (?3 its owner) with a ledger row each. Put these after the legs' statements of the same batch.
 */
export function completeStatements(
  db: D1Database,
  eventId: number,
  poolOwnerId: number,
  now: string,
  done: Completions,
) {
  const values = [eventId, now, poolOwnerId, now, JSON.stringify(done)];
  // A multiple the legs' statements completed takes the payout computed for it from the same
  // legs, else NULL, which the NOT NULL column refuses: the batch aborts (isStaleCompletion).
  const given = (field: keyof Completion) => `json_extract(?5, '$."' || m.id || '".${field}')`;
  return [
    prepareNumbered(
      db,
      `WITH done AS (
         SELECT m.id FROM multiples m
         WHERE m.status = 'ACCEPTED' AND m.id IN (SELECT multiple_id FROM multiple_legs WHERE event_id = ?1 AND settled_at = ?2)
           AND NOT EXISTS (SELECT 1 FROM multiple_legs l WHERE l.multiple_id = m.id AND l.result = 'PENDING')),
       t AS (SELECT m.id, CASE WHEN ${given("legs")} IS ${LEGS_KEY_SQL} THEN ${given("payout")} END AS payout,
           (SELECT MIN(l.result = 'VOID') FROM multiple_legs l WHERE l.multiple_id = m.id) AS all_void
         FROM multiples m WHERE m.id IN (SELECT id FROM done))
       UPDATE multiples SET payout_cents = t.payout, settled_at = ?2, settled_event_id = ?1,
         status = CASE WHEN t.all_void THEN 'CANCELLED' WHEN t.payout > 0 THEN 'WON' ELSE 'LOST' END
       FROM t WHERE multiples.id = t.id`,
      values,
    ),
    ...moneyStatements(db, values, "pay"),
  ];
}

/**
 * Undoes what the event's settlement at ?2 decided for multiples: what the multiples it touched
 * paid or refunded moves back by new ledger rows (a punter who no longer holds it fails his
 * account's CHECK, and nothing moves), they are open again, and its legs are PENDING again. Put
 * these before the single bets' reopening, in the undo's batch.
 */
export function reopenStatements(db: D1Database, eventId: number, settledAt: string, poolOwnerId: number, now: string) {
  const values = [eventId, settledAt, poolOwnerId, now];
  return [
    ...moneyStatements(db, values, "take"),
    prepareNumbered(
      db,
      `UPDATE multiples AS m SET status = 'ACCEPTED', payout_cents = 0, settled_at = NULL, settled_event_id = NULL WHERE ${TOUCHED}`,
      values,
    ),
    prepareNumbered(
      db,
      // A leg at SP is at its runner's price again, as before the result.
      `UPDATE multiple_legs SET result = 'PENDING', factor = NULL, dead_heat = 1, settled_at = NULL,
         odds_num = CASE WHEN at_sp = 1 THEN (SELECT i.odds_num FROM event_items i WHERE i.id = multiple_legs.item_id) ELSE odds_num END,
         odds_den = CASE WHEN at_sp = 1 THEN (SELECT i.odds_den FROM event_items i WHERE i.id = multiple_legs.item_id) ELSE odds_den END
       WHERE event_id = ?1 AND settled_at = ?2`,
      values,
    ),
  ];
}

/** What undoing the event's settlement at ?2 takes back from each punter through multiples (for the refusal and the size). */
export const TAKEN_BACK_SQL = `SELECT m.user_id, ${GIVEN} AS back FROM multiples m WHERE ${TOUCHED}`;

/**
 * Coins the completed multiples gave (`pay`) or the touched ones take back (`take`), moved by the
 * ledger's set-wise writer. ?1 event, ?2 settlement time, ?3 pool owner, ?4 now.
 */
function moneyStatements(db: D1Database, values: unknown[], way: "pay" | "take") {
  return bookMovesStatements(db, {
    moves: `SELECT m.user_id AS punter_id, ${GIVEN} AS amount_cents, ${KIND} AS kind, 'multiple:' || m.id AS ref, ?4 AS created_at
      FROM multiples m WHERE ${way === "pay" ? COMPLETED : TOUCHED}`,
    values,
    owner: "?3",
    way: way === "pay" ? "FROM_POOL" : "TO_POOL",
  });
}

/** Whether any of these outcomes is a leg of a multiple (such an outcome stays on its event). */
export async function legsOn(db: D1Database, itemIds: number[]): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS yes FROM multiple_legs WHERE item_id IN (SELECT value FROM json_each(?1)) LIMIT 1`)
    .bind(JSON.stringify(itemIds))
    .first();
  return row !== null;
}

/** Whether any multiple has a leg on the event: a struck bet on it, settled or not. */
export async function legsOnEvent(db: D1Database, eventId: number): Promise<boolean> {
  const row = await db.prepare(`SELECT 1 AS yes FROM multiple_legs WHERE event_id = ?1 LIMIT 1`).bind(eventId).first();
  return row !== null;
}
