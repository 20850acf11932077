import { auditSelectedStatement } from "../audit/record";
import { outcomeOpenSql } from "../bets/may-bet";
import { nowIso } from "../lib/time";

// Open requests that are due end EXPIRED (docs/rules/price-requests.md): unanswered for 5
// minutes, an offer not taken in 60 s, or any whose outcome no longer takes bets (the event
// closed, started, suspended or settled; the runner withdrawn). D1 says which: the audit rows and
// the change go in one batch, and what the batch changed is what the bot then says.

/** Which open requests are due at ?1 (ISO), in a book (?2) or of one request (?3), or all. */
const DUE = `status IN ('PENDING', 'OFFERED') AND (?2 IS NULL OR bookmaker_id = ?2) AND (?3 IS NULL OR id = ?3) AND (
  (status = 'PENDING' AND expires_at <= ?1) OR (status = 'OFFERED' AND offer_expires_at <= ?1)
  OR NOT EXISTS (SELECT 1 FROM events event JOIN event_items outcome ON outcome.id = price_requests.item_id
    WHERE event.id = price_requests.event_id AND ${outcomeOpenSql("event", "outcome", "?1")}))`;

/** Expires what is due; answers the requests it expired, for their messages. */
export async function expireDue(db: D1Database, scope: { bookmakerId?: number; requestId?: number } = {}) {
  const binds = [nowIso(), scope.bookmakerId ?? null, scope.requestId ?? null];
  // Mostly nothing is due (the book's screens poll): a read, not a write, finds that out.
  const due = await db
    .prepare(`SELECT 1 AS due FROM price_requests WHERE ${DUE} LIMIT 1`)
    .bind(...binds)
    .first();
  if (!due) return [];
  const [, changed] = await db.batch([
    auditSelectedStatement(
      db,
      `SELECT bookmaker_id, NULL, 'PRICE_REQUEST', event_id, item_id, user_id, json_object('status', status),
         json_object('requestId', id, 'status', 'EXPIRED', 'amount', stake_cents / 100.0), NULL, ?1
       FROM price_requests WHERE ${DUE}`,
      binds,
    ),
    db.prepare(`UPDATE price_requests SET status = 'EXPIRED' WHERE ${DUE} RETURNING id`).bind(...binds),
  ]);
  return (changed.results as { id: number }[]).map((r) => r.id);
}
