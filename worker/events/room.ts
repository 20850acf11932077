import { DurableObject } from "cloudflare:workers";
import type { Odds } from "../../common/odds";
import type { Env } from "../env";
import { AppError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { currentPrices, type BookItem } from "./book";
import { BetNotWritten, BetWriter } from "./bet-writer";
import * as changes from "./changes";
import { Exclusive } from "./exclusive";
import { canChange, canMoveDates, canPublish, canReplaceItems, canSetOdds, canSettle, canSuspend, canWithdraw, checkBet, isOpen } from "./guards";
import type { DraftInput } from "./rules";
import * as sql from "./statements";
import { fail, ok, toEventState, toItemState, type EventRow, type EventState, type ItemRow, type ItemState, type RoomResult } from "./state";

/** An event left unsettled this long after its end is abandoned, so no stake is held forever. */
export const UNSETTLED_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

export interface PlacedBet {
  betId: number;
  eventId: number;
  eventItemId: number;
  userId: number;
  stakeCents: number;
  odds: Odds;
  createdAt: string;
  eventTitle: string;
  eventDescription: string;
  outcomeTitle: string;
}

export interface BetRequest {
  userId: number;
  bookmakerId: number;
  itemId: number;
  stakeCents: number;
  coefficient: number;
}

/**
 * One per event (`idFromName(eventId)`): the single writer of the event's status, outcomes,
 * odds and bets. Bets are checked and reserved in memory before their first await, then
 * written in groups (BetWriter). Admin operations run one at a time (Exclusive), after the
 * bets in flight, with new bets waiting behind them; each writes one batch and then reloads
 * from D1, so memory is always what D1 says, also after a failed or unknown write.
 */
export class EventRoom extends DurableObject<Env> {
  /** The database; a test may put a wrapper here that makes writes fail. */
  db: D1Database = this.env.DB;
  private event: EventState | null = null;
  private items = new Map<number, ItemState>();
  /** `${userId}:${itemId}` of every bet taken, and of those being written. */
  private bettors = new Set<string>();
  private inflight = new Set<Promise<unknown>>();
  private loading: Promise<void> | null = null;
  /** A failure left memory in doubt: reload from D1 before the next check. */
  private stale = false;
  private readonly admin = new Exclusive();
  private writer: BetWriter | null = null;
  /** Punters known to be approved members (approval is never taken back), and until when the book's subscription runs. */
  private members = new Set<number>();
  private subscribedUntil = 0;
  /** The equalizer's prices: how often they moved in memory, and up to which move D1 has them. */
  private priceStamp = 0;
  private writtenStamp = 0;

  // ---- admin operations -----------------------------------------------------------------

  async createDraft(eventId: number, owner: { bookmakerId: number; ownerId: number }, input: DraftInput): Promise<RoomResult<{ eventId: number }>> {
    return this.exclusive(eventId, async () => {
      if (this.event) return fail("CONFLICT", "This event exists already.");
      const result = await this.commit(eventId, changes.createDraft(this.db, eventId, owner, input));
      if (result.ok) await this.ctx.storage.put("eventId", eventId);
      return result.ok ? ok({ eventId }) : result;
    });
  }

  /** Replaces a draft's outcomes (the new-event form keeps its draft in sync). */
  async updateDraftItems(eventId: number, callerId: number, items: { title: string; coefficient: Odds }[]): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) => {
      const plan = changes.replaceItems(this.db, e, [...this.items.values()], items);
      return canReplaceItems(e, plan.dropped) ?? this.commit(eventId, plan.statements);
    });
  }

  /** CREATED → READY_FOR_BETS: the draft is published, or a suspended event reopened. */
  async open(eventId: number, callerId: number): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) =>
      canPublish(e, this.activeCount(), Date.now()) ?? this.commitEvent({ ...e, status: "READY_FOR_BETS", publishedAt: e.publishedAt ?? nowIso() }),
    );
  }

  /** READY_FOR_BETS or WAITING_FOR_RESULT → CREATED: suspended for editing, bets refused. */
  async suspend(eventId: number, callerId: number): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) => canSuspend(e) ?? this.commitEvent({ ...e, status: "CREATED" }));
  }

  /** Postponement: the old start moves to startDate2 (2 → 3 … → 5) so punters see it struck through. */
  async modifyDates(eventId: number, callerId: number, startDate: string, endDate: string): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) => canMoveDates(e, startDate, Date.now()) ?? this.commitEvent(changes.postpone(e, startDate, endDate), "dates"));
  }

  /** New odds by hand, the return for punters, the max payout, the equalizer on or off. */
  async setCoefficients(eventId: number, callerId: number, change: changes.OddsChange): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) => {
      const equalizer = change.botEqualizer ?? e.botEqualizer;
      const refusal = canSetOdds(e, equalizer, this.items, change.items.map((c) => c.id));
      return refusal ?? this.commit(eventId, changes.setOdds(this.db, e, [...this.items.values()], change));
    });
  }

  /** A non-runner: its bets refunded, the others' odds recomputed; under 2 left closes the event. */
  async withdrawRunner(eventId: number, callerId: number, itemId: number): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) => {
      const refusal = canWithdraw(e, this.items.get(itemId));
      if (refusal) return refusal;
      if (this.activeCount() - 1 < 2) return this.settle(e, changes.close(this.db, e, nowIso(), itemId));
      return this.commit(eventId, changes.withdraw(this.db, e, [...this.items.values()], itemId, nowIso()), true);
    });
  }

  /** Settles once: winners' bets paid stake × accepted odds, the rest lost; no winners refunds all. */
  async finalize(eventId: number, callerId: number, winners: number[]): Promise<RoomResult> {
    const unique = [...new Set(winners)];
    return this.owned(eventId, callerId, (e) => canSettle(e, this.items, unique) ?? this.settle(e, changes.result(this.db, e, unique, nowIso())));
  }

  /** Ends the event with no result: every bet refunded, status CANCELLED. */
  async abandon(eventId: number, callerId?: number): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) => canChange(e) ?? this.settle(e, changes.close(this.db, e, nowIso())));
  }

  /** At the start: no more bets. Long after the end with no result: abandoned and refunded. A failure throws, so the alarm is retried. */
  async alarm() {
    const eventId = await this.ctx.storage.get<number>("eventId");
    if (eventId === undefined) return;
    const result = await this.owned(eventId, undefined, (e) => {
      const now = Date.now();
      if (isOpen(e) && now >= Date.parse(e.endDate) + UNSETTLED_GRACE_MS) return this.settle(e, changes.close(this.db, e, nowIso()));
      if (e.status === "READY_FOR_BETS" && now >= Date.parse(e.startDate)) return this.commitEvent({ ...e, status: "WAITING_FOR_RESULT" });
      return this.scheduleAlarm().then(() => ok(null));
    });
    if (!result.ok && result.code === "INTERNAL") throw new Error(`event ${eventId}: alarm work failed`);
  }

  // ---- bets -----------------------------------------------------------------------------

  /** Takes a bet: membership and subscription first, then the rules (guards.checkBet), then one reservation and a group write. */
  async placeBet(eventId: number, bet: BetRequest): Promise<RoomResult<PlacedBet>> {
    return this.safely(async () => {
      await this.readyForBet(eventId);
      const first = this.event;
      if (!first || first.id !== eventId || first.bookmakerId !== bet.bookmakerId || !first.publishedAt) return fail("NOT_FOUND", "Event not found.");
      const refusal = await this.checkPunter(first, bet.userId);
      if (refusal) return refusal;
      // From the end of this wait to the reservation nothing awaits, so no admin operation gets in between.
      await this.readyForBet(eventId);
      const e = this.event;
      if (!e) return fail("NOT_FOUND", "Event not found.");
      const item = this.items.get(bet.itemId);
      const check = checkBet(e, item, { stakeCents: bet.stakeCents, coefficient: bet.coefficient, alreadyBet: this.bettors.has(`${bet.userId}:${bet.itemId}`) }, Date.now());
      if ("refusal" in check) return check.refusal;
      return this.reserveAndWrite(e, item!, bet, check);
    });
  }

  /**
   * Loaded from D1 and with no admin operation queued. Admin operations queued before a bet
   * go first; a reload owed while bets are in flight waits for them (through the admin chain),
   * so no bet's write lands after the read that should have counted it.
   */
  private async readyForBet(eventId: number) {
    for (let round = 0; round < 5; round++) {
      if (this.admin.busy) await this.admin.whenIdle();
      else if ((this.stale || !this.loading) && this.inflight.size > 0) await this.exclusive(eventId, async () => ok(null));
      else {
        await this.freshen(eventId);
        if (!this.admin.busy && !this.stale) return;
      }
    }
    throw new Error(`event ${eventId}: room not ready for bets`);
  }

  private async reserveAndWrite(e: EventState, item: ItemState, bet: BetRequest, taken: { odds: Odds; payoutCents: number }): Promise<RoomResult<PlacedBet>> {
    const key = `${bet.userId}:${item.id}`;
    item.liabilityCents += taken.payoutCents;
    item.stakeCents += bet.stakeCents;
    this.bettors.add(key);
    this.reprice();
    const createdAt = nowIso();
    const row = { eventId: e.id, itemId: item.id, userId: bet.userId, bookmakerId: e.bookmakerId, stakeCents: bet.stakeCents, odds: taken.odds, createdAt };
    const write = this.betWriter(e.id).write({ userId: bet.userId, itemId: item.id }, changes.betStatements(this.db, e, row));
    this.inflight.add(write);
    try {
      const betId = await write;
      return ok({ betId, ...row, eventItemId: item.id, eventTitle: e.title, eventDescription: e.description, outcomeTitle: item.title });
    } catch (err) {
      if (err instanceof BetNotWritten && err.unknown) {
        // It may be written: keep the reservation and let D1 decide, through a reload.
        this.stale = true;
        void this.exclusive(e.id, async () => ok(null));
        return fail("INTERNAL", "We could not confirm your bet. Please check your bets before trying again.");
      }
      item.liabilityCents -= taken.payoutCents;
      item.stakeCents -= bet.stakeCents;
      this.bettors.delete(key);
      this.reprice();
      if (err instanceof AppError && err.code === "INSUFFICIENT_COINS") return fail("INSUFFICIENT_COINS", "You don’t have enough coins to place these bets");
      if (err instanceof Error && /UNIQUE constraint failed: bets/.test(err.message)) return fail("BET_EXISTS", "You have a bet on this outcome already.");
      if (err instanceof BetNotWritten) return fail("UNAVAILABLE", "Your bet has not been taken. Please try again.");
      throw err;
    } finally {
      this.inflight.delete(write);
    }
  }

  /** The punter is an approved member and the bookmaker's subscription runs; both answers are kept. */
  private async checkPunter(e: EventState, userId: number): Promise<RoomResult<never> | null> {
    const now = Date.now();
    if (this.members.has(userId) && now < this.subscribedUntil) return null;
    const [membership, subscription] = await this.db.batch(sql.punterCheckStatements(this.db, e, userId));
    if ((membership.results[0] as { status?: string } | undefined)?.status !== "APPROVED") return fail("FORBIDDEN", "Only this bookmaker's approved punters can bet.");
    this.members.add(userId);
    const sub = subscription.results[0] as { end_date: string | null } | undefined;
    this.subscribedUntil = !sub ? 0 : sub.end_date === null ? Number.MAX_SAFE_INTEGER : Date.parse(sub.end_date);
    if (now >= this.subscribedUntil) return fail("EVENT_NOT_OPEN", "This bookmaker's subscription has expired; bets are closed.");
    return null;
  }

  private betWriter(eventId: number): BetWriter {
    this.writer ??= new BetWriter(() => this.db, eventId, {
      trailer: () => ({ statements: [...(this.event?.botEqualizer ? sql.priceStatements(this.db, this.items.values()) : []), sql.touch(this.db, eventId)], stamp: this.priceStamp }),
      written: (stamp) => (this.writtenStamp = Math.max(this.writtenStamp, stamp)),
      owed: () => (this.writtenStamp < this.priceStamp ? { statements: [...sql.priceStatements(this.db, this.items.values()), sql.touch(this.db, eventId)], stamp: this.priceStamp } : null),
    });
    return this.writer;
  }

  // ---- writing and loading --------------------------------------------------------------

  /** Runs an admin operation on the loaded event, one at a time, as a result rather than a throw. */
  private owned(eventId: number, callerId: number | undefined, work: (e: EventState) => RoomResult | Promise<RoomResult>): Promise<RoomResult> {
    return this.exclusive(eventId, async () => {
      const e = this.event;
      if (!e || e.id !== eventId || (callerId !== undefined && e.ownerId !== callerId)) return fail("NOT_FOUND", "Event not found.");
      return work(e);
    });
  }

  private exclusive<T>(eventId: number, work: () => Promise<RoomResult<T>>): Promise<RoomResult<T>> {
    return this.safely(() =>
      this.admin.run(
        () => this.drain(),
        async () => {
          await this.freshen(eventId);
          return work();
        },
      ),
    );
  }

  /**
   * Writes an admin operation's batch, marked with its own id, then reloads from D1. When the
   * outcome is unknown, the mark says whether it landed; either way memory is D1's.
   */
  private async commit(eventId: number, statements: D1PreparedStatement[], money = false): Promise<RoomResult> {
    const opId = crypto.randomUUID();
    try {
      await changes.runBatch(this.db, [...statements, sql.touch(this.db, eventId, opId)], money);
    } catch (err) {
      if (err instanceof AppError) return fail("INSUFFICIENT_COINS", err.message);
      console.error("event write failed; reading back", err);
      const landed = await changes.landed(this.db, eventId, opId);
      await this.reload(eventId);
      if (!landed) return fail("UNAVAILABLE", "The change was not saved. Please try again.");
    }
    try {
      await this.reload(eventId);
      await this.scheduleAlarm();
    } catch (err) {
      // The change is in D1; the next call reads it.
      console.error("reload after a change failed", err);
      this.stale = true;
    }
    return ok(null);
  }

  private commitEvent(e: EventState, what: "status" | "dates" = "status"): Promise<RoomResult> {
    return this.commit(e.id, [what === "dates" ? sql.eventDatesStatement(this.db, e) : sql.eventStatusStatement(this.db, e)]);
  }

  /** Settlement moves coins for every bet (the alarm is dropped by `commit`: the event is no longer open). */
  private settle(e: EventState, statements: D1PreparedStatement[]): Promise<RoomResult> {
    return this.commit(e.id, statements, true);
  }

  /** Loaded, and reloaded first when a failure left memory in doubt. */
  private freshen(eventId: number): Promise<void> {
    if (this.stale) {
      this.stale = false;
      this.loading = null;
    }
    return this.ensureLoaded(eventId);
  }

  private ensureLoaded(eventId: number): Promise<void> {
    this.loading ??= this.ctx
      .blockConcurrencyWhile(() => this.load(eventId))
      .catch((err) => {
        this.loading = null;
        throw err;
      });
    return this.loading;
  }

  private async load(eventId: number) {
    const [events, items, totals, bettors] = await this.db.batch(sql.loadStatements(this.db, eventId));
    const row = events.results[0] as EventRow | undefined;
    this.event = row ? toEventState(row) : null;
    const sums = new Map((totals.results as { item_id: number; stake: number; liability: number }[]).map((t) => [t.item_id, t]));
    this.items = new Map((items.results as ItemRow[]).map((i) => [i.id, toItemState(i, sums.get(i.id))]));
    this.bettors = new Set((bettors.results as { user_id: number; item_id: number }[]).map((b) => `${b.user_id}:${b.item_id}`));
    // The prices follow from the stakes: recomputed, and owed to D1 if D1 has others.
    this.priceStamp = this.writtenStamp = 0;
    this.reprice();
  }

  private async reload(eventId: number) {
    this.loading = null;
    await this.ensureLoaded(eventId);
    if (this.priceStamp > this.writtenStamp && this.event && isOpen(this.event)) {
      await this.db.batch([...sql.priceStatements(this.db, this.items.values()), sql.touch(this.db, eventId)]).then(
        () => (this.writtenStamp = this.priceStamp),
        (err) => console.error("price flush failed; the next write carries the prices", err),
      );
    }
  }

  private async scheduleAlarm() {
    const e = this.event;
    if (!e || !isOpen(e)) return this.ctx.storage.deleteAlarm();
    const start = Date.parse(e.startDate);
    await this.ctx.storage.setAlarm(e.status === "READY_FOR_BETS" && start > Date.now() ? start : Date.parse(e.endDate) + UNSETTLED_GRACE_MS);
  }

  /** Runs a method so that an unexpected failure comes back as a result, not a rejected RPC (RPC drops an error's fields). */
  private async safely<T>(run: () => Promise<RoomResult<T>>): Promise<RoomResult<T>> {
    try {
      return await run();
    } catch (err) {
      console.error("event room failure", err);
      this.stale = true;
      return fail("INTERNAL", "Unexpected error.");
    }
  }

  private async drain() {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  private activeCount() {
    return [...this.items.values()].filter((i) => i.status === "ACTIVE").length;
  }

  /** Current odds from the stakes in memory; a move is owed to D1 until a write carries it. */
  private reprice() {
    const e = this.event;
    if (!e) return;
    const book: BookItem[] = [...this.items.values()].map((i) => ({ id: i.id, odds: i.odds, active: i.status === "ACTIVE", stakeCents: i.stakeCents }));
    let moved = false;
    for (const [id, curr] of currentPrices(book, e)) {
      const item = this.items.get(id)!;
      if (item.curr.num !== curr.num || item.curr.den !== curr.den) moved = true;
      item.curr = curr;
    }
    if (moved) this.priceStamp++;
  }
}
