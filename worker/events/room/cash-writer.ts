import { AppError } from "../../lib/errors";
import { runMoneyBatch } from "../../ledger/transfer";
import { cashOutGroupStatements, type GroupCashOut } from "./cash-group";

// Group commit for an event's cash-outs, as bet-writer.ts is for its bets: one batch is written
// at a time, and the cash-outs that arrive meanwhile go together in the next one, a handful of
// set-wise statements whatever their number (cash-group.ts). A refused batch (a constraint: a
// bet settled or cashed out meanwhile) rolled everything back: its cash-outs are written again
// one by one, so one refusal never sinks the others. Any other failure leaves the outcome
// unknown: each cash-out is then answered from what D1 holds (cash-desk.ts).

/** The most cash-outs written in one D1 batch. */
const MAX_GROUP = 50;

/** What a cash-out's rows added to its outcome's totals, as its batch read them. */
export interface Share {
  stake: number;
  liability: number;
  place: number;
}

interface Queued {
  cashOut: GroupCashOut;
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
    private readonly event: { id: number; ownerId: number },
  ) {}

  /** Writes the cash-out; resolves with its bet's share of its outcome's totals, or rejects with the batch's error. */
  write(cashOut: GroupCashOut): Promise<Share> {
    return new Promise<Share>((resolve, reject) => {
      this.queue.push({ cashOut, resolve, reject });
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
      results = await runMoneyBatch(
        db,
        cashOutGroupStatements(
          db,
          this.event,
          group.map((g) => g.cashOut),
        ),
      );
    } catch (err) {
      if (isDefinite(err) && group.length > 1) {
        for (const g of group) await this.writeGroup([g]);
        return;
      }
      for (const g of group) g.reject(err);
      return;
    }
    const shares = new Map((results[0].results as (Share & { bet: number })[]).map((s) => [s.bet, s]));
    for (const g of group) {
      const share = shares.get(g.cashOut.betId);
      // Every bet of a committed group was ACCEPTED (else its row's NULL status aborted it).
      if (share) g.resolve(share);
      else g.reject(new Error(`cash-out of bet ${g.cashOut.betId}: no share read`));
    }
  }
}
