import { auditStatement } from "../audit/record";
import { outcomeOpenSql } from "../bets/may-bet";
import { pool, punter } from "../ledger/accounts";
import { runMoneyBatch, transferStatements } from "../ledger/transfer";
import { AppError } from "../lib/errors";
import { markCommitted } from "../idempotency/keys";
import { en } from "../lib/words";
import { nowIso } from "../lib/time";
import { multipleOffer, type Leg, type Offer } from "./offer";
import { multipleState, type MultipleState } from "./queries";

// A multiple's cash-out (docs/rules/cash-out.md, "Cash out"). No room owns a multiple, so, as its
// placement is, it is one guarded D1 batch: the multiple CASHED_OUT with its value, the payout,
// its audit row and the key's marker. The guard holds the batch to what the value was worked out
// from: the multiple still open, the book's setting, every leg as read (its result, Rule 4, dead
// heat) and each open leg's outcome running at the price read. A guard that fails gives the
// status NULL, which aborts the whole batch; the value is then worked out again from D1.

/** How often a cash-out is tried again when the batch found other prices than it was read at, but the same value. */
const ATTEMPTS = 3;

/**
 * The legs as the value depends on them, in leg order (result, Rule 4, dead heat, its odds: an SP
 * leg's follow the book; an open leg's outcome's price, the bookmaker's own): the guard builds the
 * same text in SQL.
 */
const legsKey = (legs: Leg[]) =>
  legs
    .map(
      (l, n) =>
        `${n}:${l.result}:${l.deduction}:${l.deadHeat}:${l.odds.num}/${l.odds.den}` +
        (l.result === "PENDING" ? `:${l.selection.price.num}/${l.selection.price.den}` : ""),
    )
    .join(",");

const LEGS_KEY_SQL = `(SELECT group_concat(k, ',') FROM (
    SELECT l.leg_no || ':' || l.result || ':' || l.deduction || ':' || l.dead_heat || ':' || l.odds_num || '/' || l.odds_den
      || CASE l.result WHEN 'PENDING' THEN ':' || i.odds_num || '/' || i.odds_den ELSE '' END AS k
    FROM multiple_legs l JOIN event_items i ON i.id = l.item_id WHERE l.multiple_id = m.id ORDER BY l.leg_no))`;

/** The multiple cashed out, guarded; ?1 id, ?2 value, ?3 now, ?4 legs key, ?5 margin. */
const cashOutStatement = (db: D1Database, s: MultipleState, valueCents: number, now: string) =>
  db
    .prepare(
      `UPDATE multiples AS m SET
         status = CASE WHEN m.status = 'ACCEPTED'
           AND (SELECT cashout_enabled = 1 AND cashout_margin_pct = ?5 FROM bookmakers WHERE id = m.bookmaker_id)
           AND ${LEGS_KEY_SQL} IS ?4
           AND NOT EXISTS (SELECT 1 FROM multiple_legs l JOIN events e ON e.id = l.event_id JOIN event_items i ON i.id = l.item_id
             WHERE l.multiple_id = m.id AND l.result = 'PENDING' AND NOT (${outcomeOpenSql("e", "i", "?3")}))
         THEN 'CASHED_OUT' END,
         payout_cents = ?2, settled_at = ?3
       WHERE m.id = ?1`,
    )
    .bind(s.multipleId, valueCents, now, legsKey(s.legs), s.setting.marginPct);

const isGuardFailure = (err: unknown) =>
  err instanceof Error && /NOT NULL constraint failed: multiples\.status/.test(err.message);

/** Whether this attempt's batch landed: the multiple cashed out at its time. */
const landed = async (db: D1Database, multipleId: number, now: string) =>
  (await db
    .prepare(`SELECT 1 AS yes FROM multiples WHERE id = ?1 AND status = 'CASHED_OUT' AND settled_at = ?2`)
    .bind(multipleId, now)
    .first()) !== null;

export type MultipleCashOut =
  { done: true; multipleId: number; bookmakerId: number } | { done: false; offer: Offer | null };

/**
 * Cashes out the punter's multiple at `valueCents`, the value he was shown: `done`, or not, with
 * the offer now (null: no such multiple of his) for the refusal.
 */
export async function cashOutMultiple(
  db: D1Database,
  ask: { multipleId: number; userId: number; valueCents: number; idempotencyKey?: string },
): Promise<MultipleCashOut> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const state = await multipleState(db, ask.multipleId, ask.userId);
    if (!state) return { done: false, offer: null };
    const now = nowIso();
    const offer = multipleOffer(state.setting, state.multiple, state.legs, Date.parse(now));
    if (!offer.ok || offer.valueCents !== ask.valueCents) return { done: false, offer };
    const ownerId = state.ownerId;
    const ref = `multiple:${state.multipleId}`;
    try {
      await runMoneyBatch(db, [
        cashOutStatement(db, state, offer.valueCents, now),
        ...transferStatements(db, {
          kind: "PAYOUT",
          poolOwnerId: ownerId,
          from: pool(ownerId),
          to: punter(ownerId, ask.userId),
          amountCents: offer.valueCents,
          ref,
        }),
        auditStatement(
          db,
          {
            bookmakerId: state.bookmakerId,
            actorId: ask.userId,
            action: "CASH_OUT",
            userId: ask.userId,
            before: { multipleId: state.multipleId, status: "ACCEPTED" },
            after: { multipleId: state.multipleId, status: "CASHED_OUT", value: offer.valueCents / 100 },
          },
          now,
        ),
        ...(ask.idempotencyKey === undefined ? [] : [markCommitted(db, ask.userId, ask.idempotencyKey, ref)]),
      ]);
      return { done: true, multipleId: state.multipleId, bookmakerId: state.bookmakerId };
    } catch (err) {
      // Something moved between the read and the batch: read again, and say what it is worth now.
      if (isGuardFailure(err)) continue;
      if (err instanceof AppError) throw err;
      // The batch's outcome is unknown (its answer lost): D1 says whether it landed.
      console.error("multiple cash-out batch failed; reading back", err);
      if (await landed(db, state.multipleId, now))
        return { done: true, multipleId: state.multipleId, bookmakerId: state.bookmakerId };
      throw new AppError("UNAVAILABLE", 503, en("The cash-out was not made. Please try again."));
    }
  }
  throw new AppError("CONFLICT", 409, en("The prices moved while you cashed out. Please try again."));
}
