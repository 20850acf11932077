import { BET_NOT_FOUND } from "../../../common/refusals";
import { changedValue, singleOffer, UNAVAILABLE, type Offer } from "../../cashout/offer";
import { singleState, type SingleState } from "../../cashout/queries";
import { decimalText } from "../../../common/odds";
import type { Bet } from "../../contract";
import { AppError } from "../../lib/errors";
import { fromCents, money } from "../../lib/money";
import { CashWriter, type Share } from "./cash-writer";
import { nowIso } from "../../lib/time";
import { en } from "../../lib/words";
import * as audit from "./audit";
import type { BetDesk, DeskRoom } from "./bet-desk";
import { type EventState, type OutcomeState } from "../state";
import { fail, ok, type RoomResult } from "../room-result";

// Cash-outs of single bets (docs/rules/cash-out.md, "Cash out"). A cash-out is desk traffic, as a
// bet is: it runs beside the bets, after any admin operation queued and before the next one (its
// write is in flight as a bet's is), and costs one read and one batch whatever the size of the
// book: the bet's share comes off its outcome's totals in the batch and off the room's memory
// after it, with no reload; cash-outs that arrive together share a batch (cash-writer.ts). The
// value is worked out again from the price the room offers now and the bet as D1 holds it;
// another value is refused.

/** A punter's cash-out of a single, as the route hands it to the room. */
export interface CashOutRequest {
  betId: number;
  userId: number;
  /** The value he was shown, in cents. */
  valueCents: number;
  idempotencyKey?: string;
  /** The bet as the route read it, to try before reading it again in the room's order. */
  seen?: SingleState;
}

type Cashed = RoomResult<Bet>;

/** The batch refused the bet as read: D1 holds it otherwise now (settled, or its terms moved). */
const STALE = Symbol("stale");

/** The bet as the API answers it once cashed out (bets/queries.ts reads the same from D1). */
function cashedOutBet(e: EventState, item: OutcomeState, bet: SingleState, valueCents: number): Bet {
  const win = bet.parts.find((p) => p.part === "WIN")!;
  const place = bet.parts.find((p) => p.part === "PLACE");
  return {
    betId: bet.betId,
    eventId: e.id,
    eventItemId: item.id,
    userId: bet.userId,
    coefficient: decimalText(win.odds),
    betsDate: win.createdAt,
    status: "CASHED_OUT",
    money: money(win.stakeCents),
    payout: fromCents(valueCents),
    deduction: win.deduction,
    deadHeat: 1,
    outcomeStatus: item.status,
    eventTitle: e.title,
    eventDescription: e.description,
    outcomeTitle: item.title,
    eachWay: place !== undefined,
    part: "WIN",
    eachWayOf: place ? bet.betId : null,
    placeTerms: place?.placePlaces ? { places: place.placePlaces, fraction: place.placeFraction } : null,
    atSp: bet.atSp,
    sp: null,
    paidAtSp: false,
  };
}

/** How often the bet is read again when an admin change reloaded the room while it was read. */
const READS = 5;

export class CashDesk {
  /** Bets whose cash-out is being written: a second one waits for nothing and is refused. */
  private readonly cashing = new Set<number>();
  private writer: CashWriter | null = null;

  constructor(
    private readonly room: DeskRoom,
    private readonly desk: BetDesk,
  ) {}

  /**
   * The bet as the route read it (`ask.seen`) is tried first: the batch holds it to that bet (its
   * rows ACCEPTED, their Rule 4 and place terms, the book's margin), so a change that landed
   * since is refused there, not paid. Unless that pays, the bet is read in the room's order and
   * the answer is worked out from it.
   */
  async cashOut(eventId: number, ask: CashOutRequest): Promise<Cashed> {
    if (ask.seen) {
      await this.desk.ready(eventId);
      const fast = await this.attempt(eventId, ask, ask.seen);
      // Paid, or its write failed (answered as D1 says): final. A refusal worked out from the
      // read is worked out again from the bet in the room's order: the read may be stale.
      if (fast !== STALE && (fast.ok || fast.code === "UNAVAILABLE" || fast.code === "INTERNAL")) return fast;
    }
    const bet = await this.readInOrder(eventId, ask);
    if (bet && "ok" in bet) return bet;
    const slow = await this.attempt(eventId, ask, bet);
    // Read in the room's order, the bet cannot have moved but by its own cash-out or settlement.
    return slow === STALE ? fail("CASH_OUT_UNAVAILABLE", UNAVAILABLE.SETTLED, { reason: "SETTLED" }) : slow;
  }

  /** The bet as D1 holds it in the room's order: read again if an admin change reloaded the room meanwhile. */
  private async readInOrder(eventId: number, ask: CashOutRequest): Promise<SingleState | null | Cashed> {
    const { memory } = this.room;
    for (let read = 1; ; read++) {
      await this.desk.ready(eventId);
      const applied = memory.applied;
      const bet = await singleState(this.room.db(), ask.betId, ask.userId);
      // From the end of this wait to the reservation nothing awaits: no admin change gets in between.
      await this.desk.ready(eventId);
      // The bet as read is the bet as the room holds it unless an admin change (a non-runner's
      // deduction, a result) landed meanwhile: then it is read again.
      if (memory.applied === applied) return bet;
      if (read === READS) return fail("UNAVAILABLE", en("The cash-out was not made. Please try again."));
    }
  }

  /** Checks the bet against the room's prices now and writes its cash-out; STALE when D1 no longer holds it as read. */
  private async attempt(eventId: number, ask: CashOutRequest, bet: SingleState | null): Promise<Cashed | typeof STALE> {
    const { memory } = this.room;
    const e = memory.event;
    const item = bet && memory.items.get(bet.itemId);
    if (!e || !bet || !item || e.id !== eventId || bet.eventId !== eventId || bet.userId !== ask.userId)
      return fail("NOT_FOUND", BET_NOT_FOUND);
    if (this.cashing.has(bet.betId)) return fail("CASH_OUT_UNAVAILABLE", UNAVAILABLE.SETTLED, { reason: "SETTLED" });
    const offer = singleOffer(
      bet.setting,
      bet.parts,
      // The bookmaker's own price of this turn (an SP bet's price too), never the equalizer's.
      { eventStatus: e.status, startDate: e.startDate, outcomeStatus: item.status, price: item.odds },
      Date.now(),
    );
    if (!offer.ok) return fail("CASH_OUT_UNAVAILABLE", UNAVAILABLE[offer.reason], { reason: offer.reason });
    if (offer.valueCents !== ask.valueCents) {
      const { words, value } = changedValue(offer.valueCents);
      return fail("CASH_OUT_CHANGED", words, { value });
    }
    this.cashing.add(bet.betId);
    const write = this.write(e, item, bet, offer, ask);
    this.desk.inflight.add(write);
    try {
      return await write;
    } finally {
      this.desk.inflight.delete(write);
      this.cashing.delete(bet.betId);
    }
  }

  /**
   * Written with the cash-outs beside it (CashWriter, cash-group.ts): the bet's share off its
   * outcome's totals, the bet CASHED_OUT, its payout, its audit row and the key's marker. Memory
   * follows what D1 says: the share comes off it once the batch is in; after an unknown outcome
   * the room reloads.
   */
  private async write(
    e: EventState,
    item: OutcomeState,
    bet: SingleState,
    offer: Extract<Offer, { ok: true }>,
    ask: CashOutRequest,
  ): Promise<Cashed | typeof STALE> {
    const { memory } = this.room;
    const now = nowIso();
    let share: Share;
    try {
      this.writer ??= new CashWriter(this.room.db, { id: e.id, ownerId: e.ownerId });
      share = await this.writer.write({
        betId: bet.betId,
        rowIds: bet.parts.map((p) => p.id),
        userId: ask.userId,
        valueCents: offer.valueCents,
        at: now,
        idempotencyKey: ask.idempotencyKey,
        audit: audit.cashOutAuditRow(e, { betId: bet.betId, itemId: item.id, userId: ask.userId }, offer),
        asRead: {
          rows: bet.parts.map((p) => ({ id: p.id, deduction: p.deduction, placeFraction: p.placeFraction })),
          marginPct: bet.setting.marginPct,
        },
      });
    } catch (err) {
      return this.answerFromD1(e, item, bet, offer.valueCents, now, err);
    }
    item.stakeCents -= share.stake;
    item.liabilityCents -= share.liability;
    item.placeLiabilityCents -= share.place;
    const own = memory.bettors.get(`${ask.userId}:${item.id}`);
    if (own)
      memory.bettors.set(`${ask.userId}:${item.id}`, {
        winCents: own.winCents - share.liability,
        placeCents: own.placeCents - share.place,
      });
    // Less staked on the outcome moves the equalizer's prices: written now, as a bet's would be.
    memory.recompute();
    await this.desk.flushOdds(e.id);
    return ok(cashedOutBet(e, item, bet, offer.valueCents));
  }

  /** The batch failed: a refused one (the bet settled meanwhile) wrote nothing; else D1 says whether it landed. */
  private async answerFromD1(
    e: EventState,
    item: OutcomeState,
    bet: SingleState,
    valueCents: number,
    now: string,
    err: unknown,
  ): Promise<Cashed | typeof STALE> {
    if (err instanceof AppError || (err instanceof Error && /constraint failed/.test(err.message))) return STALE;
    console.error("cash-out batch outcome unknown; reading back", err);
    // Landed or not, memory may be wrong: the room reloads before its next check.
    this.room.memory.stale = true;
    void this.room.afterAdmin(e.id);
    try {
      const row = await this.room
        .db()
        .prepare(`SELECT 1 AS yes FROM bets WHERE id = ?1 AND status = 'CASHED_OUT' AND settled_at = ?2`)
        .bind(bet.betId, now)
        .first();
      return row
        ? ok(cashedOutBet(e, item, bet, valueCents))
        : fail("UNAVAILABLE", en("The cash-out was not made. Please try again."));
    } catch (readErr) {
      console.error("reading back a cash-out failed", readErr);
      return fail("INTERNAL", en("We could not confirm your cash-out. Please check your bets before trying again."));
    }
  }
}
