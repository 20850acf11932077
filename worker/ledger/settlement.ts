import type { LedgerKind } from "../contract";

// Settling an event moves coins for many bets at once. These statements do it set-wise,
// one ledger row per bet and one update per account, so 10,000 bets settle in one batch.
// They act on the event's ACCEPTED bets that match the filter: put them in the batch BEFORE
// the statement that changes those bets' status.

export interface BetFilter {
  eventId: number;
  /** Only bets on these outcomes… */
  itemIds?: number[];
  /** …or all but these. Neither: every accepted bet of the event. */
  exceptItemIds?: number[];
}

/** SQL for the filter over `bets b`, with binds ?1 = event id and ?3 = the outcome ids as JSON. */
export function betFilterSql(f: BetFilter): string {
  const base = `b.event_id = ?1 AND b.status = 'ACCEPTED'`;
  if (f.itemIds) return `${base} AND b.item_id IN (SELECT value FROM json_each(?3))`;
  if (f.exceptItemIds) return `${base} AND b.item_id NOT IN (SELECT value FROM json_each(?3))`;
  return base;
}

const filterIds = (f: BetFilter) => JSON.stringify(f.itemIds ?? f.exceptItemIds ?? []);

/** What a bet returns when it wins: stake × decimal odds, rounded down to the cent. */
export const PAYOUT_SQL = `b.stake_cents * (b.odds_num + b.odds_den) / b.odds_den`;

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
  const values = [args.filter.eventId, args.poolOwnerId, filterIds(args.filter), args.now];
  return [
    prepareNumbered(db,
        `INSERT INTO ledger (pool_owner_id, from_account, to_account, amount_cents, kind, ref, created_at)
         SELECT ?2, pool.id, acc.id, ${amount}, '${args.kind}', 'bet:' || b.id, ?4
         FROM bets b
         JOIN accounts acc ON acc.kind = 'PUNTER' AND acc.pool_owner_id = ?2 AND acc.punter_id = b.user_id
         JOIN accounts pool ON pool.kind = 'POOL' AND pool.pool_owner_id = ?2
         WHERE ${where}`, values),
    prepareNumbered(db,
        `UPDATE accounts SET balance_cents = balance_cents + t.total
         FROM (SELECT b.user_id, SUM(${amount}) AS total FROM bets b WHERE ${where} GROUP BY b.user_id) AS t
         WHERE accounts.kind = 'PUNTER' AND accounts.pool_owner_id = ?2 AND accounts.punter_id = t.user_id`, values),
    prepareNumbered(db,
        `UPDATE accounts SET balance_cents = balance_cents - COALESCE((SELECT SUM(${amount}) FROM bets b WHERE ${where}), 0)
         WHERE kind = 'POOL' AND pool_owner_id = ?2`, values),
  ];
}

/**
 * Prepares SQL that uses numbered binds (?1, ?2…) and binds `values` up to the highest one it
 * names: SQLite refuses more values than that, and the statements here use different subsets.
 */
export function prepareNumbered(db: D1Database, sql: string, values: unknown[]): D1PreparedStatement {
  const used = Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
  return db.prepare(sql).bind(...values.slice(0, used));
}
