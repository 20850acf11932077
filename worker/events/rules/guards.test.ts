import { describe, expect, it } from "vitest";
import {
  canMoveDates,
  canPublish,
  canReplaceOutcomes,
  canSetOdds,
  canFinalize,
  canSuspend,
  canUndo,
  canWithdraw,
  checkBet,
  nextAlarm,
  UNSETTLED_GRACE_MS,
} from "./guards";
import type { EventState, OutcomeState } from "../state";

const NOW = Date.parse("2030-06-01T12:00:00Z");
const later = "2030-06-01T13:00:00.000Z";
const earlier = "2030-06-01T11:00:00.000Z";

const event = (over: Partial<EventState> = {}): EventState => ({
  id: 1,
  bookmakerId: 2,
  ownerId: 3,
  title: "Horse Racing / United Kingdom",
  description: "Race 1",
  status: "READY_FOR_BETS",
  startDate: later,
  endDate: later,
  earlierStarts: [null, null, null, null],
  maxPayoutCents: 10_000,
  returnPct: 50,
  botEqualizer: false,
  rule4: false,
  deadHeat: false,
  eachWay: null,
  sp: false,
  bog: false,
  publishedAt: earlier,
  settledAt: null,
  ...over,
});

const item = (over: Partial<OutcomeState> = {}): OutcomeState => ({
  id: 10,
  position: 0,
  title: "Red Rum",
  odds: { num: 1, den: 1 },
  curr: { num: 1, den: 1 },
  status: "ACTIVE",
  stakeCents: 0,
  liabilityCents: 0,
  placeLiabilityCents: 0,
  deduction: 0,
  withdrawnAt: null,
  ...over,
});

const code = (
  r: { ok: false; code: string } | null | { refusal: { ok: false; code: string; message: string } } | object,
) => (r === null ? null : "refusal" in r ? r.refusal.code : "code" in r ? r.code : "taken");

/** A book that may run events. */
const RUNS = { subscribed: true, poolCents: 100 };

describe("event guards", () => {
  it("publishes only a draft with a future start and two runners", () => {
    expect(canPublish(event({ status: "CREATED" }), 2, NOW)).toBeNull();
    expect(canPublish(event({ status: "CREATED", startDate: earlier }), 2, NOW)).toMatchObject({
      code: "VALIDATION",
      extra: { field: "startDate" },
    });
    expect(canPublish(event({ status: "CREATED" }), 1, NOW)).toMatchObject({
      code: "VALIDATION",
      message: "You need at least 2 participants.",
    });
    expect(canPublish(event({ status: "CALCULATED" }), 2, NOW)).toMatchObject({
      code: "CONFLICT",
      message: "The event is settled, not a draft.",
    });
  });

  it("suspends only a live event, saying the status in a user's words", () => {
    expect(canSuspend(event())).toBeNull();
    expect(canSuspend(event({ status: "WAITING_FOR_RESULT" }))).toBeNull();
    expect(canSuspend(event({ status: "CREATED" }))).toMatchObject({
      message: "The event is a draft; only a live event can go back to draft.",
    });
  });

  it("refuses every change to a settled or abandoned event", () => {
    for (const status of ["CALCULATED", "CANCELLED"] as const) {
      const e = event({ status });
      expect(code(canMoveDates(e, { ...e, startDate: later }, NOW, RUNS))).toBe("ALREADY_SETTLED");
      expect(code(canSetOdds(e, false, new Map(), []))).toBe("ALREADY_SETTLED");
      expect(code(canWithdraw(e, item()))).toBe("ALREADY_SETTLED");
      expect(code(canFinalize(e, new Map(), []))).toBe("ALREADY_SETTLED");
    }
  });

  it("moves dates only into the future", () => {
    expect(canMoveDates(event(), event({ startDate: later }), NOW, RUNS)).toBeNull();
    expect(canMoveDates(event(), event({ startDate: earlier }), NOW, RUNS)).toMatchObject({
      code: "VALIDATION",
      extra: { field: "startDate" },
    });
  });

  it("takes a started event back to taking bets only as reopening would: subscribed, coins in the pool", () => {
    const started = event({ status: "WAITING_FOR_RESULT" });
    const reopened = event({ status: "READY_FOR_BETS", startDate: later });
    expect(canMoveDates(started, reopened, NOW, RUNS)).toBeNull();
    expect(code(canMoveDates(started, reopened, NOW, { ...RUNS, subscribed: false }))).toBe("SUBSCRIPTION_REQUIRED");
    expect(code(canMoveDates(started, reopened, NOW, { ...RUNS, poolCents: 0 }))).toBe("INSUFFICIENT_COINS");
    // A draft moved keeps its status: nothing reopens.
    expect(
      canMoveDates(event({ status: "CREATED" }), event({ status: "CREATED", startDate: later }), NOW, {
        ...RUNS,
        subscribed: false,
      }),
    ).toBeNull();
  });

  it("sets odds by hand only on running outcomes of the event, never under the equalizer", () => {
    const items = new Map([
      [10, item()],
      [11, item({ id: 11, status: "NR", title: "Shergar" })],
    ]);
    expect(canSetOdds(event(), false, items, [10])).toBeNull();
    expect(canSetOdds(event(), true, items, [10])).toMatchObject({ code: "CONFLICT" });
    expect(canSetOdds(event(), true, items, [])).toBeNull();
    expect(canSetOdds(event(), false, items, [99])).toMatchObject({ code: "VALIDATION", extra: { field: "items" } });
    expect(canSetOdds(event(), false, items, [11])).toMatchObject({
      code: "CONFLICT",
      message: "Shergar is withdrawn.",
    });
  });

  it("withdraws a runner once, and settles with running winners only", () => {
    const items = new Map([
      [10, item()],
      [11, item({ id: 11, status: "NR", title: "Shergar" })],
    ]);
    expect(canWithdraw(event(), items.get(10))).toBeNull();
    expect(canWithdraw(event(), items.get(11))).toMatchObject({ message: "Shergar is withdrawn already." });
    expect(canWithdraw(event(), undefined)).toMatchObject({ code: "NOT_FOUND" });
    const first = (itemId: number) => [{ itemId, place: 1 }];
    expect(canFinalize(event(), items, first(10))).toBeNull();
    expect(canFinalize(event(), items, first(11))).toMatchObject({ code: "VALIDATION", extra: { field: "placings" } });
    expect(canFinalize(event(), items, first(12))).toMatchObject({
      code: "VALIDATION",
      message: "Not an outcome of this event.",
    });
  });

  it("takes placings as a race finishes: a winner, and after n tied at a place the place n further on", () => {
    const field = new Map([10, 11, 12, 13].map((id) => [id, item({ id, position: id })]));
    const result = (...places: [number, number][]) =>
      canFinalize(
        event(),
        field,
        places.map(([itemId, place]) => ({ itemId, place })),
      );
    expect(result([10, 1], [11, 1], [12, 3])).toBeNull();
    expect(result([10, 1], [11, 2], [12, 2], [13, 4])).toBeNull();
    expect(result([10, 2], [11, 3])).toMatchObject({ message: "No outcome is at place 1: a result needs a winner." });
    expect(result([10, 1], [11, 1], [12, 2])).toMatchObject({
      message: "2 outcomes share 1st place, so the next place is 3rd, not 2nd.",
    });
  });

  it("keeps a draft's outcomes that have bets or were withdrawn", () => {
    expect(canReplaceOutcomes(event({ status: "CREATED" }), [item()])).toBeNull();
    expect(canReplaceOutcomes(event({ status: "CREATED" }), [item({ stakeCents: 100 })])).toMatchObject({
      code: "CONFLICT",
    });
    expect(canReplaceOutcomes(event(), [])).toMatchObject({ code: "EVENT_NOT_OPEN" });
  });

  it("wakes the room at the start of a live event, at the end of its grace otherwise, never once settled", () => {
    expect(nextAlarm(event(), NOW)).toBe(Date.parse(later));
    expect(nextAlarm(event({ startDate: earlier }), NOW)).toBe(Date.parse(later) + UNSETTLED_GRACE_MS);
    expect(nextAlarm(event({ status: "CREATED" }), NOW)).toBe(Date.parse(later) + UNSETTLED_GRACE_MS);
    expect(nextAlarm(event({ status: "CALCULATED" }), NOW)).toBeNull();
  });

  it("undoes a result once settled, for 24 hours", () => {
    const settledAt = new Date(NOW - 3600_000).toISOString();
    expect(canUndo(event({ status: "CALCULATED", settledAt }), NOW)).toBeNull();
    expect(canUndo(event({ status: "CANCELLED", settledAt }), NOW)).toBeNull();
    expect(canUndo(event({ status: "CALCULATED", settledAt }), NOW + 24 * 3600_000)).toMatchObject({
      code: "CANNOT_UNSETTLE",
    });
    expect(canUndo(event(), NOW)).toMatchObject({ code: "CANNOT_UNSETTLE" });
  });

  describe("a bet", () => {
    const bet = (
      over: Partial<{
        itemId: number;
        stakeCents: number;
        coefficient: number;
        alreadyBet: boolean;
        eachWay: boolean;
      }> = {},
    ) => ({
      itemId: 10,
      stakeCents: 1000,
      coefficient: 2,
      alreadyBet: false,
      eachWay: false,
      ...over,
    });
    const book = (...items: OutcomeState[]) => new Map(items.map((i) => [i.id, i]));
    const taken = (stakeCents: number, payoutCents: number) => ({
      odds: { num: 1, den: 1 },
      totals: { stakeCents, payoutCents, placeCents: 0 },
      placeTerms: null,
    });

    it("is taken at the current odds with its payout", () => {
      expect(checkBet(event(), book(item()), bet(), NOW)).toEqual(taken(1000, 2000));
    });

    it("is refused on a suspended or started event, a withdrawn or unknown outcome, a second bet", () => {
      expect(code(checkBet(event({ status: "CREATED" }), book(item()), bet(), NOW))).toBe("EVENT_NOT_OPEN");
      expect(code(checkBet(event({ startDate: earlier }), book(item()), bet(), NOW))).toBe("EVENT_NOT_OPEN");
      expect(code(checkBet(event(), book(item({ status: "NR" })), bet(), NOW))).toBe("EVENT_NOT_OPEN");
      expect(code(checkBet(event(), book(), bet(), NOW))).toBe("NOT_FOUND");
      expect(code(checkBet(event(), book(item()), bet({ alreadyBet: true }), NOW))).toBe("BET_EXISTS");
    });

    it("is refused at odds that are not the current ones, with the current odds", () => {
      expect(checkBet(event(), book(item({ curr: { num: 6, den: 4 } })), bet(), NOW)).toMatchObject({
        refusal: { code: "ODDS_CHANGED", extra: { coefficient: 2.5 } },
      });
      expect(code(checkBet(event(), book(item()), bet({ coefficient: 2.01 }), NOW))).toBe("ODDS_CHANGED");
    });

    it("is refused past the max payout, with the largest stake that still fits", () => {
      const full = item({ liabilityCents: 9_000 });
      expect(checkBet(event(), book(full), bet({ stakeCents: 500 }), NOW)).toEqual(taken(500, 1000));
      expect(checkBet(event(), book(full), bet({ stakeCents: 501 }), NOW)).toMatchObject({
        refusal: { code: "LIMIT_EXCEEDED", extra: { maxStake: 5 } },
      });
    });

    it("each-way is refused where the event has no terms", () => {
      expect(code(checkBet(event(), book(item()), bet({ eachWay: true }), NOW))).toBe("EACH_WAY_UNAVAILABLE");
    });

    it("each-way strikes both parts at the terms in force, counting the pair should it win and the place part should it place", () => {
      const field = Array.from({ length: 8 }, (_, i) => item({ id: 10 + i, position: i }));
      // 10 each-way at evens, 8 runners: 3 places at 1/5, the place part at 1 + 1/5.
      expect(checkBet(event({ eachWay: "standard" }), book(...field), bet({ eachWay: true }), NOW)).toEqual({
        odds: { num: 1, den: 1 },
        totals: { stakeCents: 2000, payoutCents: 3200, placeCents: 1200 },
        placeTerms: { places: 3, fraction: 5 },
      });
    });

    it("each-way counts the book's worst result: a winner's pairs plus the largest place parts of the other places", () => {
      const placed = (id: number, placeLiabilityCents: number) =>
        item({ id, position: id, liabilityCents: 2 * placeLiabilityCents, placeLiabilityCents });
      // Terms 2 places: if 10 wins, the book also pays the larger place part of another runner (11: 3,000).
      const items = book(
        item({ liabilityCents: 6_000 }),
        placed(11, 3_000),
        placed(12, 1_000),
        item({ id: 13, position: 3 }),
      );
      const e = event({ eachWay: { places: 2, fraction: 4 } });
      expect("odds" in checkBet(e, items, bet({ stakeCents: 500 }), NOW)).toBe(true); // 6,000 + 1,000 + 3,000 = 10,000
      expect(checkBet(e, items, bet({ stakeCents: 501 }), NOW)).toMatchObject({
        refusal: { code: "LIMIT_EXCEEDED", extra: { maxStake: 5 } },
      });
    });
  });
});
