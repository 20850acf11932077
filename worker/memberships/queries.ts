import type { JoinRequestStatus } from "../contract";
import { requireBook } from "../bookmakers/access";
import { AppError, notFound } from "../lib/errors";
import { NOT_YOUR_PUNTER } from "../../common/refusals";
import { en } from "../lib/words";

export interface MembershipRow {
  id: number;
  bookmaker_id: number;
  user_id: number;
  status: JoinRequestStatus;
  note: string;
  owner_id: number;
}

export const membershipById = (db: D1Database, id: number) =>
  db
    .prepare(
      `SELECT m.id, m.bookmaker_id, m.user_id, m.status, m.note, b.owner_id
       FROM memberships m JOIN bookmakers b ON b.id = m.bookmaker_id WHERE m.id = ?1`,
    )
    .bind(id)
    .first<MembershipRow>();

export const membershipOf = (db: D1Database, bookmakerId: number, userId: number) =>
  db
    .prepare(
      `SELECT m.id, m.bookmaker_id, m.user_id, m.status, m.note, b.owner_id
       FROM memberships m JOIN bookmakers b ON b.id = m.bookmaker_id WHERE m.bookmaker_id = ?1 AND m.user_id = ?2`,
    )
    .bind(bookmakerId, userId)
    .first<MembershipRow>();

/**
 * The caller's book, when his role may give coins (or, the owner alone, set limits), and one of
 * its approved punters; a stranger is not found, a pending one refused.
 */
export async function ownApprovedPunter(
  db: D1Database,
  callerId: number,
  punterId: number,
  what: "coins" | "limits" = "coins",
) {
  const book = await requireBook(db, callerId, what === "coins" ? "COINS" : "OWNER");
  const membership = await membershipOf(db, book.id, punterId);
  if (!membership) throw notFound(NOT_YOUR_PUNTER);
  if (membership.status !== "APPROVED")
    throw new AppError(
      "FORBIDDEN",
      403,
      what === "coins"
        ? en("Coins can be given only to approved punters.")
        : en("Limits can be set only for approved punters."),
    );
  return book;
}
