import { prepareNumbered } from "../lib/numbered";

// Many movements between one book's pool and its punters, written set-wise: the bets a group
// stakes, a settlement's payouts and refunds and their undo, the multiples' the same. Whatever
// their number, three statements: a ledger row each, every punter's balance once by his total,
// the pool's by the sum. transfer.ts writes one movement; this writes a set of them; nothing
// else in the worker writes a ledger row or a balance (docs/ARCHITECTURE.md, "Money").

/**
 * The movements, as a SELECT over numbered binds (?1, ?2…) giving one row a movement:
 * `punter_id`, `amount_cents` (a row of 0 moves nothing), `kind`, `ref` and `created_at`.
 */
export interface BookMoves {
  /** The SELECT. */
  moves: string;
  /** Its binds, by number (?1 is values[0]). */
  values: unknown[];
  /** The book's pool owner, as SQL among the same binds ("?2"). */
  owner: string;
  /** TO_POOL: the punters pay the pool (stakes, an undo taking back); FROM_POOL: the pool pays them. */
  way: "TO_POOL" | "FROM_POOL";
}

/**
 * The statements of a set of movements; put them in the batch of what they pay for. A punter
 * without an account gives his ledger row a NULL account, which the ledger's CHECKs refuse, and
 * a punter who would go below 0 fails his account's: either way the whole batch rolls back and
 * nothing moves.
 */
export function bookMovesStatements(db: D1Database, m: BookMoves): D1PreparedStatement[] {
  const punter = `(SELECT id FROM accounts WHERE kind = 'PUNTER' AND pool_owner_id = ${m.owner} AND punter_id = mv.punter_id)`;
  const pool = `(SELECT id FROM accounts WHERE kind = 'POOL' AND pool_owner_id = ${m.owner})`;
  const [from, to] = m.way === "TO_POOL" ? [punter, pool] : [pool, punter];
  const [punterSign, poolSign] = m.way === "TO_POOL" ? ["-", "+"] : ["+", "-"];
  return [
    prepareNumbered(
      db,
      `INSERT INTO ledger (pool_owner_id, from_account, to_account, amount_cents, kind, ref, created_at)
         SELECT ${m.owner}, ${from}, ${to}, mv.amount_cents, mv.kind, mv.ref, mv.created_at
         FROM (${m.moves}) mv WHERE mv.amount_cents > 0`,
      m.values,
    ),
    // Each punter's total worked out once, then his row found through the punters' index (an
    // UPDATE … FROM join would walk the whole book's accounts).
    prepareNumbered(
      db,
      `WITH totals AS MATERIALIZED (SELECT punter_id, SUM(amount_cents) AS total FROM (${m.moves}) GROUP BY punter_id)
       UPDATE accounts SET balance_cents = balance_cents ${punterSign} (SELECT total FROM totals WHERE totals.punter_id = accounts.punter_id)
       WHERE kind = 'PUNTER' AND pool_owner_id = ${m.owner} AND punter_id IN (SELECT punter_id FROM totals)`,
      m.values,
    ),
    prepareNumbered(
      db,
      `UPDATE accounts SET balance_cents = balance_cents ${poolSign} COALESCE((SELECT SUM(amount_cents) FROM (${m.moves})), 0)
       WHERE kind = 'POOL' AND pool_owner_id = ${m.owner}`,
      m.values,
    ),
  ];
}
