import type { StaffRole } from "../contract";
import { AppError } from "../lib/errors";
import { en } from "../lib/words";
import { noProfile, type BookmakerRow } from "./queries";

// Who may do what in a book (docs/rules/staff.md, "Staff"). The
// owner may do everything; his staff what their role allows. Every door into a book's things asks
// this one table, read from D1 on each request, so a removed clerk's next call is refused.

/** What a book's screens and routes let someone do, by the role that grants it. */
export type Power =
  // CLERK and up: the book's events as they stand, counter bets, tickets.
  | "EVENTS"
  | "COUNTER"
  | "TICKETS"
  // MANAGER and up: prices and drafts, non-runners, results, punters and their coins.
  | "ODDS"
  | "RESULTS"
  | "PUNTERS"
  | "COINS"
  // The owner alone: subscriptions, staff, limits, cash out, figures, audit, the profile.
  | "OWNER";

export type BookRole = "OWNER" | StaffRole;

const CLERK: readonly Power[] = ["EVENTS", "COUNTER", "TICKETS"];
const MANAGER: readonly Power[] = [...CLERK, "ODDS", "RESULTS", "PUNTERS", "COINS"];

const POWERS: Record<StaffRole, readonly Power[]> = { CLERK, MANAGER };

/** Why `role` may not do `power`, in words he understands; null when he may. */
export const roleRefusal = (role: BookRole, power: Power): string | null =>
  role === "OWNER" || POWERS[role].includes(power) ? null : REFUSALS[role];

const REFUSALS: Record<StaffRole, string> = {
  CLERK: en("A clerk cannot do this: ask the bookmaker or a manager."),
  MANAGER: en("Only the bookmaker can do this."),
};

/** The caller's place in a book: its row, his role there; the audit's actor is still the caller. */
export interface BookAccess extends BookmakerRow {
  role: BookRole;
}

/**
 * The book the caller owns or works for, when his role may do `power`; one read. Neither owner
 * nor staff: the spec's 404 (no profile); a role that may not: 403.
 */
export async function requireBook(db: D1Database, userId: number, power: Power): Promise<BookAccess> {
  const row = await db
    .prepare(
      `SELECT b.id, b.owner_id, b.name, b.terms, b.created_at,
         CASE WHEN b.owner_id = ?1 THEN 'OWNER' ELSE s.role END AS role
       FROM bookmakers b LEFT JOIN staff s ON s.bookmaker_id = b.id AND s.user_id = ?1
       WHERE b.owner_id = ?1 OR s.user_id = ?1
       ORDER BY b.owner_id = ?1 DESC LIMIT 1`,
    )
    .bind(userId)
    .first<BookAccess>();
  if (!row) throw noProfile();
  const refused = roleRefusal(row.role, power);
  if (refused) throw new AppError("FORBIDDEN", 403, refused);
  return row;
}

/** The caller's share of the room's gate: who acts (the audit's actor), for whose book, as what. */
export interface Caller {
  userId: number;
  ownerId: number;
  role: BookRole;
}

export const callerOf = (userId: number, book: BookAccess): Caller => ({
  userId,
  ownerId: book.owner_id,
  role: book.role,
});

/**
 * SQL: bookmakers row `b` is the book user `param` owns or works for, for reads of the book's
 * events that keep their one query (a poll's 304); every role may read them. Order by
 * `b.owner_id = param DESC`, as requireBook does: a user who opened a book of his own after he
 * was taken on as staff acts for his own.
 */
export const bookOfSql = (param: string) =>
  `(b.owner_id = ${param} OR b.id = (SELECT st.bookmaker_id FROM staff st WHERE st.user_id = ${param}))`;
