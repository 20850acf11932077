import type { Odds } from "../../common/odds";
import { PAYOUT_SQL, type BetFilter } from "../ledger/settlement";
import { nowIso } from "../lib/time";
import type { DraftInput } from "./rules";
import { EVENT_COLUMNS, toEventState, toItemState, type EventRow, type EventState, type ItemRow, type ItemState } from "./state";

// Every statement the EventRoom runs against D1 for its event, outcomes and bets. The room
// arranges them into batches; nothing else writes these rows. Payouts use the ledger's one
// payout expression (PAYOUT_SQL), so a bet's liability, its WON amount and its PAYOUT row
// can never disagree.

/** The event, its outcomes, each outcome's live stakes and liability, and who has bet on what. */
export function loadStatements(db: D1Database, eventId: number): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT ${EVENT_COLUMNS} FROM events e JOIN bookmakers b ON b.id = e.bookmaker_id WHERE e.id = ?1`).bind(eventId),
    db.prepare(`SELECT * FROM event_items WHERE event_id = ?1 ORDER BY position`).bind(eventId),
    db
      .prepare(
        `SELECT b.item_id, SUM(b.stake_cents) AS stake, SUM(${PAYOUT_SQL}) AS liability
         FROM bets b WHERE b.event_id = ?1 AND b.status = 'ACCEPTED' GROUP BY b.item_id`,
      )
      .bind(eventId),
    db.prepare(`SELECT user_id, item_id FROM bets WHERE event_id = ?1`).bind(eventId),
  ];
}

/** The event as its room holds it, read in one batch (the event is null when there is none). */
export async function loadEvent(db: D1Database, eventId: number) {
  const [events, items, totals, bettors] = await db.batch(loadStatements(db, eventId));
  const row = events.results[0] as EventRow | undefined;
  const sums = new Map((totals.results as { item_id: number; stake: number; liability: number }[]).map((t) => [t.item_id, t]));
  return {
    event: row ? toEventState(row) : null,
    items: new Map((items.results as ItemRow[]).map((i) => [i.id, toItemState(i, sums.get(i.id))])),
    bettors: new Set((bettors.results as { user_id: number; item_id: number }[]).map((b) => `${b.user_id}:${b.item_id}`)),
  };
}

/** Whether the punter is an approved member, and until when the bookmaker's subscription runs. */
export function punterCheckStatements(db: D1Database, e: EventState, userId: number): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT status FROM memberships WHERE bookmaker_id = ?1 AND user_id = ?2`).bind(e.bookmakerId, userId),
    db.prepare(`SELECT end_date FROM user_subscriptions WHERE user_id = ?1 AND type = 'BOOKMAKER' AND active = 1`).bind(e.ownerId),
  ];
}

/**
 * Marks the event changed: polled lists answer with a new ETag, and `last_op` records which
 * admin operation wrote last, so after a write whose outcome is unknown the room can read
 * whether it landed.
 */
export function touch(db: D1Database, eventId: number, opId: string | null = null): D1PreparedStatement {
  return opId === null
    ? db.prepare(`UPDATE events SET version = version + 1, updated_at = ?2 WHERE id = ?1`).bind(eventId, nowIso())
    : db.prepare(`UPDATE events SET version = version + 1, updated_at = ?2, last_op = ?3 WHERE id = ?1`).bind(eventId, nowIso(), opId);
}

/** The admin operation that wrote last (see `touch`). */
export const lastOpStatement = (db: D1Database, eventId: number) => db.prepare(`SELECT last_op FROM events WHERE id = ?1`).bind(eventId);

export function insertEventStatement(db: D1Database, eventId: number, owner: { bookmakerId: number }, input: DraftInput) {
  const now = nowIso();
  return db
    .prepare(
      `INSERT INTO events (id, bookmaker_id, title, description, status, start_date, end_date, max_total_payout_cents,
         return_pct, bot_equalizer, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, 'CREATED', ?5, ?6, ?7, ?8, ?9, ?10, ?10)`,
    )
    .bind(eventId, owner.bookmakerId, input.title, input.description, input.startDate, input.endDate, input.maxTotalPayout, input.returnPrice, input.botEqualizer ? 1 : 0, now);
}

/** A new outcome with the bookmaker's odds and the odds bets are taken at. */
export const insertItemStatement = (db: D1Database, eventId: number, position: number, title: string, odds: Odds, curr: Odds) =>
  db
    .prepare(`INSERT INTO event_items (event_id, position, title, odds_num, odds_den, curr_num, curr_den) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`)
    .bind(eventId, position, title, odds.num, odds.den, curr.num, curr.den);

export const renameItemStatement = (db: D1Database, itemId: number, title: string, odds: Odds) =>
  db.prepare(`UPDATE event_items SET title = ?2, odds_num = ?3, odds_den = ?4 WHERE id = ?1`).bind(itemId, title, odds.num, odds.den);

export const deleteItemStatement = (db: D1Database, itemId: number) => db.prepare(`DELETE FROM event_items WHERE id = ?1`).bind(itemId);

/** The bookmaker's odds of one outcome. */
export const itemOddsStatement = (db: D1Database, item: ItemState) =>
  db.prepare(`UPDATE event_items SET odds_num = ?2, odds_den = ?3 WHERE id = ?1`).bind(item.id, item.odds.num, item.odds.den);

/** The odds bets are taken at now, for every outcome. */
export const priceStatements = (db: D1Database, items: Iterable<ItemState>) =>
  [...items].map((i) => db.prepare(`UPDATE event_items SET curr_num = ?2, curr_den = ?3 WHERE id = ?1`).bind(i.id, i.curr.num, i.curr.den));

export const withdrawItemStatement = (db: D1Database, itemId: number) => db.prepare(`UPDATE event_items SET status = 'NR' WHERE id = ?1`).bind(itemId);

export const eventStatusStatement = (db: D1Database, e: EventState) =>
  db.prepare(`UPDATE events SET status = ?2, published_at = ?3 WHERE id = ?1`).bind(e.id, e.status, e.publishedAt);

export const eventDatesStatement = (db: D1Database, e: EventState) =>
  db
    .prepare(
      `UPDATE events SET start_date = ?2, end_date = ?3, start_date2 = ?4, start_date3 = ?5, start_date4 = ?6, start_date5 = ?7, status = ?8
       WHERE id = ?1`,
    )
    .bind(e.id, e.startDate, e.endDate, ...e.earlierStarts, e.status);

export const eventSettingsStatement = (db: D1Database, e: EventState) =>
  db
    .prepare(`UPDATE events SET return_pct = ?2, max_total_payout_cents = ?3, bot_equalizer = ?4 WHERE id = ?1`)
    .bind(e.id, e.returnPct, e.maxPayoutCents, e.botEqualizer ? 1 : 0);

export const eventSettledStatement = (db: D1Database, eventId: number, status: "CALCULATED" | "CANCELLED", now: string) =>
  db.prepare(`UPDATE events SET status = ?2, settled_at = ?3 WHERE id = ?1`).bind(eventId, status, now);

/** Winners become WINNER, every other running outcome LOSER. */
export const resultItemsStatement = (db: D1Database, eventId: number, winners: number[]) =>
  db
    .prepare(
      `UPDATE event_items SET status = CASE WHEN id IN (SELECT value FROM json_each(?2)) THEN 'WINNER' ELSE 'LOSER' END
       WHERE event_id = ?1 AND status = 'ACTIVE'`,
    )
    .bind(eventId, JSON.stringify(winners));

/** Settles the matching ACCEPTED bets; put it after the ledger statements that read them. */
export function betStatusStatement(db: D1Database, filter: BetFilter, status: "WON" | "LOST" | "CANCELLED", now: string): D1PreparedStatement {
  const where = filter.itemIds ? `AND b.item_id IN (SELECT value FROM json_each(?4))` : "";
  const payout = status === "WON" ? PAYOUT_SQL : "0";
  return db
    .prepare(`UPDATE bets AS b SET status = ?2, payout_cents = ${payout}, settled_at = ?3 WHERE b.event_id = ?1 AND b.status = 'ACCEPTED' ${where}`)
    .bind(filter.eventId, status, now, ...(filter.itemIds ? [JSON.stringify(filter.itemIds)] : []));
}

export interface BetRowInput {
  eventId: number;
  itemId: number;
  userId: number;
  bookmakerId: number;
  stakeCents: number;
  odds: Odds;
  createdAt: string;
}

/** The bet row; its RETURNING row is the bet's id. */
export const insertBetStatement = (db: D1Database, b: BetRowInput) =>
  db
    .prepare(
      `INSERT INTO bets (event_id, item_id, user_id, bookmaker_id, stake_cents, odds_num, odds_den, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id`,
    )
    .bind(b.eventId, b.itemId, b.userId, b.bookmakerId, b.stakeCents, b.odds.num, b.odds.den, b.createdAt);

/** The bets that exist among `keys` (punter, outcome): read after a write whose outcome is unknown. */
export const existingBetsStatement = (db: D1Database, eventId: number, keys: { userId: number; itemId: number }[]) =>
  db
    .prepare(
      `SELECT b.id, b.user_id, b.item_id FROM bets b
       JOIN json_each(?2) k ON b.user_id = json_extract(k.value, '$[0]') AND b.item_id = json_extract(k.value, '$[1]')
       WHERE b.event_id = ?1`,
    )
    .bind(eventId, JSON.stringify(keys.map((k) => [k.userId, k.itemId])));
