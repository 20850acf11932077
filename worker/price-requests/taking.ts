import { decimalText, type Odds } from "../../common/odds";
import { auditSelectedStatement } from "../audit/record";
import { fromCents } from "../lib/money";

// A price request's offer taken: what its bet writes beside it, in the bet's own batch (the room's
// BetKinds.offer). The guard goes first: its row's `offered` is read as 1 only while the offer
// stands, else NULL, so a take after the 60 s, after a decline or an expiry breaks its NOT NULL and
// rolls the bet back (not a CHECK: a failed CHECK in a money batch reads as an overdraft), and its
// key refuses a second take. D1, not the room's memory, says whether the offer stood.

/** The bet's row as the room writes it (events/room/statements.ts's BetRowInput). */
interface TakenRow {
  userId: number;
  itemId: number;
  bookmakerId: number;
  eventId: number;
  stakeCents: number;
  odds: Odds;
  createdAt: string;
}

export function offerTakenStatements(db: D1Database, take: { requestId: number; row: TakenRow }) {
  const { requestId, row } = take;
  const guard = db
    .prepare(
      `INSERT INTO price_request_takes (request_id, offered) VALUES (?1, (SELECT 1 FROM price_requests
         WHERE id = ?1 AND user_id = ?2 AND item_id = ?3 AND status = 'OFFERED' AND offer_expires_at > ?4))`,
    )
    .bind(requestId, row.userId, row.itemId, row.createdAt);
  const bet = `(SELECT id FROM bets WHERE item_id = ?3 AND user_id = ?2)`;
  const taken = db
    .prepare(`UPDATE price_requests SET status = 'TAKEN', bet_id = ${bet} WHERE id = ?1`)
    .bind(requestId, row.userId, row.itemId);
  // The audit row names the request and the bet it became (docs/rules/audit.md, "Audit").
  const audit = auditSelectedStatement(
    db,
    `SELECT ?4, ?2, 'PRICE_REQUEST', ?5, ?3, ?2, json_object('status', 'OFFERED'),
       json_object('requestId', ?1, 'status', 'TAKEN', 'betId', ${bet}, 'amount', ?6, 'coefficient', ?7), NULL, ?8`,
    [
      requestId,
      row.userId,
      row.itemId,
      row.bookmakerId,
      row.eventId,
      fromCents(row.stakeCents),
      decimalText(row.odds),
      row.createdAt,
    ],
  );
  return { before: [guard], after: [taken, audit] };
}

/** A bet refused by its take's guard: the offer no longer stood, or was taken already. */
export function takeRefusal(err: unknown): "OFFER_EXPIRED" | "ALREADY_TAKEN" | null {
  if (!(err instanceof Error)) return null;
  if (/UNIQUE constraint failed: price_request_takes/.test(err.message)) return "ALREADY_TAKEN";
  if (/NOT NULL constraint failed: price_request_takes/.test(err.message)) return "OFFER_EXPIRED";
  return null;
}
