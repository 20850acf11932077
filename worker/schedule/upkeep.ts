import { forgetOldKeys } from "../idempotency/keys";
import { nowIso } from "../lib/time";

// Daily upkeep (the cron in wrangler.toml). Telegram redelivers an update for a day at most,
// so two weeks of update ids is ample for deduplication; an invoice left unpaid for a week is
// cancelled, so pre-checkout refuses it rather than charge an old price. Idempotency keys are
// kept for the 24 hours the API promises.

export const UPDATE_MEMORY_DAYS = 14;
export const INVOICE_LIFETIME_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function dailyUpkeep(db: D1Database, now = Date.now()) {
  await db.batch([
    db.prepare(`DELETE FROM telegram_updates WHERE received_at < ?1`).bind(nowIso(now - UPDATE_MEMORY_DAYS * DAY_MS)),
    db
      .prepare(`UPDATE invoices SET status = 'CANCELLED' WHERE status = 'PENDING' AND created_at < ?1`)
      .bind(nowIso(now - INVOICE_LIFETIME_DAYS * DAY_MS)),
    forgetOldKeys(db, now),
  ]);
}
