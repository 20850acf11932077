import { decimalText } from "../../common/odds";
import type { AuditAction, AuditEntry, AuditValue, OfferedPrice } from "../contract";

// The audit log read back: the owner's rows over a period (GET /audit, its CSV) and one event's
// prices as punters were offered them (GET /player/events/{bookmakerId}/{eventId}/prices).

/** The system's changes (an alarm, retention, the equalizer) are shown as this user. */
export const SYSTEM = { userId: 0, username: "system" } as const;

export interface AuditFilter {
  /** The period's instants, `end` excluded. */
  start: string;
  end: string;
  eventId?: number;
  userId?: number;
}

interface AuditDbRow {
  at: string;
  actor_id: number | null;
  username: string | null;
  action: AuditAction;
  event_id: number | null;
  item_id: number | null;
  user_id: number | null;
  user_name: string | null;
  before: string | null;
  after: string | null;
  note: string | null;
}

const parsed = (text: string | null): AuditValue => (text === null ? null : (JSON.parse(text) as AuditValue));

const toEntry = (r: AuditDbRow): AuditEntry => ({
  at: r.at,
  actor: r.actor_id === null ? { ...SYSTEM } : { userId: r.actor_id, username: r.username ?? "" },
  action: r.action,
  eventId: r.event_id,
  itemId: r.item_id,
  userId: r.user_id,
  username: r.user_id === null ? null : (r.user_name ?? ""),
  before: parsed(r.before),
  after: parsed(r.after),
  note: r.note,
});

/**
 * The book's changes in the period, newest first, at most `limit`. A price the bookmaker's own
 * change set is left out (his change's row says it); the equalizer's price moves are listed.
 */
export async function auditRows(db: D1Database, bookmakerId: number, f: AuditFilter, limit: number) {
  const { results } = await db
    .prepare(
      `SELECT a.at, a.actor_id, u.username, a.action, a.event_id, a.item_id, a.user_id, s.username AS user_name,
         a.before, a.after, a.note
       FROM audit a LEFT JOIN users u ON u.id = a.actor_id LEFT JOIN users s ON s.id = a.user_id
       WHERE a.bookmaker_id = ?1 AND a.at >= ?2 AND a.at < ?3
         AND (a.action <> 'PRICE' OR a.actor_id IS NULL)
         AND (?4 IS NULL OR a.event_id = ?4) AND (?5 IS NULL OR a.user_id = ?5)
       ORDER BY a.at DESC, a.id DESC LIMIT ?6`,
    )
    .bind(bookmakerId, f.start, f.end, f.eventId ?? null, f.userId ?? null, limit)
    .all<AuditDbRow>();
  return results.map(toEntry);
}

/** Every price each outcome of the book's event was offered at, oldest first. */
export async function offeredPrices(db: D1Database, bookmakerId: number, eventId: number): Promise<OfferedPrice[]> {
  const { results } = await db
    .prepare(
      `SELECT item_id, at, json_extract(after, '$.num') AS num, json_extract(after, '$.den') AS den
       FROM audit WHERE event_id = ?1 AND action = 'PRICE' AND bookmaker_id = ?2 ORDER BY id`,
    )
    .bind(eventId, bookmakerId)
    .all<{ item_id: number; at: string; num: number; den: number }>();
  return results.map((r) => ({ itemId: r.item_id, at: r.at, coefficient: decimalText(r) }));
}
