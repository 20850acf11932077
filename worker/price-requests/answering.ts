import type { PriceRequest } from "../contract";
import { ladderOdds, type Odds } from "../../common/odds";
import { requireBook } from "../bookmakers/access";
import { AppError, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { en, words } from "../lib/words";
import { expireDue } from "./expiry";
import { OFFER_LIFETIME_MS, requestAuditStatement, requestById, toPriceRequest, type RequestRow } from "./records";
import type { AnswerBody } from "./schemas";

// The book answers a request (docs/rules/price-requests.md): its owner or a manager, from the
// mini-app (POST /price-requests/{id}/answer) or the bot's message (a press on Accept or Decline,
// price-requests/presses.ts). One answer wins: the change is conditional on the request still
// waiting, and its audit row rides in the same batch.

const NOT_FOUND = en("Price request not found.");

/** Why a request can no longer be answered, in words its reader understands. */
function answeredAlready(r: RequestRow) {
  if (r.answered_by === null)
    return new AppError("CONFLICT", 409, en("This request has expired."), { status: r.status });
  return new AppError(
    "CONFLICT",
    409,
    words("@{username} answered this request already.", { username: r.answerer ?? "" }),
    { status: r.status },
  );
}

/** The offer an answer makes: what was asked, or the counter's stake (no more than asked) and odds. */
function offerOf(r: RequestRow, answer: AnswerBody): { stakeCents: number; odds: Odds } | null {
  if (answer.action === "DECLINE") return null;
  const asked = { stakeCents: r.stake_cents, odds: { num: r.odds_num, den: r.odds_den } };
  if (answer.action === "ACCEPT") return asked;
  if (answer.amount !== undefined && answer.amount > r.stake_cents)
    throw new AppError("VALIDATION", 400, en("A counter offer's stake is at most the stake asked."), {
      field: "amount",
    });
  return {
    stakeCents: answer.amount ?? asked.stakeCents,
    odds: answer.coefficient === undefined ? asked.odds : ladderOdds(answer.coefficient)!,
  };
}

/**
 * What an answer did: the request as it stands after, or why it was refused (answered already,
 * expired), and the requests whose state changed on the way (this one, or found expired), for
 * the bot's messages.
 */
export type Answered = ({ request: PriceRequest } | { refusal: AppError }) & { changed: number[] };

/**
 * Answers the request as `userId`, who must be its book's owner or a manager: throws 403 for a
 * clerk, 404 for another book's request.
 */
export async function answerRequest(
  db: D1Database,
  userId: number,
  requestId: number,
  answer: AnswerBody,
): Promise<Answered> {
  const book = await requireBook(db, userId, "ODDS");
  const first = await requestById(db, requestId);
  if (!first || first.bookmaker_id !== book.id) throw notFound(NOT_FOUND);
  // Overdue, or its event no longer takes bets: expired now, before any answer.
  const changed = await expireDue(db, { requestId });
  const r = changed.length ? (await requestById(db, requestId))! : first;
  if (r.status !== "PENDING") return { refusal: answeredAlready(r), changed };
  const offer = offerOf(r, answer);
  const now = Date.now();
  const at = nowIso(now);
  const status = offer ? "OFFERED" : "DECLINED";
  const expiresAt = offer ? nowIso(now + OFFER_LIFETIME_MS) : null;
  const after = JSON.stringify({
    requestId,
    status,
    action: answer.action,
    ...(offer && { amount: offer.stakeCents / 100, coefficient: answer.coefficient ?? toPriceRequest(r).coefficient }),
  });
  const [, updated] = await db.batch([
    // Written before the change, read from the row as it waits: nothing when it waits no more.
    requestAuditStatement(db, {
      where: `id = ?1 AND status = 'PENDING' AND expires_at > ?2`,
      binds: [requestId, at],
      actorId: userId,
      at,
      after,
    }),
    db
      .prepare(
        `UPDATE price_requests SET status = ?2, answered_by = ?3, offer_stake_cents = ?4, offer_num = ?5,
           offer_den = ?6, offer_expires_at = ?7 WHERE id = ?1 AND status = 'PENDING' AND expires_at > ?8 RETURNING id`,
      )
      .bind(
        requestId,
        status,
        userId,
        offer?.stakeCents ?? null,
        offer?.odds.num ?? null,
        offer?.odds.den ?? null,
        expiresAt,
        at,
      ),
  ]);
  const standing = (await requestById(db, requestId))!;
  // Another answer got in first (or its 5 minutes ended in between).
  if (updated.results.length === 0) return { refusal: answeredAlready(standing), changed };
  return { request: toPriceRequest(standing), changed: [...changed, requestId] };
}
