import { recordPricesStatement } from "../../audit/record";
import { currentOdds, type BookOutcome } from "../rules/book";
import type { BetWriterHooks } from "./bet-writer";
import { currentOddsStatements, touch } from "./statements";
import type { EventState, OutcomeState } from "../state";

/**
 * The odds bets are taken at, kept in memory and owed to D1. Each move of the odds (a bet
 * reserved or released under the equalizer) takes a stamp; a write that carries the odds
 * records its stamp, so a move no write has carried yet is written after the queue empties,
 * and a failed flush is carried by the next write instead of failing a bet. A write that carries
 * a move records the new odds in the audit log (PRICE rows) as the system's (the equalizer's), in the same
 * batch; a write that carries none adds nothing, so a bet that moves no odds costs no more.
 */
export class CurrentOdds {
  private stamp = 0;
  private writtenStamp = 0;

  /** Recomputes every outcome's current odds from the stakes in memory. */
  recompute(e: EventState | null, items: Map<number, OutcomeState>) {
    if (!e) return;
    // Without the equalizer bets are taken at the bookmaker's odds (currentOdds' answer,
    // without building the book for it: this runs with every bet reserved).
    if (!e.botEqualizer) {
      let moved = false;
      for (const item of items.values()) {
        if (item.curr.num !== item.odds.num || item.curr.den !== item.odds.den) moved = true;
        item.curr = item.odds;
      }
      if (moved) this.stamp++;
      return;
    }
    const book: BookOutcome[] = [...items.values()].map((i) => ({
      id: i.id,
      odds: i.odds,
      active: i.status === "ACTIVE",
      stakeCents: i.stakeCents,
    }));
    let moved = false;
    for (const [id, curr] of currentOdds(book, e)) {
      const item = items.get(id)!;
      if (item.curr.num !== curr.num || item.curr.den !== curr.den) moved = true;
      item.curr = curr;
    }
    if (moved) this.stamp++;
  }

  /** Fresh from D1: what was loaded is what D1 has (then `recompute` says what they should be). */
  loaded() {
    this.stamp = this.writtenStamp = 0;
  }

  get owing() {
    return this.writtenStamp < this.stamp;
  }

  /** The statements that write the current odds, with the event's version, and the stamp they carry. */
  write(db: D1Database, eventId: number, items: Map<number, OutcomeState>) {
    const recorded = this.owing ? [recordPricesStatement(db, eventId, null)] : [];
    return {
      statements: [...currentOddsStatements(db, items.values()), ...recorded, touch(db, eventId)],
      stamp: this.stamp,
    };
  }

  /** Writes the current odds if a move is owed; a failure is logged and left for the next write. */
  async flush(db: D1Database, eventId: number, items: Map<number, OutcomeState>) {
    if (!this.owing) return;
    const owed = this.write(db, eventId, items);
    await db.batch(owed.statements).then(
      () => this.written(owed.stamp),
      (err) => console.error("odds flush failed; the next write carries the current odds", err),
    );
  }

  written(stamp: number) {
    this.writtenStamp = Math.max(this.writtenStamp, stamp);
  }

  /** What the bet writer adds to each group, and what it owes once the queue is empty. */
  hooks(
    db: () => D1Database,
    eventId: number,
    event: () => EventState | null,
    items: () => Map<number, OutcomeState>,
  ): BetWriterHooks {
    return {
      trailer: () =>
        event()?.botEqualizer
          ? this.write(db(), eventId, items())
          : { statements: [touch(db(), eventId)], stamp: this.writtenStamp },
      written: (stamp) => this.written(stamp),
      owed: () => (this.owing ? this.write(db(), eventId, items()) : null),
    };
  }
}
