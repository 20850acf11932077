import type { PlaceTerms } from "../../../common/each-way";
import type { Odds } from "../../../common/odds";

/** Odds `a` longer than `b` (it pays more). */
const longer = (a: Odds, b: Odds) => a.num * b.den > b.num * a.den;
import { nowIso } from "../../lib/time";
import { BookAccess } from "./access";
import { BetNotWritten, betRefusal, BetWriter } from "./bet-writer";
import type { OwnStatements } from "./bet-group";
import type { BetRowInput } from "./statements";
import type { Exclusive } from "./exclusive";
import { punterBook, type BetTotals } from "../rules/book";
import { checkBet } from "../rules/guards";
import { betAnswerText, ticketAnswerText } from "../../bets/answer";
import type { RoomMemory } from "./memory";
import type { CurrentOdds } from "./current-odds";
import { type EventState, type OutcomeState } from "../state";
import { type BetRequest, type PlacedBet, type PriceAsk, type PunterCaps } from "../bet-request";
import { fail, ok, type RoomResult } from "../room-result";
import { EVENT_NOT_FOUND } from "../../../common/refusals";
import { en } from "../../lib/words";

/** What the desk uses of its room. */
export interface DeskRoom {
  db: () => D1Database;
  memory: RoomMemory;
  currentOdds: CurrentOdds;
  admin: Exclusive;
  /** Loaded, and reloaded first when in doubt. */
  freshen(eventId: number): Promise<void>;
  /** Resolves once the bets in flight are written and memory reloaded, through the admin chain. */
  afterAdmin(eventId: number): Promise<unknown>;
}

/**
 * Bets of their own kind, given by the room (room.ts): what each writes beside its bet (bet-group.ts,
 * `GroupBet.own`). The desk strikes every bet the same way and knows no kind's tables.
 */
export interface BetKinds {
  /** A counter bet's ticket (counter/tickets.ts), beside the bet's `row`. */
  counter: (
    db: D1Database,
    ticket: { code: string; takenBy: number; ownerId: number; stakedCents: number; row: BetRowInput },
  ) => OwnStatements;
  /** A price request's offer taken (price-requests/taking.ts): its guard before, the request marked after. */
  offer: (db: D1Database, take: { requestId: number; row: BetRowInput }) => OwnStatements;
}

/**
 * The room's bets: checked and reserved in memory before their first await, then written in
 * groups (BetWriter). A bet never runs beside an admin operation: it waits for one queued, and
 * one waits for the bets in flight (`inflight`).
 */
export class BetDesk {
  readonly inflight = new Set<Promise<unknown>>();
  /** Attempts in flight by `${userId}:${Idempotency-Key}`. */
  private readonly keys = new Map<string, Promise<void>>();
  private writer: BetWriter | null = null;
  private readonly access = new BookAccess();

  constructor(
    private readonly room: DeskRoom,
    private readonly kinds: BetKinds,
  ) {}

  /**
   * A bet sent with an Idempotency-Key waits for an attempt with the same key in flight here,
   * then answers KEY_SEEN: that attempt's answer is the key's (its batch or its route keeps it).
   */
  async place(eventId: number, bet: BetRequest): Promise<RoomResult<PlacedBet>> {
    if (!bet.idempotency) return this.placeOnce(eventId, bet);
    // A counter bet's key is the member's who took it (its punter is new with each attempt).
    const key = `${bet.counter?.takenBy.userId ?? bet.userId}:${bet.idempotency.key}`;
    const earlier = this.keys.get(key);
    if (earlier) {
      await earlier;
      return fail("KEY_SEEN", en("Another attempt with this Idempotency-Key has answered."));
    }
    const attempt = this.placeOnce(eventId, bet);
    this.keys.set(
      key,
      attempt.then(
        () => undefined,
        () => undefined,
      ),
    );
    try {
      return await attempt;
    } finally {
      this.keys.delete(key);
    }
  }

  /** Membership and subscription first, then the rules (guards.checkBet), then one reservation and a group write. */
  private async placeOnce(eventId: number, bet: BetRequest): Promise<RoomResult<PlacedBet>> {
    const { memory } = this.room;
    await this.ready(eventId);
    const first = memory.event;
    if (!first || first.id !== eventId || first.bookmakerId !== bet.bookmakerId || !first.publishedAt)
      return fail("NOT_FOUND", EVENT_NOT_FOUND);
    const access = bet.counter
      ? await this.access.counter(this.room.db(), first)
      : await this.access.check(this.room.db(), first, bet.userId);
    if (!access.ok) return access;
    // From the end of this wait to the reservation nothing awaits, so no admin operation gets in between.
    await this.ready(eventId);
    const e = memory.event;
    if (!e) return fail("NOT_FOUND", EVENT_NOT_FOUND);
    const check = checkBet(
      e,
      memory.items,
      {
        itemId: bet.itemId,
        stakeCents: bet.stakeCents,
        coefficient: bet.coefficient,
        alreadyBet: memory.bettors.has(`${bet.userId}:${bet.itemId}`),
        eachWay: bet.eachWay === true,
        atSp: bet.atSp === true,
        counter: bet.counter !== undefined,
        offer: bet.offer?.odds,
      },
      Date.now(),
      this.punterLimits(bet.userId, access.value),
    );
    if ("refusal" in check) {
      // A punter shown odds D1 still owes (a failed odds flush) is refused: the flush is tried again now.
      if (check.refusal.code === "ODDS_CHANGED" && this.room.currentOdds.owing) await this.betWriter(e.id).settleOwed();
      return check.refusal;
    }
    return this.reserveAndWrite(e, memory.items.get(bet.itemId)!, bet, check);
  }

  /**
   * Whether a price request is needed (price-requests/asking.ts): the bet it asks for, checked as
   * the room would check it at the odds now. A bet the box would take as asked (its stake fits and
   * the odds asked are no longer than the odds now) answers false; a refusal of its stake or payout
   * answers true, any other refusal (closed, withdrawn, one bet per outcome…) is the answer.
   */
  async askNeeded(eventId: number, ask: PriceAsk): Promise<RoomResult<boolean>> {
    const { memory } = this.room;
    await this.ready(eventId);
    const e = memory.event;
    if (!e || e.id !== eventId || e.bookmakerId !== ask.bookmakerId || !e.publishedAt)
      return fail("NOT_FOUND", EVENT_NOT_FOUND);
    const access = await this.access.check(this.room.db(), e, ask.userId);
    if (!access.ok) return access;
    const check = checkBet(
      e,
      memory.items,
      {
        itemId: ask.itemId,
        stakeCents: ask.stakeCents,
        coefficient: null,
        alreadyBet: memory.bettors.has(`${ask.userId}:${ask.itemId}`),
        eachWay: ask.eachWay,
        anyOdds: true,
      },
      Date.now(),
      this.punterLimits(ask.userId, access.value),
    );
    if ("refusal" in check) return check.refusal.code === "LIMIT_EXCEEDED" ? ok(true) : check.refusal;
    return ok(longer(ask.odds, check.odds));
  }

  /** His limits, with his share of the event's results only where a max payout needs it. */
  private punterLimits(userId: number, caps: PunterCaps) {
    const { memory } = this.room;
    return {
      caps,
      own:
        caps.maxPayoutCents === null
          ? []
          : punterBook(memory.items, (itemId) => memory.bettors.get(`${userId}:${itemId}`)),
    };
  }

  /** Prices moved outside a bet (a cash-out): written now unless a group being written carries them. */
  async flushOdds(eventId: number) {
    if (this.room.currentOdds.owing) await this.betWriter(eventId).settleOwed();
  }

  /** Limits changed: each punter's are read again with his next bet. */
  forgetLimits() {
    this.access.forget();
  }

  /** Loaded and no admin operation queued; a reload owed while bets are in flight waits for them (through the admin chain). */
  async ready(eventId: number) {
    const { admin, memory } = this.room;
    for (let round = 0; round < 5; round++) {
      if (admin.busy) await admin.whenIdle();
      else if ((memory.stale || !memory.asked) && this.inflight.size > 0) await this.room.afterAdmin(eventId);
      else {
        await this.room.freshen(eventId);
        // Another caller may have begun a reload meanwhile (and cleared `stale`): its snapshot,
        // read before this bet's write lands, would drop a reservation made now.
        if (!admin.busy && !memory.stale && !memory.reading) return;
      }
    }
    throw new Error(`event ${eventId}: room not ready for bets`);
  }

  private async reserveAndWrite(
    e: EventState,
    item: OutcomeState,
    bet: BetRequest,
    taken: { odds: Odds; totals: BetTotals; placeTerms: PlaceTerms | null },
  ): Promise<RoomResult<PlacedBet>> {
    const { memory } = this.room;
    memory.hold(item, bet.userId, taken.totals);
    const row = {
      eventId: e.id,
      itemId: item.id,
      userId: bet.userId,
      bookmakerId: e.bookmakerId,
      stakeCents: bet.stakeCents,
      odds: taken.odds,
      atSp: bet.atSp === true,
      createdAt: nowIso(),
    };
    // The answer as the route will give it, its id to come from the insert.
    const placed: PlacedBet = {
      betId: 0,
      ...row,
      eventItemId: item.id,
      eventTitle: e.title,
      eventDescription: e.description,
      outcomeTitle: item.title,
      placeTerms: taken.placeTerms,
    };
    const { counter, offer } = bet;
    const own = counter
      ? (db: D1Database) =>
          this.kinds.counter(db, {
            code: counter.code,
            takenBy: counter.takenBy.userId,
            ownerId: e.ownerId,
            stakedCents: taken.placeTerms ? 2 * bet.stakeCents : bet.stakeCents,
            row,
          })
      : offer && ((db: D1Database) => this.kinds.offer(db, { requestId: offer.requestId, row }));
    const write = this.betWriter(e.id).write({
      row,
      poolOwnerId: e.ownerId,
      placeTerms: taken.placeTerms,
      idempotency: bet.idempotency && {
        ...bet.idempotency,
        userId: bet.counter?.takenBy.userId ?? bet.userId,
        answer: bet.counter
          ? ticketAnswerText(placed, { ...bet.counter, bookmakerId: e.bookmakerId })
          : betAnswerText(placed),
      },
      totals: taken.totals,
      own,
    });
    this.inflight.add(write);
    try {
      return ok({ ...placed, betId: await write });
    } catch (err) {
      if (err instanceof BetNotWritten && err.unknown) {
        // It may be written: keep the reservation and let D1 decide, through a reload.
        memory.stale = true;
        void this.room.afterAdmin(e.id);
      } else {
        memory.hold(item, bet.userId, taken.totals, -1);
      }
      return betRefusal(err);
    } finally {
      this.inflight.delete(write);
    }
  }

  private betWriter(eventId: number): BetWriter {
    const { db, memory, currentOdds } = this.room;
    this.writer ??= new BetWriter(
      db,
      eventId,
      currentOdds.hooks(
        db,
        eventId,
        () => memory.event,
        () => memory.items,
      ),
    );
    return this.writer;
  }
}
