import type { AuditAction } from "../contract";
import { nowIso } from "../lib/time";

export type { AuditAction } from "../contract";

// docs/rules/audit.md, "Audit": every change is one row, written by a statement that goes into
// the change's own batch, so the row and the change land together or not at all. Rows are only
// ever inserted (a trigger refuses updates); retention deletes a lapsed book's rows with it.

export interface AuditRow {
  bookmakerId: number;
  /** Who made the change; null is the system (an alarm, retention, the equalizer). */
  actorId: number | null;
  action: AuditAction;
  eventId?: number | null;
  itemId?: number | null;
  /** The punter the change is about. */
  userId?: number | null;
  before?: object | null;
  after?: object | null;
  note?: string | null;
}

const jsonOrNull = (value: object | null | undefined) => (value == null ? null : JSON.stringify(value));

/** A row's values, bound as ?1 to ?10 in the order of the table's columns. */
const rowBinds = (row: Omit<AuditRow, "before">, before: string | null, at: string) => [
  row.bookmakerId,
  row.actorId,
  row.action,
  row.eventId ?? null,
  row.itemId ?? null,
  row.userId ?? null,
  before,
  jsonOrNull(row.after),
  row.note ?? null,
  at,
];

const COLUMNS = "bookmaker_id, actor_id, action, event_id, item_id, user_id, before, after, note, at";

/** The statement that records one change; put it in the change's batch. */
export const auditStatement = (db: D1Database, row: AuditRow, at = nowIso()) =>
  db
    .prepare(`INSERT INTO audit (${COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`)
    .bind(...rowBinds(row, jsonOrNull(row.before), at));

/**
 * The statement that records a change whose `before` D1 reads in the same batch, before the
 * change's own statement: `beforeSql` selects it as one JSON value, naming the book as ?1 and
 * the punter as ?6 (?7, the before a row carries itself, is null here). Nothing is recorded when
 * it selects nothing (no such row to change).
 */
export const auditReadingBeforeStatement = (
  db: D1Database,
  row: Omit<AuditRow, "before">,
  beforeSql: string,
  at = nowIso(),
) =>
  db
    .prepare(
      `INSERT INTO audit (${COLUMNS})
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, COALESCE(?7, (${beforeSql})), ?8, ?9, ?10
       WHERE EXISTS (${beforeSql})`,
    )
    .bind(...rowBinds(row, null, at));

/**
 * One row per row `select` selects, for changes made set-wise in SQL (price requests expired
 * together, a request read back by its punter and outcome): `select` gives the table's columns in
 * order (bookmaker_id, actor_id, action, event_id, item_id, user_id, before, after, note, at),
 * with `binds` for its parameters. Nothing is recorded when it selects nothing.
 */
export const auditSelectedStatement = (db: D1Database, select: string, binds: unknown[]) =>
  db.prepare(`INSERT INTO audit (${COLUMNS}) ${select}`).bind(...binds);

/**
 * A PRICE row for each running outcome of an event taking bets whose price (the odds bets are
 * taken at) differs from the last one recorded for it. Set-based and idempotent: put it after
 * whatever writes the prices, in the same batch, as often as is convenient; it records a
 * price once, when it is first offered (on publication, on reopening, after any move).
 */
export const recordPricesStatement = (db: D1Database, eventId: number, actorId: number | null, at = nowIso()) =>
  db
    .prepare(
      `WITH offered AS (
         SELECT e.bookmaker_id, i.id AS item_id, json_object('num', i.curr_num, 'den', i.curr_den) AS price,
           (SELECT a.after FROM audit a WHERE a.item_id = i.id AND a.action = 'PRICE' ORDER BY a.id DESC LIMIT 1) AS last
         FROM events e JOIN event_items i ON i.event_id = e.id
         WHERE e.id = ?1 AND e.status = 'READY_FOR_BETS' AND i.status = 'ACTIVE'
       )
       INSERT INTO audit (bookmaker_id, actor_id, action, event_id, item_id, before, after, at)
       SELECT bookmaker_id, ?2, 'PRICE', ?1, item_id, last, price, ?3 FROM offered WHERE last IS NOT price`,
    )
    .bind(eventId, actorId, at);

/**
 * Rows of many changes in one statement (a group of cash-outs): each of `rows` as one row, at its
 * own time; put it in the changes' batch.
 */
export const auditRowsStatement = (db: D1Database, rows: { row: AuditRow; at: string }[]) =>
  db
    .prepare(
      `INSERT INTO audit (${COLUMNS})
       SELECT json_extract(r.value, '$[0]'), json_extract(r.value, '$[1]'), json_extract(r.value, '$[2]'),
         json_extract(r.value, '$[3]'), json_extract(r.value, '$[4]'), json_extract(r.value, '$[5]'),
         json_extract(r.value, '$[6]'), json_extract(r.value, '$[7]'), json_extract(r.value, '$[8]'),
         json_extract(r.value, '$[9]')
       FROM json_each(?1) r`,
    )
    .bind(JSON.stringify(rows.map(({ row, at }) => rowBinds(row, jsonOrNull(row.before), at))));
