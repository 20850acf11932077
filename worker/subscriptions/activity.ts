// A subscription counts while it is flagged active and has no end date or one still ahead
// (docs/rules/screens.md, "Subscriptions and the market").

export type SubscriptionType = "BOOKMAKER" | "WHAT_IF" | "FRACTAL_ODDS";

/** SQL that is 1 when `owner` (a SQL expression for a user id) holds `type` at time `now`. */
export const holdsSubscriptionSql = (owner: string, type: string, now: string) =>
  `EXISTS (SELECT 1 FROM user_subscriptions us
    WHERE us.user_id = ${owner} AND us.type = ${type} AND us.active = 1 AND (us.end_date IS NULL OR us.end_date > ${now}))`;

export async function holdsSubscription(db: D1Database, ownerId: number, type: SubscriptionType, nowIso: string) {
  const row = await db
    .prepare(`SELECT ${holdsSubscriptionSql("?1", "?2", "?3")} AS held`)
    .bind(ownerId, type, nowIso)
    .first<{ held: number }>();
  return row?.held === 1;
}
