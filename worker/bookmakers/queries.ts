import type { Bookmaker, BookmakerDto } from "../contract";
import { money } from "../lib/money";
import { AppError } from "../lib/errors";
import { holdsSubscriptionSql } from "../subscriptions/activity";
import { NO_PROFILE } from "../../common/refusals";

export interface BookmakerRow {
  id: number;
  owner_id: number;
  name: string;
  terms: string;
  created_at: string;
}

export const toBookmakerDto = (row: BookmakerRow): BookmakerDto => ({
  bookmakerId: row.id,
  bookmakerName: row.name,
  terms: row.terms,
});

export const bookmakerOwnedBy = (db: D1Database, userId: number) =>
  db
    .prepare(`SELECT id, owner_id, name, terms, created_at FROM bookmakers WHERE owner_id = ?1`)
    .bind(userId)
    .first<BookmakerRow>();

export const bookmakerById = (db: D1Database, id: number) =>
  db
    .prepare(`SELECT id, owner_id, name, terms, created_at FROM bookmakers WHERE id = ?1`)
    .bind(id)
    .first<BookmakerRow>();

/** The spec's 404 for a caller with no profile of his own. */
export const noProfile = () => new AppError("NOT_FOUND", 404, NO_PROFILE);

interface BookmakerCardRow {
  id: number;
  name: string;
  terms: string;
  join_status: "CREATED" | "APPROVED" | "DECLINED" | null;
  approved_at: string | null;
  subscribers: number;
  balance_cents: number;
  active: number;
}

/** Bookmakers but the caller's own (?1), as he sees them at time ?2: his request, his coins there. */
function cardsSql(where: string) {
  return `SELECT b.id, b.name, b.terms, m.status AS join_status, m.approved_at,
      (SELECT COUNT(*) FROM memberships s WHERE s.bookmaker_id = b.id AND s.status = 'APPROVED') AS subscribers,
      COALESCE(a.balance_cents, 0) AS balance_cents,
      ${holdsSubscriptionSql("b.owner_id", "'BOOKMAKER'", "?2")} AS active
    FROM bookmakers b
    LEFT JOIN memberships m ON m.bookmaker_id = b.id AND m.user_id = ?1
    LEFT JOIN accounts a ON a.kind = 'PUNTER' AND a.pool_owner_id = b.owner_id AND a.punter_id = ?1
    WHERE b.owner_id <> ?1 ${where}
    ORDER BY b.name COLLATE NOCASE`;
}

const toBookmaker = (row: BookmakerCardRow): Bookmaker => ({
  bookmakerId: row.id,
  bookmakerName: row.name,
  terms: row.terms,
  bookmakerJoinDate: row.approved_at,
  subscribers: row.subscribers,
  balance: money(row.balance_cents),
  ...(row.join_status ? { joinRequestStatus: row.join_status } : {}),
  active: row.active === 1,
});

/**
 * What the directory of bookmakers shows a caller, as versions: the directory's (names, terms,
 * subscribers, BOOKMAKER subscriptions; bumped by triggers), the next BOOKMAKER subscription to
 * run out after now (a bookmaker going inactive writes nothing), and the caller's coins in
 * every book. One read of indexed rows.
 */
export const directoryState = (db: D1Database, userId: number, nowIso: string) =>
  db
    .prepare(
      `SELECT
         (SELECT version FROM list_versions WHERE name = 'directory') AS directory,
         (SELECT MIN(end_date) FROM user_subscriptions WHERE type = 'BOOKMAKER' AND active = 1 AND end_date > ?2) AS next_end,
         (SELECT group_concat(v) FROM (SELECT pool_owner_id || ':' || balance_cents AS v FROM accounts
            WHERE kind = 'PUNTER' AND punter_id = ?1 ORDER BY pool_owner_id)) AS coins`,
    )
    .bind(userId, nowIso)
    .first<{ directory: number; next_end: string | null; coins: string | null }>();

export async function bookmakerCards(db: D1Database, userId: number, nowIso: string): Promise<Bookmaker[]> {
  const { results } = await db.prepare(cardsSql("")).bind(userId, nowIso).all<BookmakerCardRow>();
  return results.map(toBookmaker);
}

export async function bookmakerCard(
  db: D1Database,
  userId: number,
  bookmakerId: number,
  nowIso: string,
): Promise<Bookmaker | null> {
  const row = await db.prepare(cardsSql("AND b.id = ?3")).bind(userId, nowIso, bookmakerId).first<BookmakerCardRow>();
  return row ? toBookmaker(row) : null;
}
