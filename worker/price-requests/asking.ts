import type { PriceRequest } from "../contract";
import { ladderOdds } from "../../common/odds";
import { AppError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { en } from "../lib/words";
import { ASK_LIFETIME_MS, requestAuditStatement, requestById, toPriceRequest } from "./records";
import type { PriceRequestBody } from "./schemas";

// A punter asks the book for a bet the box refused (docs/rules/price-requests.md): the room has
// said the request is needed (price-requests/routes.ts); here the coins he would stake are checked
// (nothing is held while he waits) and the request is written with its audit row, in one batch.

const INSUFFICIENT = en("You don’t have enough coins to place these bets");
const OPEN = en("You have a request on this outcome waiting already.");

/** His coins in the book, in cents (0 without an account). */
const coinsOf = async (db: D1Database, bookmakerId: number, userId: number) =>
  (
    await db
      .prepare(
        `SELECT a.balance_cents FROM accounts a JOIN bookmakers b ON b.owner_id = a.pool_owner_id
         WHERE b.id = ?1 AND a.punter_id = ?2 AND a.kind = 'PUNTER'`,
      )
      .bind(bookmakerId, userId)
      .first<{ balance_cents: number }>()
  )?.balance_cents ?? 0;

export async function writeRequest(db: D1Database, userId: number, ask: PriceRequestBody): Promise<PriceRequest> {
  const odds = ladderOdds(ask.coefficient)!; // the schema takes rungs of the ladder only
  const staked = ask.eachWay ? 2 * ask.amount : ask.amount;
  if ((await coinsOf(db, ask.bookmakerId, userId)) < staked)
    throw new AppError("INSUFFICIENT_COINS", 409, INSUFFICIENT);
  const now = Date.now();
  const at = nowIso(now);
  let id: number;
  try {
    const [inserted] = await db.batch([
      db
        .prepare(
          `INSERT INTO price_requests (bookmaker_id, event_id, item_id, user_id, stake_cents, odds_num, odds_den,
             each_way, status, expires_at, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'PENDING', ?9, ?10) RETURNING id`,
        )
        .bind(
          ask.bookmakerId,
          ask.eventId,
          ask.eventItemId,
          userId,
          ask.amount,
          odds.num,
          odds.den,
          ask.eachWay ? 1 : 0,
          nowIso(now + ASK_LIFETIME_MS),
          at,
        ),
      // The one open request of his on the outcome, just written.
      requestAuditStatement(db, {
        where: `user_id = ?1 AND item_id = ?2 AND status = 'PENDING'`,
        binds: [userId, ask.eventItemId],
        actorId: userId,
        at,
      }),
    ]);
    id = (inserted.results[0] as { id: number }).id;
  } catch (err) {
    if (err instanceof Error && /UNIQUE constraint failed: price_requests/.test(err.message))
      throw new AppError("PRICE_REQUEST_OPEN", 409, OPEN);
    throw err;
  }
  return toPriceRequest((await requestById(db, id))!);
}
