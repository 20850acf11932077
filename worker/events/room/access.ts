import { punterRefusal } from "../../bets/may-bet";
import { type EventState } from "../state";
import { type PunterCaps } from "../bet-request";
import { fail, ok, type RoomResult } from "../room-result";
import { counterCheckStatements, punterCheckStatements } from "./statements";

/**
 * Who may bet on the event, and within what limits: approved members of the book, while the
 * bookmaker's subscription runs, each with his limits (his own, else the book's defaults). All
 * is kept: approval is never taken back, a subscription runs at least to its end date, and a
 * change of limits reaches the room as `forget()` before its call answers (limits/routes.ts), so
 * a bet usually costs no read at all.
 */
export class BookAccess {
  private members = new Map<number, PunterCaps>();
  /** Until when the BOOKMAKER subscription is known to run (ms; 0 = unknown or lapsed). */
  private subscribedUntil = 0;
  /** Counts `forget()`s: a read begun before one may hold the old limits, and is not kept. */
  private forgotten = 0;

  async check(db: D1Database, e: EventState, userId: number): Promise<RoomResult<PunterCaps>> {
    return this.read(db, e, userId, punterCheckStatements(db, e, userId));
  }

  /**
   * The counter's: a ticket is a punter new to the book, within the book's own limits (its
   * default max stake and max payout on an event), while the bookmaker's subscription runs.
   * Read each time: counter bets are few, and a ticket is never seen twice.
   */
  async counter(db: D1Database, e: EventState): Promise<RoomResult<PunterCaps>> {
    return this.read(db, e, null, counterCheckStatements(db, e));
  }

  private async read(
    db: D1Database,
    e: EventState,
    userId: number | null,
    statements: D1PreparedStatement[],
  ): Promise<RoomResult<PunterCaps>> {
    const now = Date.now();
    const kept = userId === null ? undefined : this.members.get(userId);
    if (kept && now < this.subscribedUntil) return ok(kept);
    const asOf = this.forgotten;
    const [membership, subscription] = await db.batch(statements);
    const member = membership.results[0] as
      { status: string; max_stake_cents: number | null; max_payout_cents: number | null } | undefined;
    const sub = subscription.results[0] as { end_date: string | null } | undefined;
    this.subscribedUntil = !sub ? 0 : sub.end_date === null ? Number.MAX_SAFE_INTEGER : Date.parse(sub.end_date);
    const refused = punterRefusal({ membership: member?.status, subscribed: now < this.subscribedUntil });
    if (refused) return fail(refused.code, refused.message);
    const caps = { maxStakeCents: member!.max_stake_cents, maxPayoutCents: member!.max_payout_cents };
    if (asOf === this.forgotten && userId !== null) this.members.set(userId, caps);
    return ok(caps);
  }

  /** Limits changed (a punter's or the book's defaults): every punter's are read again at his next bet. */
  forget() {
    this.members.clear();
    this.forgotten++;
  }
}
