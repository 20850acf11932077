import { DurableObject } from "cloudflare:workers";
import type { Odds } from "../../../common/odds";
import { deductsFromSp } from "../../../common/sp";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import { BetDesk, type DeskRoom } from "./bet-desk";
import { counterBetStatements } from "../../counter/tickets";
import { offerTakenStatements } from "../../price-requests/taking";
import * as audit from "./audit";
import { recordPricesStatement } from "../../audit/record";
import * as changes from "./changes";
import { completions, type Completions, type LegsChange } from "../../multiples/completion";
import { isStaleCompletion, legsOn, legsOnEvent } from "../../multiples/settlement";
import { Exclusive } from "./exclusive";
import { enqueue } from "../../notifications/enqueue";
import type { FanOut } from "../../notifications/messages";
import { RoomMemory } from "./memory";
import { CurrentOdds } from "./current-odds";
import {
  canChange,
  canMoveDates,
  canPublish,
  canReplaceOutcomes,
  canSetOdds,
  canChangeRules,
  canSetDraftOdds,
  movedRules,
  singlesStruck,
  type Rules,
  type RunFacts,
  canFinalize,
  canTakeSps,
  canRunEvents,
  canSuspend,
  canUndo,
  canWithdraw,
  isOpen,
  nextAlarm,
  startsAhead,
  UNSETTLED_GRACE_MS,
} from "../rules/guards";
import type { DraftInput, Placing, StartingPriceInput } from "../schemas";
import * as sql from "./statements";
import { type EventState } from "../state";
import { type BetRequest, type PriceAsk, type PlacedBet } from "../bet-request";
import { fail, ok, type RoomResult } from "../room-result";
import { EVENT_NOT_FOUND } from "../../../common/refusals";
import { en } from "../../lib/words";
import { CashDesk, type CashOutRequest } from "./cash-desk";
import type { Bet } from "../../contract";
import { roleRefusal, type Caller, type Power } from "../../bookmakers/access";

/** A settlement's batch refused because another event's settlement completed one of its multiples first. */
const MULTIPLES_MOVED = en("Multiples of this event were settled meanwhile; please try again.");
/** How often a settlement is computed again after MULTIPLES_MOVED: each retry follows another room's settlement. */
const SETTLE_ATTEMPTS = 5;

/**
 * One per event (`idFromName(eventId)`): the single writer of the event's status, outcomes,
 * odds and bets. Bets are checked and reserved in memory before their first await, then
 * written in groups (BetDesk, BetWriter); cash-outs run beside them (CashDesk). Admin operations run one at a time (Exclusive), after
 * the bets in flight, with new bets waiting behind them; each writes one batch and then reloads
 * from D1 (RoomMemory), so memory is always what D1 says, also after a failed or unknown write.
 */
export class EventRoom extends DurableObject<Env> {
  /** The database; a test may put a wrapper here that makes writes fail. */
  db: D1Database = this.env.DB;
  private readonly admin = new Exclusive();
  private readonly currentOdds = new CurrentOdds();
  private readonly memory = new RoomMemory(this.ctx, () => this.db, this.currentOdds);
  /** What the desks (bets, cash-outs) use of the room. */
  private readonly deskRoom: DeskRoom = {
    db: () => this.db,
    memory: this.memory,
    currentOdds: this.currentOdds,
    admin: this.admin,
    freshen: (eventId) => this.freshen(eventId),
    afterAdmin: (eventId) => this.exclusive(eventId, async () => ok(null)),
  };
  // The room's one kind of bet with tables of its own: the counter's tickets.
  private readonly desk = new BetDesk(this.deskRoom, {
    counter: counterBetStatements,
    offer: offerTakenStatements,
  });
  private readonly cash = new CashDesk(this.deskRoom, this.desk);

  // ---- admin operations -----------------------------------------------------------------

  async createDraft(
    eventId: number,
    bookmakerId: number,
    caller: Caller,
    input: DraftInput,
    book: RunFacts,
  ): Promise<RoomResult<{ eventId: number }>> {
    return this.exclusive(eventId, async () => {
      if (this.memory.event) return fail("CONFLICT", en("This event exists already."));
      const refused = roleRefusal(caller.role, "ODDS");
      if (refused) return fail("FORBIDDEN", refused);
      const refusal = startsAhead(input.startDate, Date.now()) ?? canRunEvents(book);
      if (refusal) return refusal;
      const owner = { bookmakerId, ownerId: caller.ownerId };
      const result = await this.commit(eventId, changes.createDraft(this.db, eventId, owner, input), {
        actor: caller.userId,
        audit: audit.NOT_AUDITED,
      });
      if (result.ok) await this.ctx.storage.put("eventId", eventId);
      return result.ok ? ok({ eventId }) : result;
    });
  }

  /**
   * Replaces a draft's outcomes (the new-event form keeps its draft in sync), and its rules: the
   * draft door into a published event, under the live edit's guards (the rules struck bets were
   * struck under, the equalizer's odds).
   */
  async replaceOutcomes(
    eventId: number,
    caller: Caller,
    items: { title: string; coefficient: Odds }[],
    rules: changes.RulesChange = {},
  ): Promise<RoomResult> {
    return this.owned(eventId, caller, "ODDS", async (e) => {
      const plan = changes.replaceItems(this.db, e, [...this.memory.items.values()], items, rules);
      // Multiples' legs are not in the room's totals: D1 says whether a dropped outcome has any
      // (none can be added meanwhile: a draft takes no bets).
      const inMultiples =
        plan.dropped.length > 0 &&
        (await legsOn(
          this.db,
          plan.dropped.map((i) => i.id),
        ));
      const refusal =
        canReplaceOutcomes(e, plan.dropped, inMultiples) ??
        canSetDraftOdds(
          e,
          e.botEqualizer,
          plan.oddsMoved.map((r) => r.item),
        ) ??
        canChangeRules(e, rules, await this.struckUnder(e, rules));
      return (
        refusal ??
        this.commit(eventId, plan.statements, {
          actor: caller.userId,
          audit: audit.draftAudit(this.db, e, plan, rules, caller.userId),
        })
      );
    });
  }

  /** CREATED → READY_FOR_BETS: the draft is published, or a suspended event reopened, by a book that may run events. */
  async publish(eventId: number, caller: Caller, book: RunFacts): Promise<RoomResult> {
    return this.owned(
      eventId,
      caller,
      "ODDS",
      (e) =>
        canRunEvents(book) ??
        canPublish(e, this.memory.activeCount(), Date.now()) ??
        this.commit(
          eventId,
          [
            sql.eventStatusStatement(this.db, {
              ...e,
              status: "READY_FOR_BETS",
              publishedAt: e.publishedAt ?? nowIso(),
            }),
          ],
          {
            actor: caller.userId,
            audit: audit.publishAudit(this.db, e, this.memory.items, caller.userId),
            // Punters hear of an event the first time it is published, not when it reopens after edits.
            tell: e.publishedAt ? undefined : { fanOut: "NEW_EVENT", eventId },
          },
        ),
    );
  }

  /** READY_FOR_BETS or WAITING_FOR_RESULT → CREATED: suspended for editing, bets refused. */
  async suspend(eventId: number, caller: Caller): Promise<RoomResult> {
    return this.owned(
      eventId,
      caller,
      "ODDS",
      (e) =>
        canSuspend(e) ??
        this.commit(eventId, [sql.eventStatusStatement(this.db, { ...e, status: "CREATED" })], {
          actor: caller.userId,
          audit: audit.eventAudit(this.db, e, caller.userId, "SUSPEND", {
            before: { status: e.status },
            after: { status: "CREATED" },
          }),
        }),
    );
  }

  /** Postponement: the old start moves to startDate2 (2 → 3 … → 5) so punters see it struck through. */
  async moveDates(
    eventId: number,
    caller: Caller,
    startDate: string,
    endDate: string,
    book: RunFacts,
  ): Promise<RoomResult> {
    return this.owned(eventId, caller, "ODDS", (e) => {
      const next = changes.postpone(e, startDate, endDate);
      return (
        canMoveDates(e, next, Date.now(), book) ??
        this.commit(eventId, [sql.eventDatesStatement(this.db, next)], {
          actor: caller.userId,
          audit: audit.datesAudit(this.db, e, next, caller.userId),
        })
      );
    });
  }

  /** New odds by hand, the return for punters, the max payout, the equalizer on or off. */
  async setOdds(eventId: number, caller: Caller, change: changes.OddsChange): Promise<RoomResult> {
    return this.owned(eventId, caller, "ODDS", async (e) => {
      const equalizer = change.botEqualizer ?? e.botEqualizer;
      const refusal =
        canSetOdds(
          e,
          equalizer,
          this.memory.items,
          change.items.map((c) => c.id),
        ) ?? canChangeRules(e, change, await this.struckUnder(e, change));
      return (
        refusal ??
        this.commit(eventId, changes.setOdds(this.db, e, [...this.memory.items.values()], change), {
          actor: caller.userId,
          audit: audit.oddsAudit(this.db, e, this.memory.items, change, caller.userId),
        })
      );
    });
  }

  /**
   * A draft's Save in one batch: its new dates, odds and settings, and (`live`) the event live
   * again, each under the guards of its own door (modifyDates, setOdds, open), with
   * their rows; none of it lands unless all of it may.
   */
  async save(
    eventId: number,
    caller: Caller,
    change: { dates?: { startDate: string; endDate: string }; odds: changes.OddsChange; live: boolean },
    book: RunFacts,
  ): Promise<RoomResult> {
    return this.owned(eventId, caller, "ODDS", async (e) => {
      const now = Date.now();
      const dated = change.dates ? changes.postpone(e, change.dates.startDate, change.dates.endDate) : e;
      const opens = change.live && dated.status === "CREATED";
      const refusal =
        (change.dates ? canMoveDates(e, dated, now, book) : canChange(e)) ??
        canSetOdds(
          e,
          change.odds.botEqualizer ?? e.botEqualizer,
          this.memory.items,
          change.odds.items.map((c) => c.id),
        ) ??
        canChangeRules(e, change.odds, await this.struckUnder(e, change.odds)) ??
        (opens ? (canRunEvents(book) ?? canPublish(dated, this.memory.activeCount(), now)) : null);
      if (refusal) return refusal;
      const live = { ...dated, status: "READY_FOR_BETS" as const, publishedAt: e.publishedAt ?? nowIso() };
      return this.commit(
        eventId,
        [
          ...(change.dates ? [sql.eventDatesStatement(this.db, dated)] : []),
          ...changes.setOdds(this.db, dated, [...this.memory.items.values()], change.odds),
          ...(opens ? [sql.eventStatusStatement(this.db, live)] : []),
        ],
        {
          actor: caller.userId,
          audit: [
            ...(change.dates ? [audit.datesAudit(this.db, e, dated, caller.userId)] : []),
            audit.oddsAudit(this.db, e, this.memory.items, change.odds, caller.userId),
            ...(opens ? [audit.publishAudit(this.db, e, this.memory.items, caller.userId)] : []),
          ],
          tell: opens && !e.publishedAt ? { fanOut: "NEW_EVENT", eventId } : undefined,
        },
      );
    });
  }

  /**
   * A non-runner: its bets refunded, the others' odds recomputed; under 2 left abandons the event.
   * The racing rules the draft screen shows, when it changed them, are set in the same batch
   * and apply to this withdrawal (its Rule 4 deduction, the place terms after it).
   */
  async withdraw(
    eventId: number,
    caller: Caller,
    itemId: number,
    rules: changes.RulesChange = {},
  ): Promise<RoomResult> {
    return this.owned(eventId, caller, "RESULTS", async (e) => {
      const item = this.memory.items.get(itemId);
      const refusal = canWithdraw(e, item) ?? canChangeRules(e, rules, await this.struckUnder(e, rules));
      if (refusal) return refusal;
      const ruled = changes.withRules(e, rules);
      const rulesMoved = movedRules(e, rules).length > 0;
      const abandons = this.memory.activeCount() - 1 < 2;
      // A last non-runner abandons the event: no deduction, every bet refunded.
      const deduction = abandons ? 0 : changes.deductionOf(ruled, item!);
      // Its deduction reaches SP bets and legs only when it is late (common/sp.ts).
      const late = deductsFromSp(Date.now(), Date.parse(e.startDate));
      const items = [...this.memory.items.values()];
      const moved = abandons ? [] : changes.oddsMovedBy(items, itemId);
      const row = audit.withdrawAudit(this.db, e, item!, deduction, abandons, moved, caller.userId, rules);
      return this.settle(
        eventId,
        abandons ? { kind: "void" } : { kind: "withdraw", itemId, deduction, late },
        (done, now) => [
          ...(rulesMoved ? [sql.eventRulesStatement(this.db, ruled)] : []),
          ...(abandons
            ? changes.abandon(this.db, ruled, now, done, itemId)
            : changes.withdraw(this.db, ruled, items, { itemId, late }, now, done)),
        ],
        { actor: caller.userId, audit: row },
        // A last non-runner ends the event: every bet is refunded, as when it is abandoned.
        abandons
          ? { fanOut: "SETTLEMENT", eventId, how: "ABANDONED" }
          : { fanOut: "SETTLEMENT", eventId, how: "NON_RUNNER", itemId },
      );
    });
  }

  /**
   * Settles once: winners' bets and placed place parts paid at their accepted odds, the rest lost;
   * no placings refunds all. End Event's racing rules, when it changed them, are set in the same
   * batch (the rules struck bets were struck under cannot change).
   */
  async finalize(
    eventId: number,
    caller: Caller,
    placings: Placing[],
    field?: "winners" | "placings",
    rules: changes.RulesChange = {},
    sps: StartingPriceInput[] = [],
  ): Promise<RoomResult> {
    return this.owned(eventId, caller, "RESULTS", async (e) => {
      const refusal =
        canFinalize(e, this.memory.items, placings, field) ??
        canTakeSps(e, this.memory.items, sps) ??
        canChangeRules(e, rules, await this.struckUnder(e, rules));
      if (refusal) return refusal;
      const ruled = changes.withRules(e, rules);
      const moved = movedRules(e, rules).length > 0;
      return this.settle(
        e.id,
        changes.resultLegs(ruled, [...this.memory.items.values()], placings, sps),
        (done, now) => [
          ...(moved ? [sql.eventRulesStatement(this.db, ruled)] : []),
          ...changes.result(this.db, ruled, [...this.memory.items.values()], placings, now, done, sps),
        ],
        { actor: caller.userId, audit: audit.resultAudit(this.db, e, placings, caller.userId, rules, sps) },
        { fanOut: "SETTLEMENT", eventId, how: "RESULT" },
      );
    });
  }

  /** Ends the event with no result: every bet refunded, status CANCELLED. Without a caller, the system's (retention). */
  async abandon(eventId: number, caller?: Caller): Promise<RoomResult> {
    return this.owned(eventId, caller, "RESULTS", (e) => canChange(e) ?? this.abandonEvent(e, caller?.userId ?? null));
  }

  /** Undoes a result within 24 hours: every coin of the settlement back, the event waiting for its result; refused, naming them, when punters are short. */
  async undo(eventId: number, caller: Caller): Promise<RoomResult> {
    return this.owned(eventId, caller, "RESULTS", async (e) => {
      const refusal = canUndo(e, Date.now()) ?? (await changes.reversalRefusal(this.db, e));
      if (refusal) return refusal;
      const result = await this.commit(eventId, changes.undo(this.db, e, e.settledAt!, nowIso()), {
        money: true,
        actor: caller.userId,
        tell: { fanOut: "UNDONE", eventId },
        audit: audit.eventAudit(this.db, e, caller.userId, "UNDO", {
          before: { status: e.status, settledAt: e.settledAt },
          after: { status: "WAITING_FOR_RESULT" },
        }),
      });
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
    const result = await this.owned(eventId, undefined, "RESULTS", (e) => {
      const now = Date.now();
      if (isOpen(e) && now >= Date.parse(e.endDate) + UNSETTLED_GRACE_MS) return this.abandonEvent(e, null);
      if (e.status === "READY_FOR_BETS" && now >= Date.parse(e.startDate))
        return this.commit(eventId, [sql.eventStatusStatement(this.db, { ...e, status: "WAITING_FOR_RESULT" })], {
          actor: null,
          audit: audit.closeAudit(this.db, e),
        });
      return this.scheduleAlarm().then(() => ok(null));
    });
    if (!result.ok && result.code === "INTERNAL") throw new Error(`event ${eventId}: alarm work failed`);
  }

  // ---- bets -----------------------------------------------------------------------------

  /** Takes a bet (BetDesk): membership and subscription, the rules, one reservation and a group write. */
  async placeBet(eventId: number, bet: BetRequest): Promise<RoomResult<PlacedBet>> {
    return this.safely(() => this.desk.place(eventId, bet));
  }

  /** Whether a price request is needed for what it asks (BetDesk.askNeeded): read only. */
  async askNeeded(eventId: number, ask: PriceAsk): Promise<RoomResult<boolean>> {
    return this.safely(() => this.desk.askNeeded(eventId, ask));
  }

  /** Cashes out a single (CashDesk): beside the bets, one read and one batch. */
  async cashOut(eventId: number, ask: CashOutRequest): Promise<RoomResult<Bet>> {
    return this.safely(() => this.cash.cashOut(eventId, ask));
  }

  /**
   * A punter's limits or the book's defaults changed (limits/routes.ts): the punters' kept limits
   * are dropped before this answers, so the next bet reads the new ones.
   */
  async forgetLimits(): Promise<RoomResult> {
    this.desk.forgetLimits();
    return ok(null);
  }

  // ---- writing and loading --------------------------------------------------------------

  /** Runs an admin operation on the loaded event, one at a time, as a result rather than a throw. */
  /**
   * The gate's question of who asks: the event of his book (else not found), and a role that may
   * do this (else refused). No caller: the system's own work (the alarm, retention).
   */
  private owned(
    eventId: number,
    caller: Caller | undefined,
    power: Power,
    work: (e: EventState) => RoomResult | Promise<RoomResult>,
  ): Promise<RoomResult> {
    return this.exclusive(eventId, async () => {
      const e = this.memory.event;
      if (!e || e.id !== eventId || (caller !== undefined && e.ownerId !== caller.ownerId))
        return fail("NOT_FOUND", EVENT_NOT_FOUND);
      const refused = caller && roleRefusal(caller.role, power);
      if (refused) return fail("FORBIDDEN", refused);
      return work(e);
    });
  }

  private exclusive<T>(eventId: number, work: () => Promise<RoomResult<T>>): Promise<RoomResult<T>> {
    const loadedWork = () => this.freshen(eventId).then(work);
    return this.safely(() => this.admin.run(() => this.drain(), loadedWork));
  }

  /** No result: every bet refunded, by the bookmaker or (actor null) by the system. */
  private abandonEvent(e: EventState, actor: number | null) {
    const row = audit.eventAudit(this.db, e, actor, "ABANDON", {
      before: { status: e.status },
      after: { status: "CANCELLED" },
    });
    return this.settle(
      e.id,
      { kind: "void" },
      (done, now) => changes.abandon(this.db, e, now, done),
      { actor, audit: row },
      { fanOut: "SETTLEMENT", eventId: e.id, how: "ABANDONED" },
    );
  }

  /**
   * Writes a change that settles legs of multiples (a result, a non-runner, no result): the
   * multiples it completes and their returns are read from D1 and computed just before the batch
   * (completion.ts). Should another event's settlement complete one of them between the two, the
   * batch aborts untouched, and is computed again from what D1 then holds.
   */
  private async settle(
    eventId: number,
    legsChange: LegsChange,
    statements: (done: Completions, now: string) => D1PreparedStatement[],
    by: { actor: number | null; audit: audit.AuditPart },
    tell: FanOut,
  ): Promise<RoomResult> {
    for (let attempt = 1; ; attempt++) {
      const done = await completions(this.db, eventId, legsChange);
      const result = await this.commit(eventId, statements(done, nowIso()), { ...by, money: true, tell });
      if (result.ok || result.message !== MULTIPLES_MOVED || attempt === SETTLE_ATTEMPTS) return result;
    }
  }

  /**
   * The one gate every change to the event goes through, whichever route or timer asks for it
   * (docs/ARCHITECTURE.md, "One gate"): its guards have passed, and this writes its statements,
   * its audit row (a required part: a change without one says why, NOT_AUDITED), the odds it
   * offers (as `actor`'s) and the outcomes' totals in one batch, marked with the change's own id;
   * then reloads from D1. When the outcome is unknown, the mark says whether it landed; either way
   * memory is D1's. Once landed, `tell` goes to the bot's queue.
   */
  private async commit(
    eventId: number,
    statements: D1PreparedStatement[],
    change: { money?: boolean; actor: number | null; audit: audit.AuditPart; tell?: FanOut },
  ): Promise<RoomResult> {
    const { money = false, actor, tell } = change;
    const opId = crypto.randomUUID();
    try {
      await changes.runBatch(
        this.db,
        [
          ...statements,
          ...audit.auditStatements(change.audit),
          recordPricesStatement(this.db, eventId, actor),
          sql.itemTotalsStatement(this.db, eventId),
          sql.touch(this.db, eventId, opId),
        ],
        money,
      );
    } catch (err) {
      if (err instanceof AppError) return fail("INSUFFICIENT_COINS", err.words);
      // Nothing landed: a multiple's other leg settled meanwhile (settle computes it again).
      if (isStaleCompletion(err)) return fail("CONFLICT", MULTIPLES_MOVED);
      console.error("event write failed; reading back", err);
      // Not landed: D1 and memory are as they were (nothing changes memory before a write).
      if (!(await changes.landed(this.db, eventId, opId)))
        return fail("UNAVAILABLE", en("The change was not saved. Please try again."));
    }
    // What happened tells the people it concerns, whichever door or timer made it happen.
    if (tell)
      this.ctx.waitUntil(enqueue(this.env, [tell]).catch((err) => console.error("bot messages not enqueued", err)));
    // Limits are told only to rooms taking bets (limits/routes.ts); a room that opens again reads them anew.
    this.desk.forgetLimits();
    try {
      await this.memory.reload(eventId);
      await this.scheduleAlarm();
    } catch (err) {
      // The change is in D1; the next call reads it.
      console.error("reload after a change failed", err);
      this.memory.stale = true;
    }
    return ok(null);
  }

  /**
   * Whether a bet is struck on the event, asked only of a change that would move its rules: the
   * room holds its singles, D1 the multiples' legs on it.
   */
  private async struckUnder(e: EventState, rules: Rules): Promise<boolean> {
    if (movedRules(e, rules).length === 0) return false;
    return singlesStruck(this.memory.items) || (await legsOnEvent(this.db, e.id));
  }

  /** Loaded, and reloaded first when a failure left memory in doubt. */
  private async freshen(eventId: number): Promise<void> {
    // The write that left memory in doubt may have moved the start.
    if (await this.memory.freshen(eventId)) await this.scheduleAlarm();
  }

  private async scheduleAlarm() {
    const at = this.memory.event ? nextAlarm(this.memory.event, Date.now()) : null;
    await (at === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(at));
  }

  /** Runs a method so that an unexpected failure comes back as a result, not a rejected RPC (RPC drops an error's fields). */
  private async safely<T>(run: () => Promise<RoomResult<T>>): Promise<RoomResult<T>> {
    try {
      return await run();
    } catch (err) {
      console.error("event room failure", err);
      this.memory.stale = true;
      return fail("INTERNAL", en("Unexpected error."));
    }
  }

  private drain = async () => {
    while (this.desk.inflight.size > 0) await Promise.allSettled([...this.desk.inflight]);
  };
}
