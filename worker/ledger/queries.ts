import type { LedgerKind, LedgerPage, LedgerParty, PunterBalance } from "../contract";
import { fromCents, money } from "../lib/money";
import { toPunterLimits, type BookLimitsRow, type PunterLimitsRow } from "../limits/limits";

/**
 * What the owner's balances list shows, as versions: his book's (its punters, their notes and
 * names, bumped by triggers) and the newest ledger row of his book (every coin moved writes
 * one), with the book's default limits (a change bumps its version). One indexed read; null
 * when he has no book.
 */
export const bookBalancesState = (db: D1Database, ownerId: number) =>
  db
    .prepare(
      `SELECT b.id, b.version, (SELECT MAX(l.id) FROM ledger l WHERE l.pool_owner_id = ?1) AS ledger,
         b.max_stake_cents, b.max_payout_per_event_cents, b.max_multiples_payout_cents
       FROM bookmakers b WHERE b.owner_id = ?1`,
    )
    .bind(ownerId)
    .first<{ id: number; version: number; ledger: number | null } & BookLimitsRow>();

/** A punter's coins in a book, in one read; null when there is no such book. */
export const punterBalanceInBook = (db: D1Database, bookmakerId: number, userId: number) =>
  db
    .prepare(
      `SELECT COALESCE((SELECT a.balance_cents FROM accounts a WHERE a.kind = 'PUNTER' AND a.pool_owner_id = b.owner_id AND a.punter_id = ?2), 0) AS balance_cents
       FROM bookmakers b WHERE b.id = ?1`,
    )
    .bind(bookmakerId, userId)
    .first<{ balance_cents: number }>();

export async function punterBalances(db: D1Database, bookmakerId: number, ownerId: number): Promise<PunterBalance[]> {
  const { results } = await db
    .prepare(
      `SELECT u.id AS user_id, u.username, m.note, COALESCE(a.balance_cents, 0) AS balance_cents,
         m.max_stake_cents, m.max_payout_per_event_cents
       FROM memberships m
       JOIN users u ON u.id = m.user_id
       LEFT JOIN accounts a ON a.kind = 'PUNTER' AND a.pool_owner_id = ?2 AND a.punter_id = m.user_id
       WHERE m.bookmaker_id = ?1 AND m.status = 'APPROVED'
       ORDER BY u.username COLLATE NOCASE`,
    )
    .bind(bookmakerId, ownerId)
    .all<{ user_id: number; username: string; note: string; balance_cents: number } & PunterLimitsRow>();
  return results.map((r) => ({
    user: { internalId: r.user_id, username: r.username },
    money: money(r.balance_cents),
    note: r.note,
    limits: toPunterLimits(r),
  }));
}

interface LedgerRow {
  id: number;
  kind: LedgerKind;
  amount_cents: number;
  ref: string | null;
  created_at: string;
  from_kind: "POOL" | "PUNTER" | null;
  from_user: number | null;
  from_username: string | null;
  to_kind: "POOL" | "PUNTER";
  to_user: number;
  to_username: string;
}

const party = (kind: "POOL" | "PUNTER", userId: number, username: string | null): LedgerParty => ({
  kind,
  userId,
  username: username ?? "",
});

/** A bookmaker's ledger, newest first, `limit` rows older than `before`. */
export async function ledgerPage(
  db: D1Database,
  poolOwnerId: number,
  limit: number,
  before?: number,
): Promise<LedgerPage> {
  const { results } = await db
    .prepare(
      `SELECT l.id, l.kind, l.amount_cents, l.ref, l.created_at,
         fa.kind AS from_kind, COALESCE(fa.punter_id, fa.pool_owner_id) AS from_user, fu.username AS from_username,
         ta.kind AS to_kind, COALESCE(ta.punter_id, ta.pool_owner_id) AS to_user, tu.username AS to_username
       FROM ledger l
       JOIN accounts ta ON ta.id = l.to_account
       LEFT JOIN users tu ON tu.id = COALESCE(ta.punter_id, ta.pool_owner_id)
       LEFT JOIN accounts fa ON fa.id = l.from_account
       LEFT JOIN users fu ON fu.id = COALESCE(fa.punter_id, fa.pool_owner_id)
       WHERE l.pool_owner_id = ?1 AND l.id < ?2
       ORDER BY l.id DESC LIMIT ?3`,
    )
    .bind(poolOwnerId, before ?? Number.MAX_SAFE_INTEGER, limit + 1)
    .all<LedgerRow>();
  const rows = results.slice(0, limit);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: fromCents(r.amount_cents),
      from: r.from_kind && r.from_user !== null ? party(r.from_kind, r.from_user, r.from_username) : null,
      to: party(r.to_kind, r.to_user, r.to_username),
      ref: r.ref,
      createdAt: r.created_at,
    })),
    nextBefore: results.length > limit ? rows[rows.length - 1].id : null,
  };
}
