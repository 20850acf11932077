import { auditReadingBeforeStatement } from "../audit/record";
import type { Staff, StaffRole } from "../contract";

// A bookmaker's staff (docs/rules/staff.md "Staff"; migration 0019): users the owner added by
// username as CLERK or MANAGER. A user works for one book at most and is never a punter of it:
// the insert here refuses a member of the book, and a join request refuses a staff member
// (memberships/routes.ts), each in its own statement, so neither door lets the other in.

interface StaffRow {
  user_id: number;
  username: string;
  role: StaffRole;
  since: string;
}

const toStaff = (r: StaffRow): Staff => ({ userId: r.user_id, username: r.username, role: r.role, since: r.since });

/** The book's staff, longest serving first. */
export async function staffOf(db: D1Database, bookmakerId: number): Promise<Staff[]> {
  const { results } = await db
    .prepare(
      `SELECT s.user_id, u.username, s.role, s.since FROM staff s JOIN users u ON u.id = s.user_id
       WHERE s.bookmaker_id = ?1 ORDER BY s.since, s.user_id`,
    )
    .bind(bookmakerId)
    .all<StaffRow>();
  return results.map(toStaff);
}

/** The book a user works for and his role there, or null. */
export const staffPost = (db: D1Database, userId: number) =>
  db
    .prepare(`SELECT bookmaker_id, role FROM staff WHERE user_id = ?1`)
    .bind(userId)
    .first<{ bookmaker_id: number; role: StaffRole }>();

/** A user by his Telegram username (case aside, without '@'), with where he stands with the book. */
export const candidateStatement = (db: D1Database, bookmakerId: number, username: string) =>
  db
    .prepare(
      `SELECT u.id, u.username,
         (SELECT status FROM memberships m WHERE m.bookmaker_id = ?1 AND m.user_id = u.id) AS membership,
         (SELECT bookmaker_id FROM staff s WHERE s.user_id = u.id) AS works_for,
         EXISTS (SELECT 1 FROM bookmakers b WHERE b.owner_id = u.id) AS owns_a_book
       FROM users u WHERE u.username = ?2 COLLATE NOCASE ORDER BY u.id LIMIT 1`,
    )
    .bind(bookmakerId, username);

export interface Candidate {
  id: number;
  username: string;
  membership: string | null;
  works_for: number | null;
  owns_a_book: number;
}

/** His role on the book's staff as an audit value ({role: null} when he is not on it). */
const ROLE_NOW = `SELECT json_object('role', (SELECT role FROM staff WHERE bookmaker_id = ?1 AND user_id = ?6))`;

/**
 * Adds `userId` to the book's staff as `role`, or sets the role of one already on it, with its
 * audit row (his role before and after); the last statement answers the row. A member of the book
 * (asking or approved) gives a NULL role, and a user of another book's staff breaks the unique
 * user: either aborts the whole batch, audit row included.
 */
export function putStaffStatements(
  db: D1Database,
  a: { bookmakerId: number; userId: number; role: StaffRole; actorId: number; now: string },
) {
  const who = { bookmakerId: a.bookmakerId, actorId: a.actorId, action: "STAFF" as const, userId: a.userId };
  return [
    auditReadingBeforeStatement(db, { ...who, after: { role: a.role } }, ROLE_NOW, a.now),
    db
      .prepare(
        `INSERT INTO staff (bookmaker_id, user_id, role, since)
         VALUES (?1, ?2, CASE WHEN NOT EXISTS (SELECT 1 FROM memberships m
           WHERE m.bookmaker_id = ?1 AND m.user_id = ?2 AND m.status IN ('CREATED', 'APPROVED')) THEN ?3 END, ?4)
         ON CONFLICT (bookmaker_id, user_id) DO UPDATE SET role = excluded.role`,
      )
      .bind(a.bookmakerId, a.userId, a.role, a.now),
    db
      .prepare(
        `SELECT s.user_id, u.username, s.role, s.since FROM staff s JOIN users u ON u.id = s.user_id
         WHERE s.bookmaker_id = ?1 AND s.user_id = ?2`,
      )
      .bind(a.bookmakerId, a.userId),
  ];
}

/** Takes `userId` off the book's staff, with its audit row: both only when he was on it; the last answers him. */
export function removeStaffStatements(
  db: D1Database,
  a: { bookmakerId: number; userId: number; actorId: number; now: string },
) {
  const who = { bookmakerId: a.bookmakerId, actorId: a.actorId, action: "STAFF" as const, userId: a.userId };
  return [
    auditReadingBeforeStatement(
      db,
      { ...who, after: { role: null } },
      `SELECT json_object('role', role) FROM staff WHERE bookmaker_id = ?1 AND user_id = ?6`,
      a.now,
    ),
    db
      .prepare(`DELETE FROM staff WHERE bookmaker_id = ?1 AND user_id = ?2 RETURNING user_id`)
      .bind(a.bookmakerId, a.userId),
  ];
}

export { toStaff, type StaffRow };
