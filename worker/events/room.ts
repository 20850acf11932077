import { DurableObject } from "cloudflare:workers";
import type { Odds } from "../../common/odds";
import type { Env } from "../env";
import { AppError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { BookAccess } from "./access";
import { BetNotWritten, betRefusal, BetWriter } from "./bet-writer";
import * as changes from "./changes";
import { Exclusive } from "./exclusive";
import { Prices } from "./prices";
import {
  canChange,
  canMoveDates,
  canPublish,
  canReplaceItems,
  canSetOdds,
  canSettle,
  canSuspend,
  canUnsettle,
  canWithdraw,
  checkBet,
  isOpen,
  nextAlarm,
  UNSETTLED_GRACE_MS,
} from "./guards";
import type { DraftInput } from "./rules";
import * as sql from "./statements";
import { fail, ok, type BetRequest, type EventState, type ItemState, type PlacedBet, type RoomResult } from "./state";

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
  /** Counts loads asked for: only the newest one's snapshot is applied. */
  private loads = 0;
  /** A failure left memory in doubt: reload from D1 before the next check. */
  private stale = false;
  private readonly admin = new Exclusive();
  private writer: BetWriter | null = null;
  private readonly access = new BookAccess();
  private readonly prices = new Prices();

  // ---- admin operations -----------------------------------------------------------------

  async createDraft(
    eventId: number,
    owner: { bookmakerId: number; ownerId: number },
    input: DraftInput,
  ): Promise<RoomResult<{ eventId: number }>> {
    return this.exclusive(eventId, async () => {
      if (this.event) return fail("CONFLICT", "This event exists already.");
      const result = await this.commit(eventId, changes.createDraft(this.db, eventId, owner, input));
      if (result.ok) await this.ctx.storage.put("eventId", eventId);
      return result.ok ? ok({ eventId }) : result;
    });
  }

  /** Replaces a draft's outcomes (the new-event form keeps its draft in sync). */
  async updateDraftItems(
    eventId: number,
    callerId: number,
    items: { title: string; coefficient: Odds }[],
    rules: changes.RulesChange = {},
  ): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) => {
      const plan = changes.replaceItems(this.db, e, [...this.items.values()], items, rules);
      return canReplaceItems(e, plan.dropped) ?? this.commit(eventId, plan.statements);
    });
  }

  /** CREATED → READY_FOR_BETS: the draft is published, or a suspended event reopened. */
  async open(eventId: number, callerId: number): Promise<RoomResult> {
    return this.owned(
      eventId,
      callerId,
      (e) =>
        canPublish(e, this.activeCount(), Date.now()) ??
        this.commit(eventId, [
          sql.eventStatusStatement(this.db, { ...e, status: "READY_FOR_BETS", publishedAt: e.publishedAt ?? nowIso() }),
        ]),
    );
  }

  /** READY_FOR_BETS or WAITING_FOR_RESULT → CREATED: suspended for editing, bets refused. */
  async suspend(eventId: number, callerId: number): Promise<RoomResult> {
    return this.owned(
      eventId,
      callerId,
      (e) => canSuspend(e) ?? this.commit(eventId, [sql.eventStatusStatement(this.db, { ...e, status: "CREATED" })]),
    );
  }

  /** Postponement: the old start moves to startDate2 (2 → 3 … → 5) so punters see it struck through. */
  async modifyDates(eventId: number, callerId: number, startDate: string, endDate: string): Promise<RoomResult> {
    return this.owned(
      eventId,
      callerId,
      (e) =>
        canMoveDates(e, startDate, Date.now()) ??
        this.commit(eventId, [sql.eventDatesStatement(this.db, changes.postpone(e, startDate, endDate))]),
    );
  }

  /** New odds by hand, the return for punters, the max payout, the equalizer on or off. */
  async setCoefficients(eventId: number, callerId: number, change: changes.OddsChange): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) => {
      const equalizer = change.botEqualizer ?? e.botEqualizer;
      const refusal = canSetOdds(
        e,
        equalizer,
        this.items,
        change.items.map((c) => c.id),
      );
      return refusal ?? this.commit(eventId, changes.setOdds(this.db, e, [...this.items.values()], change));
    });
  }

  /** A non-runner: its bets refunded, the others' odds recomputed; under 2 left closes the event. */
  async withdrawRunner(eventId: number, callerId: number, itemId: number): Promise<RoomResult> {
    return this.owned(eventId, callerId, (e) => {
      const refusal = canWithdraw(e, this.items.get(itemId));
      if (refusal) return refusal;
      if (this.activeCount() - 1 < 2) return this.commit(e.id, changes.close(this.db, e, nowIso(), itemId), true);
      return this.commit(eventId, changes.withdraw(this.db, e, [...this.items.values()], itemId, nowIso()), true);
    });
  }

  /** Settles once: winners' bets paid stake × accepted odds, the rest lost; no winners refunds all. */
  async finalize(eventId: number, callerId: number, winners: number[]): Promise<RoomResult> {
    const unique = [...new Set(winners)];
    return this.owned(
      eventId,
      callerId,
      (e) => canSettle(e, this.items, unique) ?? this.commit(e.id, changes.result(this.db, e, unique, nowIso()), true),
    );
  }

  /** Ends the event with no result: every bet refunded, status CANCELLED. */
  async abandon(eventId: number, callerId?: number): Promise<RoomResult> {
    return this.owned(
      eventId,
      callerId,
      (e) => canChange(e) ?? this.commit(e.id, changes.close(this.db, e, nowIso()), true),
    );
  }

  /** Undoes a result within 24 hours: every coin of the settlement back, the event waiting for its result; refused, naming them, when punters are short. */
  async unsettle(eventId: number, callerId: number): Promise<RoomResult> {
    return this.owned(eventId, callerId, async (e) => {
      const refusal = canUnsettle(e, Date.now()) ?? (await changes.reversalRefusal(this.db, e));
      if (refusal) return refusal;
      const result = await this.commit(eventId, changes.unsettle(this.db, e, e.settledAt!, nowIso()), true);
      // A punter who spent his winnings meanwhile fails his account's CHECK: name him.
      return !result.ok && result.code === "INSUFFICIENT_COINS"
        ? ((await changes.reversalRefusal(this.db, e)) ?? result)
        : result;
    });
  }

  /** At the start: no more bets. Long after the end with no result: abandoned and refunded. A failure throws, so the alarm is retried. */
  async alarm() {
    const eventId = await this.ctx.storage.get<number>("eventId");
    if (eventId === undefined) return;
    const result = await this.owned(eventId, undefined, (e) => {
      const now = Date.now();
      if (isOpen(e) && now >= Date.parse(e.endDate) + UNSETTLED_GRACE_MS)
        return this.commit(eventId, changes.close(this.db, e, nowIso()), true);
      if (e.status === "READY_FOR_BETS" && now >= Date.parse(e.startDate))
        return this.commit(eventId, [sql.eventStatusStatement(this.db, { ...e, status: "WAITING_FOR_RESULT" })]);
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
      if (!first || first.id !== eventId || first.bookmakerId !== bet.bookmakerId || !first.publishedAt)
        return fail("NOT_FOUND", "Event not found.");
      const refusal = await this.access.check(this.db, first, bet.userId);
      if (refusal) return refusal;
      // From the end of this wait to the reservation nothing awaits, so no admin operation gets in between.
      await this.readyForBet(eventId);
      const e = this.event;
      if (!e) return fail("NOT_FOUND", "Event not found.");
      const item = this.items.get(bet.itemId);
      const check = checkBet(
        e,
        item,
        {
          stakeCents: bet.stakeCents,
          coefficient: bet.coefficient,
          alreadyBet: this.bettors.has(`${bet.userId}:${bet.itemId}`),
        },
        Date.now(),
      );
      if ("refusal" in check) {
        // A punter shown odds D1 still owes (a failed price flush) is refused: the flush is tried again now.
        if (check.refusal.code === "ODDS_CHANGED" && this.prices.owing) await this.betWriter(e.id).settleOwed();
        return check.refusal;
      }
      return this.reserveAndWrite(e, item!, bet, check);
    });
  }

  /** Loaded and no admin operation queued; a reload owed while bets are in flight waits for them (through the admin chain). */
  private async readyForBet(eventId: number) {
    for (let round = 0; round < 5; round++) {
      if (this.admin.busy) await this.admin.whenIdle();
      else if ((this.stale || !this.loading) && this.inflight.size > 0)
        await this.exclusive(eventId, async () => ok(null));
      else {
        await this.freshen(eventId);
        if (!this.admin.busy && !this.stale) return;
      }
    }
    throw new Error(`event ${eventId}: room not ready for bets`);
  }

  private async reserveAndWrite(
    e: EventState,
    item: ItemState,
    bet: BetRequest,
    taken: { odds: Odds; payoutCents: number },
  ): Promise<RoomResult<PlacedBet>> {
    this.hold(item, bet.userId, bet.stakeCents, taken.payoutCents);
    const row = {
      eventId: e.id,
      itemId: item.id,
      userId: bet.userId,
      bookmakerId: e.bookmakerId,
      stakeCents: bet.stakeCents,
      odds: taken.odds,
      createdAt: nowIso(),
    };
    const write = this.betWriter(e.id).write(
      row,
      changes.betStatements(this.db, e, row, bet.idempotencyKey),
      taken.payoutCents,
    );
    this.inflight.add(write);
    try {
      const betId = await write;
      return ok({
        betId,
        ...row,
        eventItemId: item.id,
        eventTitle: e.title,
        eventDescription: e.description,
        outcomeTitle: item.title,
      });
    } catch (err) {
      if (err instanceof BetNotWritten && err.unknown) {
        // It may be written: keep the reservation and let D1 decide, through a reload.
        this.stale = true;
        void this.exclusive(e.id, async () => ok(null));
      } else {
        this.hold(item, bet.userId, -bet.stakeCents, -taken.payoutCents);
      }
      return betRefusal(err);
    } finally {
      this.inflight.delete(write);
    }
  }

  /** Reserves a bet's stake and liability (or, with negative amounts, releases them). */
  private hold(item: ItemState, userId: number, stakeCents: number, payoutCents: number) {
    item.liabilityCents += payoutCents;
    item.stakeCents += stakeCents;
    if (stakeCents > 0) this.bettors.add(`${userId}:${item.id}`);
    else this.bettors.delete(`${userId}:${item.id}`);
    this.reprice();
  }

  private betWriter(eventId: number): BetWriter {
    this.writer ??= new BetWriter(
      () => this.db,
      eventId,
      this.prices.hooks(
        () => this.db,
        eventId,
        () => this.event,
        () => this.items,
      ),
    );
    return this.writer;
  }

  // ---- writing and loading --------------------------------------------------------------

  /** Runs an admin operation on the loaded event, one at a time, as a result rather than a throw. */
  private owned(
    eventId: number,
    callerId: number | undefined,
    work: (e: EventState) => RoomResult | Promise<RoomResult>,
  ): Promise<RoomResult> {
    return this.exclusive(eventId, async () => {
      const e = this.event;
      if (!e || e.id !== eventId || (callerId !== undefined && e.ownerId !== callerId))
        return fail("NOT_FOUND", "Event not found.");
      return work(e);
    });
  }

  private exclusive<T>(eventId: number, work: () => Promise<RoomResult<T>>): Promise<RoomResult<T>> {
    const loadedWork = () => this.freshen(eventId).then(work);
    return this.safely(() => this.admin.run(() => this.drain(), loadedWork));
  }

  /**
   * Writes an admin operation's batch, marked with its own id, then reloads from D1. When the
   * outcome is unknown, the mark says whether it landed; either way memory is D1's.
   */
  private async commit(eventId: number, statements: D1PreparedStatement[], money = false): Promise<RoomResult> {
    const opId = crypto.randomUUID();
    try {
      await changes.runBatch(
        this.db,
        [...statements, sql.itemTotalsStatement(this.db, eventId), sql.touch(this.db, eventId, opId)],
        money,
      );
    } catch (err) {
      if (err instanceof AppError) return fail("INSUFFICIENT_COINS", err.message);
      console.error("event write failed; reading back", err);
      // Not landed: D1 and memory are as they were (nothing changes memory before a write).
      if (!(await changes.landed(this.db, eventId, opId)))
        return fail("UNAVAILABLE", "The change was not saved. Please try again.");
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

  /** Loaded, and reloaded first when a failure left memory in doubt. */
  private async freshen(eventId: number): Promise<void> {
    if (!this.stale) return this.ensureLoaded(eventId);
    // One reload for all callers that find memory in doubt: a second, after a reservation, would drop it.
    this.stale = false;
    await this.reload(eventId);
    await this.scheduleAlarm(); // the write that left memory in doubt may have moved the start
  }

  /**
   * Loaded, by the newest load asked for. A load a reload replaced while it waited for D1 is
   * followed by its replacement: applied late, its snapshot could miss bets reserved meanwhile.
   */
  private async ensureLoaded(eventId: number): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.loading ??= this.startLoad(eventId);
      await current;
    } while (this.loading !== current);
  }

  /** A failed load comes out of blockConcurrencyWhile as a value: thrown inside, it would reset the whole object. */
  private startLoad(eventId: number): Promise<void> {
    const generation = ++this.loads;
    return this.ctx
      .blockConcurrencyWhile(() =>
        this.load(eventId, generation).then(
          () => null,
          (err: unknown) => ({ err }),
        ),
      )
      .then((failed) => {
        // A replaced load's failure is not its callers' concern: they wait for the replacement.
        if (!failed || generation !== this.loads) return;
        this.loading = null;
        throw failed.err;
      });
  }

  private async load(eventId: number, generation: number) {
    const loaded = await sql.loadEvent(this.db, eventId);
    if (generation !== this.loads) return; // replaced by a newer load: that one's snapshot is applied
    ({ event: this.event, items: this.items, bettors: this.bettors } = loaded);
    // The prices follow from the stakes: recomputed, and owed to D1 if D1 has others.
    this.prices.loaded();
    this.reprice();
  }

  private async reload(eventId: number) {
    this.loading = null;
    await this.ensureLoaded(eventId);
    if (this.event && isOpen(this.event)) await this.prices.flush(this.db, eventId, this.items);
  }

  private async scheduleAlarm() {
    const at = this.event ? nextAlarm(this.event, Date.now()) : null;
    await (at === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(at));
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

  private drain = async () => {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  };

  private activeCount = () => [...this.items.values()].filter((i) => i.status === "ACTIVE").length;

  private reprice = () => this.prices.reprice(this.event, this.items);
}
