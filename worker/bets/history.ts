import * as v from "valibot";
import { AppError, notFound } from "../lib/errors";
import { IdParam } from "../lib/validate";
import { BOOKMAKER_NOT_FOUND, NOT_YOUR_PUNTER } from "../../common/refusals";
import { en } from "../lib/words";
import { roleRefusal } from "../bookmakers/access";
import type { StaffRole } from "../contract";

// Whose history a caller may read and how far back, for singles (bets/routes.ts) and multiples
// (multiples/routes.ts) alike.

/** A punter's own history reaches back 15 days; the bookmaker looking at a punter, 30. */
const OWN_DAYS = 15;
const OWNER_DAYS = 30;

export const HistoryQuery = v.object({
  userId: v.optional(IdParam),
  days: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, en("Must be a number of days.")),
      v.transform(Number),
      v.minValue(1, en("Must be at least 1.")),
    ),
  ),
});

/** Whose history the caller asks for (his own, or as the bookmaker a punter's) and since when. */
export function historyWindow(userId: number, query: v.InferOutput<typeof HistoryQuery>) {
  const subject = query.userId ?? userId;
  const ownerAsking = subject !== userId;
  const days = Math.min(query.days ?? (ownerAsking ? OWNER_DAYS : OWN_DAYS), ownerAsking ? OWNER_DAYS : OWN_DAYS);
  return { subject, ownerAsking, since: new Date(Date.now() - days * 864e5).toISOString() };
}

/**
 * SQL: the role in book ?1 of the caller ?4 when he works there (his staff row), else NULL. A
 * history state reads it beside the book's owner.
 */
export const STAFF_ROLE_SQL = `(SELECT st.role FROM staff st WHERE st.bookmaker_id = ?1 AND st.user_id = ?4) AS staff_role`;

/** Who asks, in a history state: the book's owner, the caller's staff role there, whether the punter is the book's. */
export interface HistoryAccess {
  owner_id: number;
  staff_role: StaffRole | null;
  member: number;
}

/** Only the book's owner, and staff whose role has the punters, read another punter's history, and only the book's punters'. */
export function mayRead<S extends HistoryAccess>(
  state: S | null,
  userId: number,
  ownerAsking: boolean,
): asserts state is S {
  if (!state) throw notFound(BOOKMAKER_NOT_FOUND);
  if (!ownerAsking) return;
  const role = state.owner_id === userId ? "OWNER" : state.staff_role;
  if (!role) throw new AppError("FORBIDDEN", 403, en("Only the bookmaker can see a punter's history."));
  const refused = roleRefusal(role, "PUNTERS");
  if (refused) throw new AppError("FORBIDDEN", 403, refused);
  if (!state.member) throw notFound(NOT_YOUR_PUNTER);
}
