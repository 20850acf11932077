import { auditRowsStatement, type AuditRow } from "../../audit/record";
import { bookMovesStatements } from "../../ledger/moves";
import { PAYOUT_SQL, PLACE_ONLY_SQL } from "../../ledger/settlement";
import { markCommittedMany } from "../../idempotency/keys";
import { prepareNumbered } from "../../lib/numbered";
import { touch } from "./statements";

// A group of an event's cash-outs as D1 writes them (docs/rules/cash-out.md, "Cash out"): a handful
// of statements whatever the group's size, each taking the group as one JSON array, as a group of
// bets is written (bet-group.ts). In order: what each bet's rows add to their outcomes' totals
// (read, and taken off the stored totals), the rows CASHED_OUT (a row no longer as its value was
// worked out from, ACCEPTED with the same Rule 4 and place terms in a book with the same margin,
// gets a NULL status, which aborts the whole group: the writer then writes it one by one), each payout
// from the pool through the ledger's set-wise writer, the audit rows, the keys' markers and the
// event's version.

/** One cash-out of a group. */
export interface GroupCashOut {
  /** The bet's id (an each-way bet's WIN row), and all its rows. */
  betId: number;
  rowIds: number[];
  userId: number;
  valueCents: number;
  /** When it was cashed out (its rows' settled_at and its ledger row's time). */
  at: string;
  idempotencyKey?: string;
  /** Its audit row. */
  audit: AuditRow;
  /** The bet as its value was worked out from: each row's Rule 4 and place terms, the book's margin. */
  asRead: { rows: { id: number; deduction: number; placeFraction: number }[]; marginPct: number };
}

/** What a bet's rows (ACCEPTED) add to their outcome's totals, per `key` (SQL over `bets b`). */
const share = (key: string) =>
  `SELECT ${key}, SUM(b.stake_cents) AS stake, SUM(${PAYOUT_SQL}) AS liability,
     SUM(CASE b.part WHEN 'PLACE' THEN ${PLACE_ONLY_SQL} ELSE 0 END) AS place
   FROM bets b WHERE b.id IN (SELECT value FROM json_each(?2)) AND b.status = 'ACCEPTED'
   GROUP BY 1`;

/** The group's statements; the first answers each bet's share of its outcome's totals (bet, stake, liability, place). */
export function cashOutGroupStatements(
  db: D1Database,
  event: { id: number; ownerId: number },
  group: GroupCashOut[],
): D1PreparedStatement[] {
  const cashOuts = JSON.stringify(
    group.map((c) => [
      c.betId,
      c.userId,
      c.valueCents,
      c.at,
      c.asRead.rows.map((r) => [r.id, r.deduction, r.placeFraction]),
      c.asRead.marginPct,
    ]),
  );
  const rows = JSON.stringify(group.flatMap((c) => c.rowIds));
  const values = [cashOuts, rows, event.ownerId];
  const keyed = group.filter((c) => c.idempotencyKey !== undefined);
  return [
    prepareNumbered(db, share("COALESCE(b.each_way_of, b.id) AS bet"), values),
    prepareNumbered(
      db,
      `UPDATE event_items SET stake_cents = stake_cents - s.stake, liability_cents = liability_cents - s.liability,
         place_liability_cents = place_liability_cents - s.place
       FROM (${share("b.item_id")}) s WHERE event_items.id = s.item_id`,
      values,
    ),
    prepareNumbered(
      db,
      `UPDATE bets SET
         status = CASE WHEN bets.status = 'ACCEPTED' AND bets.deduction = c.deduction AND bets.place_fraction = c.fraction
           AND (SELECT cashout_enabled = 1 AND cashout_margin_pct = c.margin FROM bookmakers WHERE id = bets.bookmaker_id)
           THEN 'CASHED_OUT' END,
         payout_cents = CASE WHEN bets.id = c.bet THEN c.value ELSE 0 END, settled_at = c.at
       FROM (SELECT json_extract(j.value, '$[0]') AS bet, json_extract(j.value, '$[2]') AS value,
               json_extract(j.value, '$[3]') AS at, json_extract(r.value, '$[0]') AS row,
               json_extract(r.value, '$[1]') AS deduction, json_extract(r.value, '$[2]') AS fraction,
               json_extract(j.value, '$[5]') AS margin
             FROM json_each(?1) j, json_each(j.value, '$[4]') r) c
       WHERE bets.id = c.row`,
      values,
    ),
    ...bookMovesStatements(db, {
      moves: `SELECT json_extract(j.value, '$[1]') AS punter_id, json_extract(j.value, '$[2]') AS amount_cents,
          'PAYOUT' AS kind, 'bet:' || json_extract(j.value, '$[0]') AS ref, json_extract(j.value, '$[3]') AS created_at
        FROM json_each(?1) j`,
      values,
      owner: "?3",
      way: "FROM_POOL",
    }),
    auditRowsStatement(
      db,
      group.map((c) => ({ row: c.audit, at: c.at })),
    ),
    ...(keyed.length === 0
      ? []
      : [
          markCommittedMany(
            db,
            keyed.map((c) => [c.userId, c.idempotencyKey!, `bet:${c.betId}`]),
          ),
        ]),
    touch(db, event.id),
  ];
}
