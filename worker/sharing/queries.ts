import type { MultipleKind } from "../../common/multiples";
import type { Language } from "../../common/languages";
import type { Odds } from "../../common/odds";
import { languageIn, type LanguageRow } from "../identity/users";

// The reads a card is made from, each answering only what the caller may share: his own bet or
// multiple, an event or a book he is in (its owner, staff, or an approved punter).

/** `?2` (a user) is in the book `b` (its owner, one of its staff, an approved punter of it). */
const IN_BOOK = `(b.owner_id = ?2
  OR EXISTS (SELECT 1 FROM staff s WHERE s.bookmaker_id = b.id AND s.user_id = ?2)
  OR EXISTS (SELECT 1 FROM memberships m WHERE m.bookmaker_id = b.id AND m.user_id = ?2 AND m.status = 'APPROVED'))`;

/** Whom a punter sees: the owner and staff any event, a punter the published ones. */
const SEES_EVENT = `(e.published_at IS NOT NULL OR b.owner_id = ?2
  OR EXISTS (SELECT 1 FROM staff s WHERE s.bookmaker_id = b.id AND s.user_id = ?2))`;

/** The language a user reads the bot in (docs/decisions/languages.md). */
export async function readerLanguage(db: D1Database, userId: number): Promise<Language> {
  const row = await db
    .prepare(`SELECT language, telegram_language FROM users WHERE id = ?1`)
    .bind(userId)
    .first<LanguageRow>();
  return languageIn(row ?? undefined);
}

export interface SharedEvent {
  id: number;
  title: string;
  description: string;
}

/** A single as its card tells it: an each-way bet's two parts as one. */
export interface SharedBet {
  event: SharedEvent;
  outcome: string;
  odds: Odds;
  atSp: boolean;
  /** Per part: an each-way bet stakes this twice. */
  stakeCents: number;
  status: "ACCEPTED" | "WON" | "LOST" | "CANCELLED" | "CASHED_OUT";
  /** Both parts' payouts (a refund: their stakes back); 0 while open. */
  paidCents: number;
  /** An each-way bet's place terms: the fraction of the odds its place part is paid at. */
  placeFraction: number | null;
}

interface BetRow {
  event_id: number;
  event_title: string;
  event_description: string;
  outcome: string;
  odds_num: number;
  odds_den: number;
  sp_num: number | null;
  sp_den: number | null;
  at_sp: number;
  stake_cents: number;
  status: SharedBet["status"];
  paid_cents: number;
  place_fraction: number | null;
}

/**
 * The caller's bet by its id (either part of an each-way bet names it), or null when it is not his.
 * A settled bet at SP shows the SP it was paid at.
 */
export async function sharedBet(db: D1Database, userId: number, betId: number): Promise<SharedBet | null> {
  const row = await db
    .prepare(
      `WITH win AS (SELECT COALESCE(bt.each_way_of, bt.id) AS id FROM bets bt WHERE bt.id = ?1 AND bt.user_id = ?2)
       SELECT bt.event_id, e.title AS event_title, e.description AS event_description, i.title AS outcome,
         bt.odds_num, bt.odds_den, bt.sp_num, bt.sp_den, bt.at_sp, bt.stake_cents, bt.status,
         (SELECT SUM(CASE p.status WHEN 'CANCELLED' THEN p.stake_cents ELSE p.payout_cents END)
            FROM bets p WHERE p.id = bt.id OR p.each_way_of = bt.id) AS paid_cents,
         pl.place_fraction
       FROM win JOIN bets bt ON bt.id = win.id JOIN events e ON e.id = bt.event_id JOIN event_items i ON i.id = bt.item_id
         LEFT JOIN bets pl ON pl.each_way_of = bt.id AND pl.part = 'PLACE'
       WHERE bt.user_id = ?2`,
    )
    .bind(betId, userId)
    .first<BetRow>();
  if (!row) return null;
  const paidAtSp = row.at_sp === 1 && row.sp_num !== null;
  return {
    event: { id: row.event_id, title: row.event_title, description: row.event_description },
    outcome: row.outcome,
    odds: paidAtSp ? { num: row.sp_num!, den: row.sp_den! } : { num: row.odds_num, den: row.odds_den },
    atSp: row.at_sp === 1 && !paidAtSp,
    stakeCents: row.stake_cents,
    status: row.status,
    paidCents: row.status === "ACCEPTED" ? 0 : row.paid_cents,
    placeFraction: row.place_fraction,
  };
}

export interface SharedMultiple {
  kind: MultipleKind;
  lines: number;
  unitCents: number;
  potentialCents: number;
  status: SharedBet["status"];
  payoutCents: number;
  legs: { event: SharedEvent; outcome: string; odds: Odds; atSp: boolean }[];
}

interface MultipleRow {
  kind: MultipleKind;
  lines: number;
  amount_cents: number;
  potential_cents: number;
  status: SharedBet["status"];
  payout_cents: number;
  event_id: number;
  event_title: string;
  event_description: string;
  outcome: string;
  odds_num: number;
  odds_den: number;
  at_sp: number;
}

/** The caller's multiple with its legs in order, or null when it is not his. */
export async function sharedMultiple(db: D1Database, userId: number, multipleId: number) {
  const { results } = await db
    .prepare(
      `SELECT m.kind, m.lines, m.amount_cents, m.potential_cents, m.status, m.payout_cents, l.event_id,
         e.title AS event_title, e.description AS event_description, i.title AS outcome, l.odds_num, l.odds_den, l.at_sp
       FROM multiples m JOIN multiple_legs l ON l.multiple_id = m.id
         JOIN events e ON e.id = l.event_id JOIN event_items i ON i.id = l.item_id
       WHERE m.id = ?1 AND m.user_id = ?2 ORDER BY l.leg_no`,
    )
    .bind(multipleId, userId)
    .all<MultipleRow>();
  const [first] = results;
  if (!first) return null;
  const multiple: SharedMultiple = {
    kind: first.kind,
    lines: first.lines,
    unitCents: first.amount_cents,
    potentialCents: first.potential_cents,
    status: first.status,
    payoutCents: first.payout_cents,
    legs: results.map((r) => ({
      event: { id: r.event_id, title: r.event_title, description: r.event_description },
      outcome: r.outcome,
      odds: { num: r.odds_num, den: r.odds_den },
      atSp: r.at_sp === 1,
    })),
  };
  return multiple;
}

export interface SharedResult {
  event: SharedEvent;
  status: string;
  /** Its winners (first place) with the prices they were last offered at. */
  winners: { outcome: string; odds: Odds }[];
}

/** An event of a book the caller is in, with its winners; null when he may not see it. */
export async function sharedResult(db: D1Database, userId: number, eventId: number): Promise<SharedResult | null> {
  const event = await db
    .prepare(
      `SELECT e.id, e.title, e.description, e.status FROM events e JOIN bookmakers b ON b.id = e.bookmaker_id
       WHERE e.id = ?1 AND ${IN_BOOK} AND ${SEES_EVENT}`,
    )
    .bind(eventId, userId)
    .first<SharedEvent & { status: string }>();
  if (!event) return null;
  const { results } = await db
    .prepare(
      `SELECT title, curr_num, curr_den FROM event_items WHERE event_id = ?1 AND status = 'WINNER' ORDER BY position`,
    )
    .bind(eventId)
    .all<{ title: string; curr_num: number; curr_den: number }>();
  return {
    event: { id: event.id, title: event.title, description: event.description },
    status: event.status,
    winners: results.map((r) => ({ outcome: r.title, odds: { num: r.curr_num, den: r.curr_den } })),
  };
}

export interface SharedBook {
  id: number;
  name: string;
}

/** A book the caller is in, by its id; null otherwise. */
export const sharedBook = (db: D1Database, userId: number, bookmakerId: number) =>
  db
    .prepare(`SELECT b.id, b.name FROM bookmakers b WHERE b.id = ?1 AND ${IN_BOOK}`)
    .bind(bookmakerId, userId)
    .first<SharedBook>();

export interface OpenEvent extends SharedEvent {
  startDate: string;
  prices: { outcome: string; odds: Odds }[];
}

/** How many events inline mode answers at most (Telegram takes 50). */
export const INLINE_MAX = 20;

/**
 * The events taking bets (published, READY_FOR_BETS) of the books `userId` is in whose title or
 * description holds `text` (any case), soonest first, with their first three running outcomes.
 */
export async function openEventsMatching(db: D1Database, userId: number, text: string): Promise<OpenEvent[]> {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { results } = await db
    .prepare(
      `SELECT e.id, e.title, e.description, e.start_date FROM events e JOIN bookmakers b ON b.id = e.bookmaker_id
       WHERE e.status = 'READY_FOR_BETS' AND e.published_at IS NOT NULL AND ${IN_BOOK}
         AND (e.title LIKE ?1 ESCAPE '\\' OR e.description LIKE ?1 ESCAPE '\\')
       ORDER BY e.start_date, e.id LIMIT ${INLINE_MAX}`,
    )
    .bind(like, userId)
    .all<SharedEvent & { start_date: string }>();
  if (results.length === 0) return [];
  const ids = results.map((e) => e.id);
  const { results: items } = await db
    .prepare(
      `SELECT event_id, title, curr_num, curr_den FROM event_items
       WHERE event_id IN (${ids.map(() => "?").join(", ")}) AND status = 'ACTIVE' ORDER BY event_id, position`,
    )
    .bind(...ids)
    .all<{ event_id: number; title: string; curr_num: number; curr_den: number }>();
  return results.map((e) => ({
    id: e.id,
    title: e.title,
    description: e.description,
    startDate: e.start_date,
    prices: items
      .filter((i) => i.event_id === e.id)
      .slice(0, 3)
      .map((i) => ({ outcome: i.title, odds: { num: i.curr_num, den: i.curr_den } })),
  }));
}
