import type * as v from "valibot";
import type { BookLimits, PunterLimits } from "../contract";
import { fromCents } from "../lib/money";
import { auditReadingBeforeStatement } from "../audit/record";
import type { BookLimitsBody, PunterLimitsBody } from "./schemas";

// The book's risk desk (docs/rules/limits.md, "Limits"): a punter's max stake and max payout
// per event, his own or the book's defaults, and the cap on the book's open multiples. Stored
// in cents on memberships and bookmakers; NULL is none (on a membership: the book's default).

/** What the book's open multiples may owe at most when the bookmaker set no cap of his own. */
export const DEFAULT_MAX_MULTIPLES_PAYOUT_CENTS = 1_000_000;

export interface BookLimitsRow {
  max_stake_cents: number | null;
  max_payout_per_event_cents: number | null;
  max_multiples_payout_cents: number | null;
}

export interface PunterLimitsRow {
  max_stake_cents: number | null;
  max_payout_per_event_cents: number | null;
}

const coinsOrNull = (cents: number | null) => (cents === null ? null : fromCents(cents));

export const toBookLimits = (r: BookLimitsRow): BookLimits => ({
  maxStake: coinsOrNull(r.max_stake_cents),
  maxPayoutPerEvent: coinsOrNull(r.max_payout_per_event_cents),
  maxMultiplesPayout: fromCents(r.max_multiples_payout_cents ?? DEFAULT_MAX_MULTIPLES_PAYOUT_CENTS),
});

export const toPunterLimits = (r: PunterLimitsRow): PunterLimits => ({
  maxStake: coinsOrNull(r.max_stake_cents),
  maxPayoutPerEvent: coinsOrNull(r.max_payout_per_event_cents),
});

/** The book's defaults, answered as they now are. The version bump tells GET /balances and the punters' lists. */
export const setBookLimitsStatement = (
  db: D1Database,
  bookmakerId: number,
  body: v.InferOutput<typeof BookLimitsBody>,
) =>
  db
    .prepare(
      `UPDATE bookmakers SET max_stake_cents = ?2, max_payout_per_event_cents = ?3, max_multiples_payout_cents = ?4,
         version = version + 1
       WHERE id = ?1 RETURNING max_stake_cents, max_payout_per_event_cents, max_multiples_payout_cents`,
    )
    .bind(bookmakerId, body.maxStake, body.maxPayoutPerEvent, body.maxMultiplesPayout);

/**
 * One approved punter's own limits, answered as they now are; nothing for anyone else. The
 * memberships trigger bumps the book's version.
 */
export const setPunterLimitsStatement = (
  db: D1Database,
  bookmakerId: number,
  body: v.InferOutput<typeof PunterLimitsBody>,
) =>
  db
    .prepare(
      `UPDATE memberships SET max_stake_cents = ?3, max_payout_per_event_cents = ?4
       WHERE bookmaker_id = ?1 AND user_id = ?2 AND status = 'APPROVED'
       RETURNING max_stake_cents, max_payout_per_event_cents`,
    )
    .bind(bookmakerId, body.userId, body.maxStake, body.maxPayoutPerEvent);

const coinsSql = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${column} / 100.0 END`;

/**
 * The change's audit row (docs/rules/audit.md, "Audit"), its `before` read by the statement
 * itself from the row as it stands: put it in the update's batch, before the update.
 * Without `userId` the book's defaults, with it that punter's own limits.
 */
export function limitsAuditStatement(
  db: D1Database,
  who: { bookmakerId: number; actorId: number; userId?: number },
  after: { maxStake: number | null; maxPayoutPerEvent: number | null; maxMultiplesPayout?: number | null },
) {
  const toCoins = (cents: number | null | undefined) => (cents == null ? null : fromCents(cents));
  const shown = {
    maxStake: toCoins(after.maxStake),
    maxPayoutPerEvent: toCoins(after.maxPayoutPerEvent),
    ...(who.userId === undefined
      ? { maxMultiplesPayout: fromCents(after.maxMultiplesPayout ?? DEFAULT_MAX_MULTIPLES_PAYOUT_CENTS) }
      : {}),
  };
  const before =
    who.userId === undefined
      ? `SELECT json_object('maxStake', ${coinsSql("max_stake_cents")}, 'maxPayoutPerEvent', ${coinsSql("max_payout_per_event_cents")},
           'maxMultiplesPayout', COALESCE(max_multiples_payout_cents, ${DEFAULT_MAX_MULTIPLES_PAYOUT_CENTS}) / 100.0)
         FROM bookmakers WHERE id = ?1`
      : `SELECT json_object('maxStake', ${coinsSql("max_stake_cents")}, 'maxPayoutPerEvent', ${coinsSql("max_payout_per_event_cents")})
         FROM memberships WHERE bookmaker_id = ?1 AND user_id = ?6 AND status = 'APPROVED'`;
  return auditReadingBeforeStatement(
    db,
    { bookmakerId: who.bookmakerId, actorId: who.actorId, action: "LIMITS", userId: who.userId ?? null, after: shown },
    before,
  );
}
