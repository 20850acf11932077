// One admin operation at a time. Bets run side by side (group commit) but never beside an
// admin operation: a bet that arrives while one is queued or running waits for it to finish,
// and the operation itself starts only once the bets already in flight are written.

export class Exclusive {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private idle: Promise<void> = Promise.resolve();
  private release: () => void = () => {};

  /** An operation is queued or running. */
  get busy() {
    return this.pending > 0;
  }

  /** Resolves once no operation is queued or running (check `busy` again after it: another may have come). */
  whenIdle(): Promise<void> {
    return this.idle;
  }

  /** Runs `work` after every operation queued before it, once `drain` has let the bets in flight finish. */
  run<T>(drain: () => Promise<void>, work: () => Promise<T>): Promise<T> {
    if (this.pending++ === 0) this.idle = new Promise((resolve) => (this.release = resolve));
    const turn = this.tail.then(async () => {
      await drain();
      return work();
    });
    this.tail = turn.catch(() => undefined);
    return turn.finally(() => {
      if (--this.pending === 0) this.release();
    });
  }
}
