import type { JoinRequestStatus } from "../contract";

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
