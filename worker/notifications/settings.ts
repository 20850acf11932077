import type { NotificationSettings } from "../contract";
import { fromCents } from "../lib/money";
import { nowIso } from "../lib/time";
import type { BotMessage } from "./messages";

// A user's switches and the bot's right to write to him. No row means the defaults and no
// consent yet; a row is made when he signs in, sends /start or changes a switch.

export interface SettingsRow {
  user_id: number;
  join_requests: number;
  results: number;
  coins: number;
  new_events: number;
  big_bets_over_cents: number | null;
  allows_write: number;
  started_at: string | null;
  blocked_at: string | null;
}

const DEFAULTS: Omit<SettingsRow, "user_id"> = {
  join_requests: 1,
  results: 1,
  coins: 1,
  new_events: 0,
  big_bets_over_cents: null,
  allows_write: 0,
  started_at: null,
  blocked_at: null,
};

export async function settingsOf(db: D1Database, userId: number): Promise<SettingsRow> {
  const row = await db
    .prepare(`SELECT * FROM notification_settings WHERE user_id = ?1`)
    .bind(userId)
    .first<SettingsRow>();
  return row ?? { user_id: userId, ...DEFAULTS };
}

/** He allowed it (init data or write access) or started the bot, and has not blocked it since. */
export const canWrite = (s: SettingsRow) => (s.allows_write === 1 || s.started_at !== null) && s.blocked_at === null;

/** Whether his switches ask for this message; consent is checked apart. */
export function wants(s: SettingsRow, m: Pick<BotMessage, "topic" | "stakeCents">): boolean {
  switch (m.topic) {
    case "JOIN_REQUESTS":
      return s.join_requests === 1;
    case "RESULTS":
      return s.results === 1;
    case "COINS":
      return s.coins === 1;
    case "NEW_EVENTS":
      return s.new_events === 1;
    case "BIG_BETS":
      return s.big_bets_over_cents !== null && (m.stakeCents ?? 0) > s.big_bets_over_cents;
    case "MEMBERSHIP":
    case "PRICE_REQUESTS":
      return true;
  }
}

export const settingsAnswer = (s: SettingsRow): NotificationSettings => ({
  joinRequests: s.join_requests === 1,
  results: s.results === 1,
  coins: s.coins === 1,
  newEvents: s.new_events === 1,
  bigBetsOver: s.big_bets_over_cents === null ? null : fromCents(s.big_bets_over_cents),
  canWrite: canWrite(s),
});

export interface SettingsChange {
  joinRequests?: boolean;
  results?: boolean;
  coins?: boolean;
  newEvents?: boolean;
  /** cents; null turns big-bet messages off */
  bigBetsOverCents?: number | null;
}

const bit = (b: boolean | undefined) => (b === undefined ? null : b ? 1 : 0);

/** Applies the fields given, keeping the others, and answers the row as it now stands. */
export async function changeSettings(db: D1Database, userId: number, change: SettingsChange): Promise<SettingsRow> {
  const bigBets = change.bigBetsOverCents;
  const row = await db
    .prepare(
      `INSERT INTO notification_settings (user_id, join_requests, results, coins, new_events, big_bets_over_cents, updated_at)
       VALUES (?1, COALESCE(?2, 1), COALESCE(?3, 1), COALESCE(?4, 1), COALESCE(?5, 0), ?7, ?8)
       ON CONFLICT (user_id) DO UPDATE SET
         join_requests = COALESCE(?2, join_requests), results = COALESCE(?3, results), coins = COALESCE(?4, coins),
         new_events = COALESCE(?5, new_events),
         big_bets_over_cents = CASE WHEN ?6 THEN ?7 ELSE big_bets_over_cents END,
         updated_at = ?8
       RETURNING *`,
    )
    .bind(
      userId,
      bit(change.joinRequests),
      bit(change.results),
      bit(change.coins),
      bit(change.newEvents),
      bigBets !== undefined ? 1 : 0,
      bigBets ?? null,
      nowIso(),
    )
    .first<SettingsRow>();
  return row!;
}

/** What his init data says at sign-in: Telegram's `allows_write_to_pm`. */
export const recordConsentStatement = (db: D1Database, userId: number, allowsWrite: boolean) =>
  db
    .prepare(
      `INSERT INTO notification_settings (user_id, allows_write, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (user_id) DO UPDATE SET allows_write = excluded.allows_write, updated_at = excluded.updated_at`,
    )
    .bind(userId, allowsWrite ? 1 : 0, nowIso());

/** He granted write access from the mini-app (Telegram tells the bot with `write_access_allowed`). */
export const allowWrite = (db: D1Database, userId: number) =>
  db
    .prepare(
      `INSERT INTO notification_settings (user_id, allows_write, updated_at) VALUES (?1, 1, ?2)
       ON CONFLICT (user_id) DO UPDATE SET allows_write = 1, updated_at = excluded.updated_at`,
    )
    .bind(userId, nowIso())
    .run();

/** /start: the bot may write to him, and a block he lifted by starting it again is forgotten. */
export const markStarted = (db: D1Database, userId: number) =>
  db
    .prepare(
      `INSERT INTO notification_settings (user_id, started_at, updated_at) VALUES (?1, ?2, ?2)
       ON CONFLICT (user_id) DO UPDATE SET started_at = excluded.started_at, blocked_at = NULL, updated_at = excluded.updated_at`,
    )
    .bind(userId, nowIso())
    .run();

/** Telegram answered 403: he blocked the bot. */
export const markBlocked = (db: D1Database, userId: number) =>
  db
    .prepare(`UPDATE notification_settings SET blocked_at = ?2, updated_at = ?2 WHERE user_id = ?1`)
    .bind(userId, nowIso())
    .run();
