import { AppError } from "../../lib/errors";
import { takeRefusal } from "../../price-requests/taking";
import { runMoneyBatch } from "../../ledger/transfer";
import { groupStatements, insertedIds, type GroupBet } from "./bet-group";
import { fail, type RoomResult } from "../room-result";
import { existingBetsStatement } from "./statements";
import { BET_EXISTS } from "../../../common/refusals";
import { en } from "../../lib/words";

// Group commit for an event's bets: one batch is written at a time, and the bets that arrive
// meanwhile go together in the next one, so a busy event costs one D1 round trip per group,
// of a few statements whatever its size (bet-group.ts).
//
// A failed batch is one of two things. A definite refusal (a CHECK or UNIQUE constraint)
// rolled the whole batch back: the group is written again bet by bet, so one punter short of
// coins never sinks the others. Anything else (a reset, a lost connection) leaves the outcome
// unknown: the batch may have committed. Then the bets are read back from D1, and each is
// answered as D1 says: written, or not written. Never a guess.

/** The most bets written in one D1 batch. */
const MAX_GROUP = 50;
const REREAD_ATTEMPTS = 3;

/** What identifies one attempt's bet row: its punter and outcome, and the stake and time it was struck with. */
export interface BetKey {
  userId: number;
  itemId: number;
  stakeCents: number;
  createdAt: string;
}

const keyOf = (k: BetKey) => `${k.userId}:${k.itemId}:${k.stakeCents}:${k.createdAt}`;

/** Why a bet was not written, when it was not refused by a rule. */
export class BetNotWritten extends Error {
  /** true: D1 could not say whether the bet was written, so the room's memory may be wrong. */
  constructor(
    readonly unknown: boolean,
    cause: unknown,
  ) {
    super(unknown ? "bet outcome unknown" : "bet not written", { cause });
  }
}

/** A bet the writer could not write, as the punter is told. */
export function betRefusal(err: unknown): RoomResult<never> {
  const take = takeRefusal(err);
  if (take === "ALREADY_TAKEN") return fail(take, en("You have taken this offer already."));
  if (take === "OFFER_EXPIRED") return fail(take, en("This offer has expired."));
  if (err instanceof AppError && err.code === "INSUFFICIENT_COINS")
    return fail("INSUFFICIENT_COINS", en("You don’t have enough coins to place these bets"));
  if (err instanceof Error && /UNIQUE constraint failed: bets/.test(err.message)) return fail("BET_EXISTS", BET_EXISTS);
  if (err instanceof BetNotWritten && !err.unknown)
    return fail("UNAVAILABLE", en("Your bet has not been taken. Please try again."));
  if (err instanceof BetNotWritten)
    return fail("INTERNAL", en("We could not confirm your bet. Please check your bets before trying again."));
  throw err;
}

interface Queued {
  bet: GroupBet;
  resolve: (betId: number) => void;
  reject: (err: unknown) => void;
}

export interface BetWriterHooks {
  /** Statements that ride with every group (the current odds, the event's version), and a stamp of what they wrote. */
  trailer(): { statements: D1PreparedStatement[]; stamp: number };
  /** The trailer with this stamp is in D1. */
  written(stamp: number): void;
  /** After the queue empties: statements still owed to D1 (current odds moved by a failed bet), or null. */
  owed(): { statements: D1PreparedStatement[]; stamp: number } | null;
}

const isDefinite = (err: unknown) =>
  (err instanceof AppError && err.code === "INSUFFICIENT_COINS") ||
  (err instanceof Error && /UNIQUE constraint failed|CHECK constraint failed/.test(err.message)) ||
  takeRefusal(err) !== null;

export class BetWriter {
  private queue: Queued[] = [];
  private writing = false;

  constructor(
    private readonly db: () => D1Database,
    private readonly eventId: number,
    private readonly hooks: BetWriterHooks,
  ) {}

  /** Writes the bet; resolves with its id, rejects with the refusal or a BetNotWritten. */
  write(bet: GroupBet): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ bet, resolve, reject });
      void this.run();
    });
  }

  /** Writes what is owed (current odds) unless a group is being written, which carries it anyway. */
  settleOwed(): Promise<void> {
    return this.run();
  }

  private async run() {
    if (this.writing) return;
    this.writing = true;
    try {
      // Bets queued while the owed odds were written are written too: nobody else will.
      do {
        while (this.queue.length > 0) await this.writeGroup(this.queue.splice(0, MAX_GROUP));
        await this.payOwed();
      } while (this.queue.length > 0);
    } finally {
      this.writing = false;
    }
  }

  private async writeGroup(group: Queued[]) {
    const trailer = this.hooks.trailer();
    const { statements, idsAt } = groupStatements(
      this.db(),
      group.map((g) => g.bet),
    );
    let results: D1Result[];
    try {
      results = await runMoneyBatch(this.db(), [...statements, ...trailer.statements]);
    } catch (err) {
      if (!isDefinite(err)) return this.answerFromD1(group, err);
      if (group.length === 1) return group[0].reject(err);
      for (const g of group) await this.writeGroup([g]);
      return;
    }
    this.hooks.written(trailer.stamp);
    const ids = insertedIds(results[idsAt]);
    for (const g of group) {
      const id = ids.get(`${g.bet.row.userId}:${g.bet.row.itemId}`);
      // Every bet of a committed group has its row; one missing would be a broken statement.
      if (id === undefined) g.reject(new BetNotWritten(true, new Error("bet row not returned")));
      else g.resolve(id);
    }
  }

  /** After an unknown outcome: each bet is answered by whether its row exists. */
  private async answerFromD1(group: Queued[], cause: unknown) {
    console.error("bet batch outcome unknown; reading back", cause);
    for (let attempt = 1; attempt <= REREAD_ATTEMPTS; attempt++) {
      try {
        const { results } = await existingBetsStatement(
          this.db(),
          this.eventId,
          group.map((g) => g.bet.row),
        ).all<{ id: number; user_id: number; item_id: number; stake_cents: number; created_at: string }>();
        // Matched on stake and time too: a row of another attempt on the same outcome is not this bet.
        const ids = new Map(
          results.map((r) => [
            keyOf({ userId: r.user_id, itemId: r.item_id, stakeCents: r.stake_cents, createdAt: r.created_at }),
            r.id,
          ]),
        );
        for (const g of group) {
          const id = ids.get(keyOf(g.bet.row));
          if (id === undefined) g.reject(new BetNotWritten(false, cause));
          else g.resolve(id);
        }
        return;
      } catch (err) {
        console.error("reading back bets failed", err);
      }
    }
    for (const g of group) g.reject(new BetNotWritten(true, cause));
  }

  /** Prices moved since the last write (a bet released after its group was built) are written now; a failure waits for the next write. */
  private async payOwed() {
    const owed = this.hooks.owed();
    if (!owed) return;
    try {
      await this.db().batch(owed.statements);
      this.hooks.written(owed.stamp);
    } catch (err) {
      console.error("odds flush failed; the next write carries the current odds", err);
    }
  }
}
