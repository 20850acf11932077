import { Kept } from "../../lib/kept";
import { holdsSubscriptionSql } from "../../subscriptions/activity";
import { ownTotalsSql } from "./views";

// What a punter's events list is versioned by: his membership, the bookmaker's features and
// each listed event's id and version (every change of an event, a bet on it included, bumps its
// version). Read in one small query; a poll that accepts versions up to a second old (the
// mini-app's polls do, `Cache-Control: max-age=1`) is answered from what the last read in this
// isolate saw, with no read at all. The book's part is the same for all of its punters, so a
// few hundred punters watching a race cost about one read a second per isolate. An approved
// membership is never taken back (a deleted book shows in the book's part) and its id is
// never reused, so it is kept for as long as the isolate lives, with his limits while the book's
// version (bumped by any change of limits, his or the book's) is the one read with them.

export interface PlayerListState {
  membership_id: number | null;
  membership_status: string | null;
  /** His limits in force (his own, else the book's), in cents; null = none. */
  max_stake_cents: number | null;
  max_payout_cents: number | null;
  /** Bumped by every change to the book's punters, their limits included, and to its defaults. */
  book_version: number;
  what_if: number;
  fractional: number;
  events: string | null;
  /** The punter's own totals (ownTotalsSql's JSON), when asked for with the versions. */
  own?: string | null;
}

export interface PlayerList {
  bookmakerId: number;
  userId: number;
  since: string;
  now: string;
}

type BookPart = Pick<PlayerListState, "what_if" | "fractional" | "events" | "book_version">;
/** A punter's own part: kept while the book's version (which any change of limits bumps) stays as read with it. */
type PunterPart = Pick<PlayerListState, "membership_id" | "max_stake_cents" | "max_payout_cents" | "book_version">;

const books = new Kept<BookPart>(1_000);
const approved = new Kept<PunterPart>(20_000);

/**
 * Reads the book's few recent events through their (bookmaker, start) index; `withOwn` adds the
 * punter's own totals, for a read that will answer the list whatever the versions are.
 */
export const playerListStatement = (db: D1Database, a: PlayerList, withOwn: boolean) =>
  db
    .prepare(
      `SELECT m.id AS membership_id, m.status AS membership_status, b.version AS book_version,
         COALESCE(m.max_stake_cents, b.max_stake_cents) AS max_stake_cents,
         COALESCE(m.max_payout_per_event_cents, b.max_payout_per_event_cents) AS max_payout_cents,${withOwn ? ` (${ownTotalsSql("?2", "?1", "?3")}) AS own,` : ""}
         ${holdsSubscriptionSql("b.owner_id", "'WHAT_IF'", "?4")} AS what_if,
         ${holdsSubscriptionSql("b.owner_id", "'FRACTAL_ODDS'", "?4")} AS fractional,
         (SELECT group_concat(v) FROM (SELECT e.id || ':' || e.version AS v FROM events e
            WHERE e.bookmaker_id = ?1 AND e.start_date >= ?3 AND e.published_at IS NOT NULL ORDER BY e.id)) AS events
       FROM bookmakers b LEFT JOIN memberships m ON m.bookmaker_id = b.id AND m.user_id = ?2
       WHERE b.id = ?1`,
    )
    .bind(a.bookmakerId, a.userId, a.since, a.now);

/** Keeps what a read that began at `readAt` saw, for the polls that follow it. */
export function keepState(list: PlayerList, state: PlayerListState | null, readAt: number): void {
  if (!state) return;
  books.set(
    String(list.bookmakerId),
    { what_if: state.what_if, fractional: state.fractional, events: state.events, book_version: state.book_version },
    readAt,
  );
  if (state.membership_status === "APPROVED" && state.membership_id !== null)
    approved.set(`${list.bookmakerId}:${list.userId}`, {
      membership_id: state.membership_id,
      max_stake_cents: state.max_stake_cents,
      max_payout_cents: state.max_payout_cents,
      book_version: state.book_version,
    });
}

/** An approved punter's list state as read less than `maxAgeMs` ago in this isolate, or null. */
export function recentState(list: PlayerList, maxAgeMs: number): PlayerListState | null {
  if (maxAgeMs <= 0) return null;
  const book = books.get(String(list.bookmakerId), maxAgeMs);
  const punter = book && approved.get(`${list.bookmakerId}:${list.userId}`, Infinity);
  if (!book || !punter || punter.book_version !== book.book_version) return null;
  return { ...book, ...punter, membership_status: "APPROVED" };
}
