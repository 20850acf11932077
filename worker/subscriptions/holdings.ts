import type { SubscriptionType, UserSubscription } from "../contract";

// What a user holds of each subscription type, and when he may renew it by hand.

/** Renewal opens this long before the end of the period (docs/rules/screens.md, "Subscriptions and the market"). */
export const RENEWAL_WINDOW_MS = 8 * 24 * 60 * 60 * 1000;

export interface HoldingRow {
  type: SubscriptionType;
  active: number;
  start_date: string;
  end_date: string | null;
  renews_at: string | null;
}

const COLUMNS = `type, active, start_date, end_date, renews_at`;

export async function holdingsOf(db: D1Database, userId: number): Promise<HoldingRow[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM user_subscriptions WHERE user_id = ?1 ORDER BY id`)
    .bind(userId)
    .all<HoldingRow>();
  return results;
}

/** What the owner of book `bookmakerId` holds, in one read; null when there is no such book. */
export async function holdingsOfBook(db: D1Database, bookmakerId: number): Promise<HoldingRow[] | null> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS}
       FROM bookmakers b LEFT JOIN user_subscriptions us ON us.user_id = b.owner_id
       WHERE b.id = ?1 ORDER BY us.id`,
    )
    .bind(bookmakerId)
    .all<HoldingRow | { type: null }>();
  if (results.length === 0) return null;
  return results.filter((r): r is HoldingRow => r.type !== null);
}

export const holdingOf = (db: D1Database, userId: number, type: SubscriptionType) =>
  db
    .prepare(`SELECT ${COLUMNS} FROM user_subscriptions WHERE user_id = ?1 AND type = ?2`)
    .bind(userId, type)
    .first<HoldingRow>();

/** The activity rule (docs/rules/screens.md, "Subscriptions and the market"), the same as `holdsSubscriptionSql`. */
export const isActive = (row: HoldingRow, nowIso: string) =>
  row.active === 1 && (row.end_date === null || row.end_date > nowIso);

export type RenewalCheck =
  { ok: true } | { ok: false; reason: "NO_END" | "RENEWS_BY_ITSELF" | "TOO_EARLY"; from: string | null };

/** Whether a manual purchase of a subscription the user may already hold is accepted now. */
export function renewalCheck(row: HoldingRow | null, now: number): RenewalCheck {
  const nowIso = new Date(now).toISOString();
  if (!row || !isActive(row, nowIso)) return { ok: true };
  if (row.end_date === null) return { ok: false, reason: "NO_END", from: null };
  if (row.renews_at !== null && row.renews_at > nowIso)
    return { ok: false, reason: "RENEWS_BY_ITSELF", from: row.renews_at };
  const opens = Date.parse(row.end_date) - RENEWAL_WINDOW_MS;
  if (now < opens) return { ok: false, reason: "TOO_EARLY", from: new Date(opens).toISOString() };
  return { ok: true };
}

export function toUserSubscription(row: HoldingRow, now: number): UserSubscription {
  const renewal = renewalCheck(row, now);
  const active = isActive(row, new Date(now).toISOString());
  return {
    subscription: { subscriptionType: row.type },
    active,
    endDate: row.end_date,
    renewsAt: active ? row.renews_at : null,
    renewableFrom: renewal.ok ? null : renewal.from,
  };
}
