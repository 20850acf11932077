import { decimalText } from "../../common/odds";
import type { Bet, BetStatus, OutcomeStatus } from "../contract";
import { fromCents, money } from "../lib/money";

interface BetRow {
  id: number;
  event_id: number;
  item_id: number;
  user_id: number;
  stake_cents: number;
  odds_num: number;
  odds_den: number;
  status: BetStatus;
  payout_cents: number;
  created_at: string;
  event_title: string;
  event_description: string;
  outcome_title: string;
  deduction: number;
  dead_heat: number;
  outcome_status: OutcomeStatus;
  part: "WIN" | "PLACE";
  each_way_of: number | null;
  place_places: number | null;
  place_fraction: number;
  at_sp: number;
  /** Its outcome's SP, and the SP it was paid at (null: paid at its price). */
  item_sp_num: number | null;
  item_sp_den: number | null;
  paid_sp_num: number | null;
  paid_sp_den: number | null;
}

const toBet = (r: BetRow): Bet => ({
  betId: r.id,
  eventId: r.event_id,
  eventItemId: r.item_id,
  userId: r.user_id,
  // A bet at SP has its SP as its price once settled (before, its outcome's price now).
  coefficient: decimalText(
    r.at_sp === 1 && r.paid_sp_num !== null
      ? { num: r.paid_sp_num, den: r.paid_sp_den! }
      : { num: r.odds_num, den: r.odds_den },
  ),
  betsDate: r.created_at,
  status: r.status,
  money: money(r.stake_cents),
  payout: fromCents(r.status === "CANCELLED" ? r.stake_cents : r.payout_cents),
  eventTitle: r.event_title,
  eventDescription: r.event_description,
  outcomeTitle: r.outcome_title,
  deduction: r.deduction,
  deadHeat: r.dead_heat,
  outcomeStatus: r.outcome_status,
  eachWay: r.each_way_of !== null,
  part: r.part,
  eachWayOf: r.each_way_of,
  placeTerms: r.place_places === null ? null : { places: r.place_places, fraction: r.place_fraction },
  atSp: r.at_sp === 1,
  sp: r.item_sp_num === null ? null : Number(decimalText({ num: r.item_sp_num, den: r.item_sp_den! })),
  // The result gives the SP to every bet it prices at it; only a part that won was paid at it.
  paidAtSp: r.paid_sp_num !== null && r.status === "WON",
});

/** A punter's bets with a bookmaker matching `where` (over `bt`; ?1 the book, ?2 the punter), newest first. */
const betsOf = (db: D1Database, where: string, binds: unknown[]) =>
  betsWhere(db, `bt.bookmaker_id = ?1 AND bt.user_id = ?2 AND ${where}`, binds);

/** The WIN rows of an event's counter tickets (?1 the book, ?2 the event), newest first. */
export const counterBets = (db: D1Database, bookmakerId: number, eventId: number) =>
  betsWhere(
    db,
    `bt.bookmaker_id = ?1 AND bt.event_id = ?2 AND bt.part = 'WIN'
       AND bt.user_id IN (SELECT t.user_id FROM tickets t WHERE t.event_id = ?2 AND t.bookmaker_id = ?1)`,
    [bookmakerId, eventId],
  );

/** Bets matching `where` (over `bt`), newest first. */
async function betsWhere(db: D1Database, where: string, binds: unknown[]): Promise<Bet[]> {
  const { results } = await db
    .prepare(
      `SELECT bt.id, bt.event_id, bt.item_id, bt.user_id, bt.stake_cents, bt.odds_num, bt.odds_den, bt.status, bt.payout_cents,
         bt.created_at, e.title AS event_title, e.description AS event_description, i.title AS outcome_title,
         bt.deduction, bt.dead_heat, i.status AS outcome_status, bt.part,
         COALESCE(bt.each_way_of, pl.each_way_of) AS each_way_of, pl.place_places, COALESCE(pl.place_fraction, 1) AS place_fraction,
         bt.at_sp, i.sp_num AS item_sp_num, i.sp_den AS item_sp_den, bt.sp_num AS paid_sp_num, bt.sp_den AS paid_sp_den
       FROM bets bt JOIN events e ON e.id = bt.event_id JOIN event_items i ON i.id = bt.item_id
         LEFT JOIN bets pl ON pl.each_way_of = COALESCE(bt.each_way_of, bt.id) AND pl.part = 'PLACE'
       WHERE ${where}
       ORDER BY bt.created_at DESC, bt.id DESC`,
    )
    .bind(...binds)
    .all<BetRow>();
  return results.map(toBet);
}

/** A punter's bets with a bookmaker since `since`, newest first. */
export const betHistory = (db: D1Database, bookmakerId: number, userId: number, since: string) =>
  betsOf(db, `bt.created_at >= ?3`, [bookmakerId, userId, since]);

/** A punter's bets with a bookmaker placed or settled in `[start, end)`, newest first. */
export const betsInPeriod = (
  db: D1Database,
  bookmakerId: number,
  userId: number,
  period: { start: string; end: string },
) =>
  betsOf(db, `((bt.created_at >= ?3 AND bt.created_at < ?4) OR (bt.settled_at >= ?3 AND bt.settled_at < ?4))`, [
    bookmakerId,
    userId,
    period.start,
    period.end,
  ]);

/** One of a punter's bets with a bookmaker, by its row's id; null when it is not his. */
export const betOf = async (db: D1Database, bookmakerId: number, userId: number, betId: number) =>
  (await betsOf(db, `bt.id = ?3`, [bookmakerId, userId, betId]))[0] ?? null;
