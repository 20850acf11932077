import { AppError } from "../../lib/errors";
import { runMoneyBatch } from "../../ledger/transfer";
import { touch } from "./statements";

// Group commit for an event's cash-outs, as bet-writer.ts is for its bets: one batch is written
// at a time, and the cash-outs that arrive meanwhile go together in the next one, so a busy
// event pays one D1 round trip per group. A refused batch (a constraint: a bet settled or cashed
// out meanwhile) rolled everything back: its cash-outs are written again one by one, so one
// refusal never sinks the others. Any other failure leaves the outcome unknown: each cash-out
// is then answered from what D1 holds (cash-desk.ts).

/** The most cash-outs written in one D1 batch (each is eight statements). */
const MAX_GROUP = 12;

/** What a cash-out's rows added to its outcome's totals, as its batch's first statement read them. */
export interface Share {
  stake: number;
  liability: number;
  place: number;
}

interface Queued {
  /** Its statements; the first reads its share. */
  statements: D1PreparedStatement[];
  resolve(share: Share): void;
  reject(err: unknown): void;
}

const isDefinite = (err: unknown) =>
  err instanceof AppError || (err instanceof Error && /constraint failed/.test(err.message));

export class CashWriter {
  private queue: Queued[] = [];
  private writing = false;

  constructor(
    private readonly db: () => D1Database,
    private readonly eventId: number,
  ) {}

  /** Writes one cash-out's statements (with the event's version); resolves with its share, or rejects with the batch's error. */
  write(statements: D1PreparedStatement[]): Promise<Share> {
    return new Promise<Share>((resolve, reject) => {
      this.queue.push({ statements, resolve, reject });
      void this.run();
    });
  }

  private async run() {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queue.length > 0) await this.writeGroup(this.queue.splice(0, MAX_GROUP));
    } finally {
      this.writing = false;
    }
  }

  private async writeGroup(group: Queued[]): Promise<void> {
    const db = this.db();
    let results: D1Result[];
    try {
      results = await runMoneyBatch(db, [...group.flatMap((g) => g.statements), touch(db, this.eventId)]);
    } catch (err) {
      if (isDefinite(err) && group.length > 1) {
        for (const g of group) await this.writeGroup([g]);
        return;
      }
      for (const g of group) g.reject(err);
      return;
    }
    let at = 0;
    for (const g of group) {
      g.resolve(results[at].results[0] as Share);
      at += g.statements.length;
    }
  }
}
