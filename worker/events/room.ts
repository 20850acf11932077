import { DurableObject } from "cloudflare:workers";
import { decimalText, ladderOdds, payoutCents, sameOdds, type Odds } from "../../common/odds";
import type { Env } from "../env";
import { pool, punter } from "../ledger/accounts";
import { settleBetsStatements, type BetFilter } from "../ledger/settlement";
import { runMoneyBatch, transferStatements } from "../ledger/transfer";
import { AppError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { equalizerOdds, oddsAfterWithdrawal, type BookItem } from "./book";
import type { DraftInput } from "./rules";
import { stakeRoom } from "./views";
import {
  EVENT_COLUMNS,
  fail,
  ok,
  OPEN,
  toEventState,
  type EventRow,
  type EventState,
  type ItemRow,
  type ItemState,
  type RoomResult,
} from "./state";

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

/** A bet's statements waiting to be written; its promise settles with the bet's id. */
interface QueuedBet {
  statements: D1PreparedStatement[];
  resolve: (betId: number) => void;
  reject: (err: unknown) => void;
}

/** The most bets written in one D1 batch. */
const MAX_GROUP = 50;

const returnedId = (result: D1Result) => (result.results[0] as { id: number }).id;

/**
 * One per event (`idFromName(eventId)`): the single writer of the event's status, outcomes,
 * odds and bets. It serialises every change, keeps each outcome's stakes and liability in
 * memory, and writes through to D1. Reads (lists, history) go to D1 directly.
 *
 * Input gates: an `await` lets the next call in. Every check a call relies on is followed by
 * an in-memory change (a reservation, a status) before its first await, and undone if the
 * write fails.
 */
export class EventRoom extends DurableObject<Env> {
  private event: EventState | null = null;
  private items = new Map<number, ItemState>();
  /** `${userId}:${itemId}` of every bet taken, and of those being written. */
  private bettors = new Set<string>();
  /** Bet writes under way; settlement waits for them so no bet lands after it. */
  private inflight = new Set<Promise<unknown>>();
  private loading: Promise<void> | null = null;
  /** Bets waiting for the next D1 batch (group commit), and whether a batch is being written. */
  private queue: QueuedBet[] = [];
  private writing = false;
  /** Punters known to be approved members of the event's book (approval is never taken back). */
  private members = new Set<number>();
  /** Until when the bookmaker's BOOKMAKER subscription is known to run (ms; 0 = unknown or lapsed). */
  private subscribedUntil = 0;

  // ---- loading -------------------------------------------------------------------------

  /** Loads the event once; a restarted room rebuilds the same state from D1. */
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
    const db = this.env.DB;
    const [events, items, totals, bettors] = await db.batch([
      db.prepare(`SELECT ${EVENT_COLUMNS} FROM events e JOIN bookmakers b ON b.id = e.bookmaker_id WHERE e.id = ?1`).bind(eventId),
      db.prepare(`SELECT * FROM event_items WHERE event_id = ?1 ORDER BY position`).bind(eventId),
      db
        .prepare(
          `SELECT item_id, SUM(stake_cents) AS stake, SUM(stake_cents * (odds_num + odds_den) / odds_den) AS liability
           FROM bets WHERE event_id = ?1 AND status = 'ACCEPTED' GROUP BY item_id`,
        )
        .bind(eventId),
      db.prepare(`SELECT user_id, item_id FROM bets WHERE event_id = ?1`).bind(eventId),
    ]);
    const row = events.results[0] as EventRow | undefined;
    this.event = row ? toEventState(row) : null;
    this.items.clear();
    this.bettors.clear();
    if (!row) return;
    const sums = new Map((totals.results as { item_id: number; stake: number; liability: number }[]).map((t) => [t.item_id, t]));
    for (const i of items.results as ItemRow[]) {
      const odds = { num: i.odds_num, den: i.odds_den };
      this.items.set(i.id, {
        id: i.id,
        position: i.position,
        title: i.title,
        odds,
        curr: { num: i.curr_num, den: i.curr_den },
        status: i.status,
        stakeCents: sums.get(i.id)?.stake ?? 0,
        liabilityCents: sums.get(i.id)?.liability ?? 0,
      });
    }
    for (const b of bettors.results as { user_id: number; item_id: number }[]) this.bettors.add(`${b.user_id}:${b.item_id}`);
    // The equalizer's prices follow from the stakes, so they are recomputed, not trusted.
    this.reprice();
  }

  /** The event if it exists and `callerId` (when given) owns it. */
  private async owned(eventId: number, callerId?: number): Promise<EventState | null> {
    await this.ensureLoaded(eventId);
    if (!this.event || this.event.id !== eventId) return null;
    if (callerId !== undefined && this.event.ownerId !== callerId) return null;
    return this.event;
  }

  // ---- drafts and lifecycle ------------------------------------------------------------

  /** Creates the event as a draft (CREATED); the room is named after the new id. */
  async createDraft(eventId: number, owner: { bookmakerId: number; ownerId: number }, input: DraftInput): Promise<RoomResult<{ eventId: number }>> {
    return this.safely(async () => {
      await this.ensureLoaded(eventId);
      if (this.event) return fail("CONFLICT", "This event exists already.");
      const db = this.env.DB;
      const now = nowIso();
      await db.batch([
        db
          .prepare(
            `INSERT INTO events (id, bookmaker_id, title, description, status, start_date, end_date, max_total_payout_cents,
               return_pct, bot_equalizer, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, 'CREATED', ?5, ?6, ?7, ?8, ?9, ?10, ?10)`,
          )
          .bind(eventId, owner.bookmakerId, input.title, input.description, input.startDate, input.endDate, input.maxTotalPayout, input.returnPrice, input.botEqualizer ? 1 : 0, now),
        ...input.items.map((item, position) =>
          db
            .prepare(`INSERT INTO event_items (event_id, position, title, odds_num, odds_den, curr_num, curr_den) VALUES (?1, ?2, ?3, ?4, ?5, ?4, ?5)`)
            .bind(eventId, position, item.title, item.coefficient.num, item.coefficient.den),
        ),
      ]);
      await this.ctx.storage.put("eventId", eventId);
      this.loading = null;
      await this.ensureLoaded(eventId);
      return ok({ eventId });
    });
  }

  /** Replaces a draft's outcomes (the new-event form keeps its draft in sync). */
  async updateDraftItems(eventId: number, callerId: number, items: { title: string; coefficient: Odds }[]): Promise<RoomResult> {
    return this.safely(async () => {
      const e = await this.owned(eventId, callerId);
      if (!e) return fail("NOT_FOUND", "Event not found.");
      if (e.status !== "CREATED") return fail("EVENT_NOT_OPEN", "Only a draft's outcomes can be replaced; move the event to draft first.");
      const byTitle = new Map([...this.items.values()].map((i) => [i.title.toLowerCase(), i]));
      const kept = new Set(items.map((i) => i.title.toLowerCase()));
      const dropped = [...this.items.values()].filter((i) => !kept.has(i.title.toLowerCase()));
      if (dropped.some((i) => i.stakeCents > 0 || i.status !== "ACTIVE")) {
        return fail("CONFLICT", "An outcome that has bets or was withdrawn cannot be removed.");
      }
      const db = this.env.DB;
      const statements = dropped.map((i) => db.prepare(`DELETE FROM event_items WHERE id = ?1`).bind(i.id));
      let position = Math.max(-1, ...[...this.items.values()].map((i) => i.position)) + 1;
      for (const item of items) {
        const existing = byTitle.get(item.title.toLowerCase());
        if (existing) {
          statements.push(
            db.prepare(`UPDATE event_items SET title = ?2, odds_num = ?3, odds_den = ?4 WHERE id = ?1`).bind(existing.id, item.title, item.coefficient.num, item.coefficient.den),
          );
        } else {
          statements.push(
            db
              .prepare(`INSERT INTO event_items (event_id, position, title, odds_num, odds_den, curr_num, curr_den) VALUES (?1, ?2, ?3, ?4, ?5, ?4, ?5)`)
              .bind(eventId, position++, item.title, item.coefficient.num, item.coefficient.den),
          );
        }
      }
      statements.push(this.touch());
      await db.batch(statements);
      return this.reload(eventId);
    });
  }

  /** CREATED → READY_FOR_BETS: the draft is published, or a suspended event reopened. */
  async open(eventId: number, callerId: number): Promise<RoomResult> {
    return this.safely(async () => {
      const e = await this.owned(eventId, callerId);
      if (!e) return fail("NOT_FOUND", "Event not found.");
      if (e.status !== "CREATED") return fail("CONFLICT", `The event is ${e.status}, not a draft.`);
      if (Date.parse(e.startDate) <= Date.now()) return fail("VALIDATION", "Date and time must be in the future.", { field: "startDate" });
      if (this.activeItems().length < 2) return fail("VALIDATION", "You need at least 2 participants.", { field: "items" });
      const publishedAt = e.publishedAt ?? nowIso();
      return this.setStatus(e, "READY_FOR_BETS", { publishedAt });
    });
  }

  /** READY_FOR_BETS or WAITING_FOR_RESULT → CREATED: suspended for editing, bets refused. */
  async suspend(eventId: number, callerId: number): Promise<RoomResult> {
    return this.safely(async () => {
      const e = await this.owned(eventId, callerId);
      if (!e) return fail("NOT_FOUND", "Event not found.");
      if (e.status !== "READY_FOR_BETS" && e.status !== "WAITING_FOR_RESULT") return fail("CONFLICT", `The event is ${e.status}; only a live event can go back to draft.`);
      return this.setStatus(e, "CREATED");
    });
  }

  /** Postponement: the old start moves to startDate2 (2 → 3 … → 5) so punters see it struck through. */
  async modifyDates(eventId: number, callerId: number, startDate: string, endDate: string): Promise<RoomResult> {
    return this.safely(async () => {
      const e = await this.owned(eventId, callerId);
      if (!e) return fail("NOT_FOUND", "Event not found.");
      if (!OPEN.includes(e.status)) return fail("ALREADY_SETTLED", "The event is settled.");
      if (Date.parse(startDate) <= Date.now()) return fail("VALIDATION", "Date and time must be in the future.", { field: "startDate" });
      const earlier = e.publishedAt && startDate !== e.startDate ? [e.startDate, ...e.earlierStarts.slice(0, 3)] : e.earlierStarts;
      // A postponed event that had already started takes bets again.
      const status = e.status === "WAITING_FOR_RESULT" ? "READY_FOR_BETS" : e.status;
      const previous = { ...e };
      Object.assign(e, { startDate, endDate, earlierStarts: earlier, status });
      await this.writeEvent(e, previous, [
        this.env.DB.prepare(
          `UPDATE events SET start_date = ?2, end_date = ?3, start_date2 = ?4, start_date3 = ?5, start_date4 = ?6, start_date5 = ?7, status = ?8
           WHERE id = ?1`,
        ).bind(e.id, startDate, endDate, ...earlier, status),
      ]);
      await this.scheduleAlarm();
      return ok(null);
    });
  }

  /** New odds by hand, the return for punters, the max payout, the equalizer on or off. No odds by hand while it is on. */
  async setCoefficients(
    eventId: number,
    callerId: number,
    change: { items: { id: number; coefficient: Odds }[]; returnPrice?: number; maxTotalPayout?: number; botEqualizer?: boolean },
  ): Promise<RoomResult> {
    return this.safely(async () => {
      const e = await this.owned(eventId, callerId);
      if (!e) return fail("NOT_FOUND", "Event not found.");
      if (!OPEN.includes(e.status)) return fail("ALREADY_SETTLED", "The event is settled.");
      const equalizer = change.botEqualizer ?? e.botEqualizer;
      if (equalizer && change.items.length > 0) return fail("CONFLICT", "The equalizer sets the odds of this event; turn it off to set them by hand.");
      for (const c of change.items) {
        const item = this.items.get(c.id);
        if (!item) return fail("VALIDATION", "Not an outcome of this event.", { field: "items" });
        if (item.status !== "ACTIVE") return fail("CONFLICT", `${item.title} is withdrawn.`);
      }
      const previous = { event: { ...e }, items: [...this.items.values()].map((i) => ({ ...i })) };
      for (const c of change.items) this.items.get(c.id)!.odds = c.coefficient;
      if (change.returnPrice !== undefined) e.returnPct = change.returnPrice;
      if (change.maxTotalPayout !== undefined) e.maxPayoutCents = change.maxTotalPayout;
      e.botEqualizer = equalizer;
      this.reprice();
      try {
        await this.env.DB.batch([
          this.env.DB.prepare(`UPDATE events SET return_pct = ?2, max_total_payout_cents = ?3, bot_equalizer = ?4 WHERE id = ?1`).bind(
            e.id,
            e.returnPct,
            e.maxPayoutCents,
            e.botEqualizer ? 1 : 0,
          ),
          ...change.items.map((c) =>
            this.env.DB.prepare(`UPDATE event_items SET odds_num = ?2, odds_den = ?3 WHERE id = ?1`).bind(c.id, c.coefficient.num, c.coefficient.den),
          ),
          ...this.priceStatements(),
          this.touch(),
        ]);
      } catch (err) {
        Object.assign(e, previous.event);
        for (const i of previous.items) this.items.set(i.id, i);
        throw err;
      }
      return ok(null);
    });
  }

  // ---- bets ---------------------------------------------------------------------------

  /**
   * Takes a bet, in order: the event is open and not started; the outcome runs; one bet per
   * punter per outcome; the odds sent are the current odds; the outcome's potential payout
   * stays within the max payout; the punter has the coins (the ledger's CHECK). Membership and
   * the bookmaker's subscription are checked first, before anything is reserved.
   */
  async placeBet(
    eventId: number,
    bet: { userId: number; bookmakerId: number; itemId: number; stakeCents: number; coefficient: number },
  ): Promise<RoomResult<PlacedBet>> {
    return this.safely(async () => {
      const e = await this.owned(eventId);
      if (!e || e.bookmakerId !== bet.bookmakerId || !e.publishedAt) return fail("NOT_FOUND", "Event not found.");
      const refusal = await this.checkPunter(e, bet.userId);
      if (refusal) return refusal;
      if (e.status !== "READY_FOR_BETS" || Date.parse(e.startDate) <= Date.now()) return fail("EVENT_NOT_OPEN", "Event is suspended. Please try again later.");
      const item = this.items.get(bet.itemId);
      if (!item) return fail("NOT_FOUND", "Outcome not found.");
      if (item.status !== "ACTIVE") return fail("EVENT_NOT_OPEN", `${item.title} is withdrawn.`);
      const key = `${bet.userId}:${item.id}`;
      if (this.bettors.has(key)) return fail("BET_EXISTS", "You have a bet on this outcome already.");
      const sent = ladderOdds(bet.coefficient);
      const odds = item.curr;
      if (!sent || !sameOdds(sent, odds)) return fail("ODDS_CHANGED", "The odds have changed.", { coefficient: decimalText(odds) });
      const payout = payoutCents(bet.stakeCents, odds);
      if (item.liabilityCents + payout > e.maxPayoutCents) {
        return fail("LIMIT_EXCEEDED", "This bet would take the outcome past the bookmaker's max payout.", {
          maxStake: stakeRoom(e.maxPayoutCents - item.liabilityCents, odds) / 100,
        });
      }

      // Reserve before the first await: the next bet in sees this one's liability.
      item.liabilityCents += payout;
      item.stakeCents += bet.stakeCents;
      this.bettors.add(key);
      this.reprice();
      const write = this.writeBet(e, item, bet, odds);
      this.inflight.add(write);
      try {
        const placed = await write;
        return ok(placed);
      } catch (err) {
        item.liabilityCents -= payout;
        item.stakeCents -= bet.stakeCents;
        this.bettors.delete(key);
        this.reprice();
        if (err instanceof AppError && err.code === "INSUFFICIENT_COINS") return fail("INSUFFICIENT_COINS", "You don’t have enough coins to place these bets");
        if (err instanceof Error && /UNIQUE constraint failed: bets/.test(err.message)) return fail("BET_EXISTS", "You have a bet on this outcome already.");
        throw err;
      } finally {
        this.inflight.delete(write);
        if (e.botEqualizer && this.inflight.size === 0) await this.flushPrices();
      }
    });
  }

  /**
   * The punter is an approved member and the bookmaker's subscription runs. Both answers are
   * kept: approval is never taken back, and a subscription runs at least to its end date, so
   * a bet usually costs one D1 batch and nothing more.
   */
  private async checkPunter(e: EventState, userId: number): Promise<RoomResult<never> | null> {
    const now = Date.now();
    if (this.members.has(userId) && now < this.subscribedUntil) return null;
    const db = this.env.DB;
    const [membership, subscription] = await db.batch([
      db.prepare(`SELECT status FROM memberships WHERE bookmaker_id = ?1 AND user_id = ?2`).bind(e.bookmakerId, userId),
      db.prepare(`SELECT end_date FROM user_subscriptions WHERE user_id = ?1 AND type = 'BOOKMAKER' AND active = 1`).bind(e.ownerId),
    ]);
    if ((membership.results[0] as { status?: string } | undefined)?.status !== "APPROVED") {
      return fail("FORBIDDEN", "Only this bookmaker's approved punters can bet.");
    }
    this.members.add(userId);
    const sub = subscription.results[0] as { end_date: string | null } | undefined;
    this.subscribedUntil = !sub ? 0 : sub.end_date === null ? Number.MAX_SAFE_INTEGER : Date.parse(sub.end_date);
    if (now >= this.subscribedUntil) return fail("EVENT_NOT_OPEN", "This bookmaker's subscription has expired; bets are closed.");
    return null;
  }

  private async writeBet(e: EventState, item: ItemState, bet: { userId: number; stakeCents: number }, odds: Odds): Promise<PlacedBet> {
    const db = this.env.DB;
    const createdAt = nowIso();
    const from = punter(e.ownerId, bet.userId);
    const statements = [
      ...transferStatements(db, { kind: "STAKE", poolOwnerId: e.ownerId, from, to: pool(e.ownerId), amountCents: bet.stakeCents, ref: `event:${e.id}` }),
      // last, so its RETURNING row is the bet's id
      db
        .prepare(
          `INSERT INTO bets (event_id, item_id, user_id, bookmaker_id, stake_cents, odds_num, odds_den, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id`,
        )
        .bind(e.id, item.id, bet.userId, e.bookmakerId, bet.stakeCents, odds.num, odds.den, createdAt),
    ];
    const betId = await new Promise<number>((resolve, reject) => {
      this.queue.push({ statements, resolve, reject });
      void this.writeQueued();
    });
    return {
      betId,
      eventId: e.id,
      eventItemId: item.id,
      userId: bet.userId,
      stakeCents: bet.stakeCents,
      odds,
      createdAt,
      eventTitle: e.title,
      eventDescription: e.description,
      outcomeTitle: item.title,
    };
  }

  /**
   * Group commit: one batch is written at a time, and the bets that arrive meanwhile go
   * together in the next one, so a busy event costs one D1 round trip per group, not per bet.
   * A group that fails (one punter short of coins aborts the batch) is written again bet by
   * bet, so one refusal never sinks the others.
   */
  private async writeQueued() {
    if (this.writing) return;
    this.writing = true;
    const db = this.env.DB;
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, MAX_GROUP);
        const trailer = [...(this.event?.botEqualizer ? this.priceStatements() : []), this.touch()];
        try {
          const results = await runMoneyBatch(db, [...group.flatMap((g) => g.statements), ...trailer]);
          let end = 0;
          for (const g of group) {
            end += g.statements.length;
            g.resolve(returnedId(results[end - 1]));
          }
        } catch (err) {
          if (group.length === 1) {
            group[0].reject(err);
            continue;
          }
          for (const g of group) {
            try {
              const results = await runMoneyBatch(db, [...g.statements, this.touch()]);
              g.resolve(returnedId(results[g.statements.length - 1]));
            } catch (single) {
              g.reject(single);
            }
          }
        }
      }
    } finally {
      this.writing = false;
    }
  }

  // ---- withdrawal and settlement --------------------------------------------------------

  /** A non-runner: its bets refunded, the others' odds recomputed; under 2 left closes the event. */
  async withdrawRunner(eventId: number, callerId: number, itemId: number): Promise<RoomResult> {
    return this.safely(async () => {
      const e = await this.owned(eventId, callerId);
      if (!e) return fail("NOT_FOUND", "Event not found.");
      if (!OPEN.includes(e.status)) return fail("ALREADY_SETTLED", "The event is settled.");
      const item = this.items.get(itemId);
      if (!item) return fail("NOT_FOUND", "Outcome not found.");
      if (item.status !== "ACTIVE") return fail("CONFLICT", `${item.title} is withdrawn already.`);

      const remaining = this.activeItems().filter((i) => i.id !== itemId);
      if (remaining.length < 2) return this.settle(e, { kind: "close", withdrawn: itemId });

      const previous = [...this.items.values()].map((i) => ({ ...i }));
      const newOdds = oddsAfterWithdrawal(this.bookItems(), itemId);
      item.status = "NR"; // no bet gets in from here on
      await this.drain();
      for (const [id, odds] of newOdds) this.items.get(id)!.odds = odds;
      item.stakeCents = 0;
      item.liabilityCents = 0;
      this.reprice();
      const db = this.env.DB;
      const now = nowIso();
      const filter: BetFilter = { eventId, itemIds: [itemId] };
      try {
        await runMoneyBatch(db, [
          ...settleBetsStatements(db, { filter, poolOwnerId: e.ownerId, kind: "REFUND", now }),
          this.betStatusStatement(filter, "CANCELLED", now),
          db.prepare(`UPDATE event_items SET status = 'NR' WHERE id = ?1`).bind(itemId),
          ...[...newOdds.keys()].map((id) => {
            const i = this.items.get(id)!;
            return db.prepare(`UPDATE event_items SET odds_num = ?2, odds_den = ?3 WHERE id = ?1`).bind(id, i.odds.num, i.odds.den);
          }),
          ...this.priceStatements(),
          this.touch(),
        ]);
      } catch (err) {
        for (const i of previous) this.items.set(i.id, i);
        throw err;
      }
      return ok(null);
    });
  }

  /** Settles once: winners' bets paid stake × accepted odds, the rest lost; no winners refunds all. */
  async finalize(eventId: number, callerId: number, winners: number[]): Promise<RoomResult> {
    return this.safely(async () => {
      const e = await this.owned(eventId, callerId);
      if (!e) return fail("NOT_FOUND", "Event not found.");
      if (!OPEN.includes(e.status)) return fail("ALREADY_SETTLED", "The event is settled already.");
      const unique = [...new Set(winners)];
      for (const id of unique) {
        const item = this.items.get(id);
        if (!item) return fail("VALIDATION", "Not an outcome of this event.", { field: "winners" });
        if (item.status !== "ACTIVE") return fail("VALIDATION", `${item.title} is withdrawn and cannot win.`, { field: "winners" });
      }
      return this.settle(e, unique.length ? { kind: "winners", winners: unique } : { kind: "noWinner" });
    });
  }

  /** Ends the event with no result: every bet refunded, status CANCELLED. */
  async abandon(eventId: number, callerId?: number): Promise<RoomResult> {
    return this.safely(async () => {
      const e = await this.owned(eventId, callerId);
      if (!e) return fail("NOT_FOUND", "Event not found.");
      if (!OPEN.includes(e.status)) return fail("ALREADY_SETTLED", "The event is settled already.");
      return this.settle(e, { kind: "close" });
    });
  }

  /**
   * The one way an event is settled. The status changes in memory first, so no bet and no
   * second settlement gets in; then bets being written are waited for; then one batch moves
   * every coin and every status.
   */
  private async settle(
    e: EventState,
    how: { kind: "winners"; winners: number[] } | { kind: "noWinner" } | { kind: "close"; withdrawn?: number },
  ): Promise<RoomResult> {
    const previousStatus = e.status;
    e.status = "WAITING_FOR_CALCULATION";
    await this.drain();
    const db = this.env.DB;
    const now = nowIso();
    const all: BetFilter = { eventId: e.id };
    const finalStatus = how.kind === "close" ? "CANCELLED" : "CALCULATED";
    const statements: D1PreparedStatement[] = [];
    if (how.kind === "winners") {
      const won: BetFilter = { eventId: e.id, itemIds: how.winners };
      statements.push(
        ...settleBetsStatements(db, { filter: won, poolOwnerId: e.ownerId, kind: "PAYOUT", now }),
        this.betStatusStatement(won, "WON", now),
        this.betStatusStatement(all, "LOST", now),
        db
          .prepare(
            `UPDATE event_items SET status = CASE WHEN id IN (SELECT value FROM json_each(?2)) THEN 'WINNER' ELSE 'LOSER' END
             WHERE event_id = ?1 AND status = 'ACTIVE'`,
          )
          .bind(e.id, JSON.stringify(how.winners)),
      );
    } else {
      statements.push(...settleBetsStatements(db, { filter: all, poolOwnerId: e.ownerId, kind: "REFUND", now }), this.betStatusStatement(all, "CANCELLED", now));
      if (how.kind === "close" && how.withdrawn !== undefined) {
        statements.push(db.prepare(`UPDATE event_items SET status = 'NR' WHERE id = ?1`).bind(how.withdrawn));
      }
    }
    statements.push(db.prepare(`UPDATE events SET status = ?2, settled_at = ?3 WHERE id = ?1`).bind(e.id, finalStatus, now), this.touch());
    try {
      await runMoneyBatch(db, statements);
    } catch (err) {
      e.status = previousStatus;
      throw err;
    }
    await this.reload(e.id);
    await this.ctx.storage.deleteAlarm();
    return ok(null);
  }

  private betStatusStatement(filter: BetFilter, status: "WON" | "LOST" | "CANCELLED", now: string): D1PreparedStatement {
    const where = filter.itemIds ? `AND item_id IN (SELECT value FROM json_each(?4))` : "";
    const payout = status === "WON" ? `stake_cents * (odds_num + odds_den) / odds_den` : "0";
    return this.env.DB.prepare(
      `UPDATE bets SET status = ?2, payout_cents = ${payout}, settled_at = ?3 WHERE event_id = ?1 AND status = 'ACCEPTED' ${where}`,
    ).bind(filter.eventId, status, now, ...(filter.itemIds ? [JSON.stringify(filter.itemIds)] : []));
  }

  // ---- time ---------------------------------------------------------------------------

  /** At the start: no more bets. Long after the end with no result: abandoned and refunded. */
  async alarm() {
    const eventId = await this.ctx.storage.get<number>("eventId");
    if (eventId === undefined) return;
    const e = await this.owned(eventId);
    if (!e) return;
    const now = Date.now();
    if (OPEN.includes(e.status) && now >= Date.parse(e.endDate) + UNSETTLED_GRACE_MS) {
      await this.abandon(eventId);
      return;
    }
    if (e.status === "READY_FOR_BETS" && now >= Date.parse(e.startDate)) await this.setStatus(e, "WAITING_FOR_RESULT");
    await this.scheduleAlarm();
  }

  private async scheduleAlarm() {
    const e = this.event;
    if (!e || !OPEN.includes(e.status)) return this.ctx.storage.deleteAlarm();
    const start = Date.parse(e.startDate);
    const next = e.status === "READY_FOR_BETS" && start > Date.now() ? start : Date.parse(e.endDate) + UNSETTLED_GRACE_MS;
    await this.ctx.storage.setAlarm(next);
  }

  // ---- helpers ------------------------------------------------------------------------

  /**
   * Runs a method so that an unexpected failure (D1 unreachable…) comes back as a result, not
   * a rejected RPC: RPC drops an error's fields, and the caller answers INTERNAL either way.
   */
  private async safely<T>(run: () => Promise<RoomResult<T>>): Promise<RoomResult<T>> {
    try {
      return await run();
    } catch (err) {
      console.error("event room failure", err);
      return fail("INTERNAL", "Unexpected error.");
    }
  }

  private async setStatus(e: EventState, status: EventState["status"], extra: { publishedAt?: string } = {}): Promise<RoomResult> {
    const previous = { status: e.status, publishedAt: e.publishedAt };
    e.status = status;
    if (extra.publishedAt) e.publishedAt = extra.publishedAt;
    await this.writeEvent(e, previous, [
      this.env.DB.prepare(`UPDATE events SET status = ?2, published_at = ?3 WHERE id = ?1`).bind(e.id, status, e.publishedAt),
    ]);
    await this.scheduleAlarm();
    return ok(null);
  }

  /** Writes a change already made in memory; if the write fails, the fields in `previous` come back. */
  private async writeEvent(e: EventState, previous: Partial<EventState>, statements: D1PreparedStatement[]) {
    try {
      await this.env.DB.batch([...statements, this.touch()]);
    } catch (err) {
      Object.assign(e, previous);
      throw err;
    }
  }

  /** Marks the event changed, so polled lists answer with a new ETag. */
  private touch(): D1PreparedStatement {
    return this.env.DB.prepare(`UPDATE events SET version = version + 1, updated_at = ?2 WHERE id = ?1`).bind(this.event!.id, nowIso());
  }

  private async reload(eventId: number): Promise<RoomResult> {
    this.loading = null;
    await this.ensureLoaded(eventId);
    return ok(null);
  }

  /** Waits for every bet being written. */
  private async drain() {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  private activeItems() {
    return [...this.items.values()].filter((i) => i.status === "ACTIVE");
  }

  private bookItems(): BookItem[] {
    return [...this.items.values()].map((i) => ({ id: i.id, odds: i.odds, active: i.status === "ACTIVE", stakeCents: i.stakeCents }));
  }

  /** Current odds: the equalizer's when it is on, else the bookmaker's. */
  private reprice() {
    const e = this.event;
    if (!e) return;
    const equalized = e.botEqualizer ? equalizerOdds(this.bookItems(), e.returnPct, e.maxPayoutCents) : null;
    for (const i of this.items.values()) i.curr = equalized?.get(i.id) ?? i.odds;
  }

  private priceStatements(): D1PreparedStatement[] {
    return [...this.items.values()].map((i) =>
      this.env.DB.prepare(`UPDATE event_items SET curr_num = ?2, curr_den = ?3 WHERE id = ?1`).bind(i.id, i.curr.num, i.curr.den),
    );
  }

  /** Concurrent bets may land their batches out of order; the last one out writes the prices as they are. */
  private async flushPrices() {
    await this.env.DB.batch([...this.priceStatements(), this.touch()]);
  }
}
