import { AppError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { accountIdSql, type AccountRef } from "./accounts";
import type { LedgerKind } from "../contract";
import { en } from "../lib/words";

export type { LedgerKind } from "../contract";

export interface Transfer {
  kind: LedgerKind;
  /** The pool owner whose book this movement belongs to. */
  poolOwnerId: number;
  /** Where the coins come from; none for GRANT and PURCHASE, which bring coins in, and CASH_IN, cash taken at the counter. */
  from: AccountRef | null;
  to: AccountRef;
  amountCents: number;
  /** What caused it: a bet, an invoice, a membership… */
  ref?: string;
  /** The ref as SQL instead, when it names a row the same batch inserts first (a multiple's id). */
  refSql?: string;
  /**
   * Refuse the movement if `from` holds less than the amount. Punter accounts are always
   * covered by their CHECK constraint; the pool is checked only where the rules say so
   * (allocations), because payouts may take it below zero.
   */
  mustCover?: boolean;
}

/**
 * The statements of one movement: the ledger row and both balance updates. Put them in one
 * `db.batch()` (one transaction) with whatever else must hold with them; an overdraft makes a
 * CHECK fail and the whole batch roll back.
 */
export function transferStatements(db: D1Database, t: Transfer): D1PreparedStatement[] {
  if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0)
    throw new Error(`bad transfer amount ${t.amountCents}`);
  if ((t.from === null) !== (t.kind === "GRANT" || t.kind === "PURCHASE" || t.kind === "CASH_IN"))
    throw new Error(`bad transfer source for ${t.kind}`);
  // Coins never cross from one book to another.
  if (t.to.poolOwnerId !== t.poolOwnerId || (t.from && t.from.poolOwnerId !== t.poolOwnerId))
    throw new Error("transfer across books");

  const to = accountIdSql(t.to);
  const from = t.from ? accountIdSql(t.from) : { sql: "NULL", binds: [] };
  // When the source must cover the amount, an uncovered one writes 0, which the ledger's
  // CHECK (amount_cents > 0) refuses: that aborts the batch before any balance moves.
  const amount =
    t.mustCover && t.from
      ? {
          sql: `CASE WHEN (SELECT balance_cents FROM accounts WHERE id = ${from.sql}) >= ? THEN ? ELSE 0 END`,
          binds: [...from.binds, t.amountCents, t.amountCents],
        }
      : { sql: "?", binds: [t.amountCents] };

  const statements = [
    db
      .prepare(
        `INSERT INTO ledger (pool_owner_id, from_account, to_account, amount_cents, kind, ref, created_at)
         VALUES (?, ${from.sql}, ${to.sql}, ${amount.sql}, ?, ${t.refSql ?? "?"}, ?)`,
      )
      .bind(
        t.poolOwnerId,
        ...from.binds,
        ...to.binds,
        ...amount.binds,
        t.kind,
        ...(t.refSql ? [] : [t.ref ?? null]),
        nowIso(),
      ),
    db
      .prepare(`UPDATE accounts SET balance_cents = balance_cents + ? WHERE id = ${to.sql}`)
      .bind(t.amountCents, ...to.binds),
  ];
  if (t.from) {
    statements.push(
      db
        .prepare(`UPDATE accounts SET balance_cents = balance_cents - ? WHERE id = ${from.sql}`)
        .bind(t.amountCents, ...from.binds),
    );
  }
  return statements;
}

const isCheckFailure = (err: unknown) =>
  err instanceof Error && /CHECK constraint failed|NOT NULL constraint failed: ledger/.test(err.message);

/**
 * Runs a batch that moves coins. A failed money CHECK (an overdraft, a missing account)
 * becomes `409 INSUFFICIENT_COINS`; nothing of the batch is kept.
 */
export async function runMoneyBatch(db: D1Database, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  try {
    return await db.batch(statements);
  } catch (err) {
    if (isCheckFailure(err)) throw new AppError("INSUFFICIENT_COINS", 409, en("Not enough coins."));
    throw err;
  }
}
