// Coin accounts: the bookmaker's pool ("My coins") and one account per (bookmaker, punter), a
// counter ticket being a punter of its own (counter/); and the book's CASH account, what the
// counter paid out. All are keyed by the pool owner's user id, so a pool can exist before the
// profile does.

export type AccountRef =
  { kind: "POOL" | "CASH"; poolOwnerId: number } | { kind: "PUNTER"; poolOwnerId: number; punterId: number };

export const pool = (poolOwnerId: number): AccountRef => ({ kind: "POOL", poolOwnerId });
export const cash = (poolOwnerId: number): AccountRef => ({ kind: "CASH", poolOwnerId });
export const punter = (poolOwnerId: number, punterId: number): AccountRef => ({
  kind: "PUNTER",
  poolOwnerId,
  punterId,
});

/** A subquery for the account's id, and its binds; NULL when the account does not exist. */
export function accountIdSql(ref: AccountRef): { sql: string; binds: number[] } {
  return ref.kind !== "PUNTER"
    ? { sql: `(SELECT id FROM accounts WHERE kind = '${ref.kind}' AND pool_owner_id = ?)`, binds: [ref.poolOwnerId] }
    : {
        sql: `(SELECT id FROM accounts WHERE kind = 'PUNTER' AND pool_owner_id = ? AND punter_id = ?)`,
        binds: [ref.poolOwnerId, ref.punterId],
      };
}

/** Opens the account if it is not open yet; safe to put in any batch. */
export function openAccount(db: D1Database, ref: AccountRef): D1PreparedStatement {
  return db
    .prepare(`INSERT OR IGNORE INTO accounts (kind, pool_owner_id, punter_id) VALUES (?, ?, ?)`)
    .bind(ref.kind, ref.poolOwnerId, ref.kind === "PUNTER" ? ref.punterId : null);
}

/** The account's balance in cents, read inside a batch (0 when it does not exist). */
export function balanceSql(db: D1Database, ref: AccountRef): D1PreparedStatement {
  const id = accountIdSql(ref);
  return db
    .prepare(`SELECT COALESCE((SELECT balance_cents FROM accounts WHERE id = ${id.sql}), 0) AS balance_cents`)
    .bind(...id.binds);
}

export async function balanceOf(db: D1Database, ref: AccountRef): Promise<number> {
  const row = await balanceSql(db, ref).first<{ balance_cents: number }>();
  return row?.balance_cents ?? 0;
}
