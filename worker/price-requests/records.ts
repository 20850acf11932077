import type { PriceRequest } from "../contract";
import { decimalText } from "../../common/odds";
import { auditSelectedStatement } from "../audit/record";
import { fromCents } from "../lib/money";

// A price request's row as D1 keeps it, and as the API answers it (docs/rules/price-requests.md).

/** An unanswered request stands 5 minutes; an offer 60 seconds. */
export const ASK_LIFETIME_MS = 5 * 60_000;
export const OFFER_LIFETIME_MS = 60_000;

export interface RequestRow {
  id: number;
  bookmaker_id: number;
  event_id: number;
  item_id: number;
  user_id: number;
  username: string;
  stake_cents: number;
  odds_num: number;
  odds_den: number;
  each_way: number;
  status: PriceRequest["status"];
  expires_at: string;
  offer_stake_cents: number | null;
  offer_num: number | null;
  offer_den: number | null;
  offer_expires_at: string | null;
  answered_by: number | null;
  answerer: string | null;
  bet_id: number | null;
  created_at: string;
}

export const toPriceRequest = (r: RequestRow): PriceRequest => ({
  id: r.id,
  bookmakerId: r.bookmaker_id,
  eventId: r.event_id,
  eventItemId: r.item_id,
  userId: r.user_id,
  username: r.username,
  amount: fromCents(r.stake_cents),
  coefficient: decimalText({ num: r.odds_num, den: r.odds_den }),
  eachWay: r.each_way === 1,
  status: r.status,
  offer:
    r.offer_expires_at === null
      ? null
      : {
          amount: fromCents(r.offer_stake_cents!),
          coefficient: decimalText({ num: r.offer_num!, den: r.offer_den! }),
          expiresAt: r.offer_expires_at,
        },
  answeredBy: r.answered_by === null ? null : { userId: r.answered_by, username: r.answerer ?? "" },
  betId: r.bet_id,
  createdAt: r.created_at,
});

const SELECT = `SELECT r.*, pu.username, an.username AS answerer FROM price_requests r
  JOIN users pu ON pu.id = r.user_id LEFT JOIN users an ON an.id = r.answered_by`;

export const requestById = (db: D1Database, id: number) =>
  db.prepare(`${SELECT} WHERE r.id = ?1`).bind(id).first<RequestRow>();

/** A book's requests, or one punter's (in every book), newest first, at most 200. */
export async function requestsOf(
  db: D1Database,
  filter: { bookmakerId?: number; userId?: number; eventId?: number; status?: PriceRequest["status"] },
): Promise<PriceRequest[]> {
  const { results } = await db
    .prepare(
      `${SELECT} WHERE (?1 IS NULL OR r.bookmaker_id = ?1) AND (?2 IS NULL OR r.user_id = ?2) AND (?3 IS NULL OR r.event_id = ?3)
         AND (?4 IS NULL OR r.status = ?4) ORDER BY r.id DESC LIMIT 200`,
    )
    .bind(filter.bookmakerId ?? null, filter.userId ?? null, filter.eventId ?? null, filter.status ?? null)
    .all<RequestRow>();
  return results.map(toPriceRequest);
}

/** The request's state as an audit row keeps it. */
export const auditState = (r: Pick<RequestRow, "id" | "status" | "stake_cents" | "odds_num" | "odds_den">) => ({
  requestId: r.id,
  status: r.status,
  amount: fromCents(r.stake_cents),
  coefficient: decimalText({ num: r.odds_num, den: r.odds_den }),
});

/** A request's odds as the API gives them, in SQL over its columns (`num`, `den`). */
const decimalSql = (num: string, den: string) => `round(1.0 * ${num} / ${den} + 1, 3)`;

/** A request's state as its audit row keeps it, in SQL over its row. */
const STATE_SQL = `json_object('requestId', id, 'status', status, 'amount', stake_cents / 100.0, 'coefficient', ${decimalSql("odds_num", "odds_den")}, 'eachWay', json(CASE each_way WHEN 1 THEN 'true' ELSE 'false' END))`;

/**
 * The audit row of each request `where` selects (docs/rules/audit.md, "Audit"), through
 * audit/record.ts: its state as D1 holds it when the statement runs, or `after` (JSON text) for a
 * row written before its change in the change's batch. `where` names its `binds` ?1, ?2…
 */
export function requestAuditStatement(
  db: D1Database,
  rows: { where: string; binds: unknown[]; actorId: number; at: string; after?: string },
) {
  const n = rows.binds.length;
  const [actor, at, after] = [`?${n + 1}`, `?${n + 2}`, `?${n + 3}`];
  const select = `SELECT bookmaker_id, ${actor}, 'PRICE_REQUEST', event_id, item_id, user_id,
      ${rows.after ? "json_object('status', status)" : "NULL"}, ${rows.after ? `json(${after})` : STATE_SQL}, NULL, ${at}
    FROM price_requests WHERE ${rows.where}`;
  return auditSelectedStatement(db, select, [
    ...rows.binds,
    rows.actorId,
    rows.at,
    ...(rows.after ? [rows.after] : []),
  ]);
}
