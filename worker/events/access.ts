import { BOOK_LAPSED, ONLY_APPROVED_PUNTERS } from "../../common/refusals";
import { fail, type EventState, type RoomResult } from "./state";
import { punterCheckStatements } from "./statements";

/**
 * Who may bet on the event: approved members of the book, while the bookmaker's subscription
 * runs. Both answers are kept: approval is never taken back, and a subscription runs at least
 * to its end date, so a bet usually costs no read at all.
 */
export class BookAccess {
  private members = new Set<number>();
  /** Until when the BOOKMAKER subscription is known to run (ms; 0 = unknown or lapsed). */
  private subscribedUntil = 0;

  async check(db: D1Database, e: EventState, userId: number): Promise<RoomResult<never> | null> {
    const now = Date.now();
    if (this.members.has(userId) && now < this.subscribedUntil) return null;
    const [membership, subscription] = await db.batch(punterCheckStatements(db, e, userId));
    if ((membership.results[0] as { status?: string } | undefined)?.status !== "APPROVED")
      return fail("FORBIDDEN", ONLY_APPROVED_PUNTERS);
    this.members.add(userId);
    const sub = subscription.results[0] as { end_date: string | null } | undefined;
    this.subscribedUntil = !sub ? 0 : sub.end_date === null ? Number.MAX_SAFE_INTEGER : Date.parse(sub.end_date);
    if (now >= this.subscribedUntil) return fail("EVENT_NOT_OPEN", BOOK_LAPSED);
    return null;
  }
}
