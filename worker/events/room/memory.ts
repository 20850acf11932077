import type { BetTotals } from "../rules/book";
import { isOpen } from "../rules/guards";
import type { CurrentOdds } from "./current-odds";
import * as sql from "./statements";
import type { EventState, OutcomeState } from "../state";
import type { OwnShare } from "../bet-request";

/**
 * The room's copy of its event as D1 has it: loaded once, reloaded after every write and
 * whenever a failure left it in doubt (`stale`), never patched back from copies. Bets reserve
 * their stake and liability here before they are written (`hold`).
 */
export class RoomMemory {
  event: EventState | null = null;
  items = new Map<number, OutcomeState>();
  /**
   * `${userId}:${itemId}` of every bet taken, and of those being written, with what the punter's
   * accepted bets on the outcome pay (his limits count them: docs/rules/limits.md, "Limits").
   */
  bettors = new Map<string, OwnShare>();
  /** A failure left memory in doubt: reload from D1 before the next check. */
  stale = false;
  /** Counts the snapshots applied: a read of D1 begun under one may be out of date under the next. */
  applied = 0;
  private loading: Promise<void> | null = null;
  /** Counts loads asked for: only the newest one's snapshot is applied. */
  private loads = 0;
  /** The newest load that has finished (applied, or failed). */
  private finished = 0;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly db: () => D1Database,
    private readonly currentOdds: CurrentOdds,
  ) {}

  /** A load was asked for and has not failed (it may still be running). */
  get asked(): boolean {
    return this.loading !== null;
  }

  /**
   * A load is reading D1: a bet reserved (or a cash-out begun) now may be missing from the
   * snapshot it is about to apply, so the desks wait for it (BetDesk.ready).
   */
  get reading(): boolean {
    return this.finished !== this.loads;
  }

  /** Loaded, and reloaded first when in doubt; true when it reloaded. */
  async freshen(eventId: number): Promise<boolean> {
    if (!this.stale) {
      await this.ensureLoaded(eventId);
      return false;
    }
    // One reload for all callers that find memory in doubt: a second, after a reservation, would drop it.
    this.stale = false;
    await this.reload(eventId);
    return true;
  }

  /** Read again from D1 (after a write), and the current odds it owes D1 written. */
  async reload(eventId: number) {
    this.loading = null;
    await this.ensureLoaded(eventId);
    if (this.event && isOpen(this.event)) await this.currentOdds.flush(this.db(), eventId, this.items);
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
        if (generation === this.loads) this.finished = generation;
        // A replaced load's failure is not its callers' concern: they wait for the replacement.
        if (!failed || generation !== this.loads) return;
        this.loading = null;
        throw failed.err;
      });
  }

  private async load(eventId: number, generation: number) {
    const loaded = await sql.loadEvent(this.db(), eventId);
    if (generation !== this.loads) return; // replaced by a newer load: that one's snapshot is applied
    ({ event: this.event, items: this.items, bettors: this.bettors } = loaded);
    this.applied++;
    // The current odds follow from the stakes: recomputed, and owed to D1 if D1 has others.
    this.currentOdds.loaded();
    this.recompute();
  }

  /** Reserves a bet's stakes and liabilities (or, with `sign` -1, releases them). */
  hold(item: OutcomeState, userId: number, totals: BetTotals, sign: 1 | -1 = 1) {
    item.liabilityCents += sign * totals.payoutCents;
    item.placeLiabilityCents += sign * totals.placeCents;
    item.stakeCents += sign * totals.stakeCents;
    const key = `${userId}:${item.id}`;
    if (sign > 0) this.bettors.set(key, { winCents: totals.payoutCents, placeCents: totals.placeCents });
    else this.bettors.delete(key);
    this.recompute();
  }

  activeCount = () => [...this.items.values()].filter((i) => i.status === "ACTIVE").length;

  recompute = () => this.currentOdds.recompute(this.event, this.items);
}
