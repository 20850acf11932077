import type { LegResult, Multiple, MultipleKind } from "../contract";
import { decimalText } from "../../common/odds";
import type { BetStatus } from "../contract";
import { fromCents } from "../lib/money";

// Multiples as the API answers them: one read of the multiples with their legs, in leg order.

interface Row {
  id: number;
  kind: MultipleKind;
  amount_cents: number;
  lines: number;
  status: BetStatus;
  potential_cents: number;
  payout_cents: number;
  created_at: string;
  settled_at: string | null;
  event_id: number;
  item_id: number;
  event_title: string;
  event_description: string;
  outcome_title: string;
  odds_num: number;
  odds_den: number;
  result: LegResult;
  factor: number | null;
  at_sp: number;
}

const SELECT = `SELECT m.id, m.kind, m.amount_cents, m.lines, m.status, m.potential_cents, m.payout_cents, m.created_at,
    m.settled_at, l.event_id, l.item_id, e.title AS event_title, e.description AS event_description,
    i.title AS outcome_title, l.odds_num, l.odds_den, l.result, l.factor, l.at_sp
  FROM multiples m JOIN multiple_legs l ON l.multiple_id = m.id
  JOIN events e ON e.id = l.event_id JOIN event_items i ON i.id = l.item_id`;

function toMultiples(rows: Row[]): Multiple[] {
  const out = new Map<number, Multiple>();
  for (const r of rows) {
    let m = out.get(r.id);
    if (!m) {
      m = {
        multipleId: r.id,
        kind: r.kind,
        amount: fromCents(r.amount_cents),
        lines: r.lines,
        staked: fromCents(r.lines * r.amount_cents),
        status: r.status,
        legs: [],
        potentialPayout: fromCents(r.potential_cents),
        payout: fromCents(r.payout_cents),
        createdAt: r.created_at,
        settledAt: r.settled_at,
      };
      out.set(r.id, m);
    }
    m.legs.push({
      eventId: r.event_id,
      eventItemId: r.item_id,
      eventTitle: r.event_title,
      eventDescription: r.event_description,
      outcomeTitle: r.outcome_title,
      coefficient: decimalText({ num: r.odds_num, den: r.odds_den }),
      atSp: r.at_sp === 1,
      result: r.result,
      // Shown to 4 decimals; the settlement multiplies the exact value.
      factor: r.factor === null ? null : Math.round(r.factor * 10_000) / 10_000,
    });
  }
  return [...out.values()];
}

/** A punter's multiples with the book placed or settled since `since`, newest first. */
export async function multipleHistory(db: D1Database, bookmakerId: number, userId: number, since: string) {
  const { results } = await db
    .prepare(
      `${SELECT} WHERE m.bookmaker_id = ?1 AND m.user_id = ?2 AND (m.created_at >= ?3 OR m.settled_at >= ?3)
       ORDER BY m.id DESC, l.leg_no`,
    )
    .bind(bookmakerId, userId, since)
    .all<Row>();
  return toMultiples(results);
}

/** One multiple, as placed or settled; undefined when its owner is not `userId`. */
export async function multipleOf(db: D1Database, multipleId: number, userId: number) {
  const { results } = await db
    .prepare(`${SELECT} WHERE m.id = ?1 AND m.user_id = ?2 ORDER BY l.leg_no`)
    .bind(multipleId, userId)
    .all<Row>();
  return toMultiples(results)[0];
}

/**
 * What the history shows, as versions for its ETag: the punter's multiples (count, newest) and
 * where their legs stand (settled, open); a settlement, an undo or a new multiple moves them.
 */
export const multiplesVersion = (db: D1Database, bookmakerId: number, userId: number, since: string) =>
  db
    .prepare(
      `SELECT COUNT(DISTINCT m.id) || '.' || COALESCE(MAX(m.id), 0) || '.' || COALESCE(MAX(l.settled_at), '') || '.'
         || COALESCE(SUM(l.result = 'PENDING'), 0) || '.' || COALESCE(SUM(m.payout_cents), 0) AS v
       FROM multiples m JOIN multiple_legs l ON l.multiple_id = m.id
       WHERE m.bookmaker_id = ?1 AND m.user_id = ?2 AND (m.created_at >= ?3 OR m.settled_at >= ?3)`,
    )
    .bind(bookmakerId, userId, since);
