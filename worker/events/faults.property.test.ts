import { env } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ladderOdds, type Odds } from "../../common/odds";
import { placeReturnCents, termsInForce, type EachWay } from "../../common/each-way";
import { settledPayoutCents } from "../../common/rule4";
import { pricedPlaceReturnCents, pricedReturnCents, type PricedPart } from "../../common/sp";
import type { Bet, BookmakerEvent, CashOutOffer } from "../contract";
import { call, json, type TestUser } from "../test/api";
import { bet, inHours, newEvent, roomStub, worstResult } from "../test/events";
import {
  expectRoomMatchesD1,
  expectStoredTotalsMatchBets,
  injectFaults,
  type Fault,
  type FaultPlan,
} from "../test/faulty-d1";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";
import { propertyRuns } from "../test/property";

// Random concurrent bets and admin operations while the room's D1 fails at random, before a
// batch lands or after it (answer lost). After every run: the room holds what D1 holds, every
// bet D1 has was answered 201 and every 201 is in D1, no outcome's potential payout passes the
// max payout, no coin is created or lost, and each balance is what a model computed from the
// answers alone says it must be. Bets are win or each-way, at a price or at SP, on events with and
// without SP and BOG; results are placings (ties included), with SPs.

const runs = Math.max(20, Number(env.PROPERTY_RUNS) || 200);
const PUNTERS = 3;
const ITEMS: [string, number][] = [
  ["A", 1.5],
  ["B", 2],
  ["C", 3],
  ["D", 11],
  ["E", 6],
];
const LADDER_PICKS = [1.5, 2, 2.5, 3, 4, 6, 11];

const who = fc.nat(PUNTERS - 1);
const outcome = fc.nat(ITEMS.length - 1);
const cents = fc.integer({ min: 1, max: 3000 });
const op = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.record({
      type: fc.constant("bet" as const),
      who,
      outcome,
      cents,
      staleOdds: fc.boolean(),
      eachWay: fc.boolean(),
      // At SP (refused on an event without SP).
      atSp: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("add" as const), who, cents }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("subtract" as const), who, cents }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("odds" as const),
      outcome,
      odds: fc.constantFrom(...LADDER_PICKS),
      equalizer: fc.option(fc.boolean()),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("dates" as const), hours: fc.integer({ min: 1, max: 48 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("redraft" as const),
      odds: fc.array(fc.constantFrom(...LADDER_PICKS), { minLength: ITEMS.length, maxLength: ITEMS.length }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("nr" as const), outcome }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("finalize" as const),
      // A finishing order of some outcomes, each tied with the one before it or not (1, 1, 3…).
      order: fc.shuffledSubarray(ITEMS.map((_, i) => i)),
      tied: fc.array(fc.boolean(), { minLength: ITEMS.length, maxLength: ITEMS.length }),
      // Callers before placings sent winners alone.
      asWinners: fc.boolean(),
      // Starting prices entered for some runners (refused for a non-runner, twice, or without SP or BOG).
      sps: fc.array(fc.record({ outcome, coefficient: fc.constantFrom(...LADDER_PICKS) }), { maxLength: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("abandon" as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("unsettle" as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("evict" as const) }) },
  // A punter cashes out a bet of his taken earlier, at the value offered or at a stale one.
  { weight: 6, arbitrary: fc.record({ type: fc.constant("cashout" as const), who, outcome, stale: fc.boolean() }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const sequence = fc.record({
  maxTotalPayout: fc.integer({ min: 50, max: 2000 }),
  botEqualizer: fc.boolean(),
  rule4: fc.boolean(),
  deadHeat: fc.boolean(),
  eachWay: fc.constantFrom<EachWay>(null, "standard", { places: 2, fraction: 4 }, { places: 3, fraction: 5 }),
  sp: fc.constantFrom(true, true, false),
  bog: fc.boolean(),
  punterCoins: fc.array(fc.integer({ min: 10, max: 100 }), { minLength: PUNTERS, maxLength: PUNTERS }),
  cashOutMargin: fc.constantFrom(0, 0.05, 0.1),
  faults: fc.array(fc.constantFrom<Fault | null>(null, null, null, "before", "after"), {
    minLength: 30,
    maxLength: 30,
  }),
  steps: fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
  // How an event still open at the end finishes: a finishing order of its runners.
  ending: fc.record({
    order: fc.shuffledSubarray(ITEMS.map((_, i) => i)),
    tied: fc.array(fc.boolean(), { minLength: ITEMS.length, maxLength: ITEMS.length }),
    // The first runner's SP (none: its last price).
    sp: fc.constantFrom(null, 1.5, 11),
  }),
});
type Sequence = typeof sequence extends fc.Arbitrary<infer T> ? T : never;

/** Fails batches by the drawn pattern, never two in a row (so the read that follows a failure gets through). */
function planOf(faults: (Fault | null)[]): FaultPlan {
  let previous: Fault | null = null;
  return (n) => (previous = previous ? null : faults[n % faults.length]);
}

interface World {
  book: TestBook;
  punters: TestUser[];
  event: BookmakerEvent;
}

/**
 * The model, from the answers: coins moved, and the bets taken (each 201). How the event ended
 * (runners withdrawn, winners, abandoned) is read from D1 at the end, since concurrent admin
 * answers do not say in which order they landed; the money must then follow the rules exactly.
 */
interface Model {
  moved: number[]; // coins added minus withdrawn, per punter (cents)
  bets: {
    betId: number;
    who: number;
    itemId: number;
    stakeCents: number;
    odds: Odds;
    eachWay: boolean;
    atSp: boolean;
  }[];
  /** Bets cashed out (each 200), with the value paid (cents). */
  cashedOut: Map<number, number>;
}

/** How the event ended, as D1 has it. */
interface Ending {
  status: string;
  abandoned: boolean;
  withdrawn: Set<number>;
  winners: number[];
  /** Each placed outcome's place. */
  places: Map<number, number>;
  runners: number;
  /** Each running outcome's SP, on an event with SP or BOG. */
  sps: Map<number, Odds>;
}

/** The placings of a drawn finishing order: place i + 1, or the place before it when tied with it. */
function placingsOf(order: number[], tied: boolean[]) {
  const places: number[] = [];
  order.forEach((_, i) => places.push(i > 0 && tied[i] ? places[i - 1] : i + 1));
  return order.map((outcome, i) => ({ outcome, place: places[i] }));
}

async function perform(w: World, m: Model, o: Op): Promise<number> {
  const owner = w.book.owner.token;
  const id = w.event.id;
  const items = w.event.items;
  const current = () => json<BookmakerEvent>("GET", `/events/${id}`, { token: owner });
  switch (o.type) {
    case "bet": {
      const event = o.staleOdds ? w.event : await current();
      const res = o.atSp
        ? await call("POST", "/bets", {
            token: w.punters[o.who].token,
            body: {
              bookmakerId: w.book.bookmakerId,
              eventId: id,
              eventItemId: items[o.outcome].id,
              amount: o.cents / 100,
              atSp: true,
              eachWay: o.eachWay,
            },
          })
        : await bet(
            w.punters[o.who],
            w.book,
            event,
            o.outcome,
            o.cents / 100,
            event.items[o.outcome].currCoefficient,
            o.eachWay,
          );
      if (res.status === 201) {
        const placed = await res.json<Bet>();
        m.bets.push({
          betId: placed.betId,
          who: o.who,
          itemId: placed.eventItemId,
          stakeCents: o.cents,
          odds: ladderOdds(placed.coefficient)!,
          eachWay: o.eachWay,
          atSp: o.atSp,
        });
      }
      return res.status;
    }
    case "add":
    case "subtract": {
      const res = await call("POST", `/balances/${o.type}`, {
        token: owner,
        body: { userId: w.punters[o.who].userId, balance: { amount: o.cents / 100 } },
      });
      if (res.status === 200) m.moved[o.who] += o.type === "add" ? o.cents : -o.cents;
      return res.status;
    }
    case "odds": {
      const body = {
        items: o.equalizer ? [] : [{ id: items[o.outcome].id, coefficient: o.odds }],
        ...(o.equalizer === null ? {} : { botEqualizer: o.equalizer }),
      };
      return (await call("POST", `/events/${id}/coefficients`, { token: owner, body })).status;
    }
    case "dates":
      return (
        await call("POST", `/events/${id}/modifyDates`, {
          token: owner,
          body: { startDate: inHours(o.hours), endDate: inHours(o.hours + 1) },
        })
      ).status;
    case "redraft": {
      const suspended = await call("POST", `/events/${id}/draft`, { token: owner });
      const body = { items: ITEMS.map(([title], i) => ({ title, coefficient: o.odds[i] })) };
      const updated = await call("POST", `/drafts/${id}/updateCoefficients`, { token: owner, body });
      const live = await call("POST", `/events/${id}/live`, { token: owner, body: { eventId: id } });
      return [suspended, updated, live].map((r) => r.status).find((s) => s >= 500) ?? live.status;
    }
    case "nr": {
      const res = await call("POST", `/events/${id}/nr/${items[o.outcome].id}`, { token: owner });
      return res.status;
    }
    case "finalize": {
      const placings = placingsOf(o.order, o.tied).map((p) => ({ itemId: items[p.outcome].id, place: p.place }));
      const sp = o.sps.map((x) => ({ itemId: items[x.outcome].id, coefficient: x.coefficient }));
      const body = o.asWinners
        ? { eventId: id, winners: placings.filter((p) => p.place === 1).map((p) => p.itemId), sp }
        : { eventId: id, placings, sp };
      const res = await call("POST", `/events/${id}/finalize`, { token: owner, body });
      return res.status;
    }
    case "abandon": {
      const res = await call("POST", `/events/${id}/abandon`, { token: owner });
      return res.status;
    }
    case "unsettle": {
      const res = await call("POST", `/events/${id}/unsettle`, { token: owner });
      return res.status;
    }
    case "evict":
      await evictDurableObject(roomStub(id)).catch(() => undefined);
      return 200;
    case "cashout": {
      if (m.bets.length === 0) return 200;
      const mine = m.bets[(o.who * ITEMS.length + o.outcome) % m.bets.length];
      const token = w.punters[mine.who].token;
      const offer = await call("GET", `/bets/${mine.betId}/cashout`, { token });
      const value = offer.status === 200 ? (await offer.json<CashOutOffer>()).value : 0.01;
      const res = await call("POST", `/bets/${mine.betId}/cashout`, {
        token,
        body: { value: o.stale ? value + 0.01 : value },
      });
      if (res.status === 200) m.cashedOut.set(mine.betId, Math.round((await res.json<Bet>()).payout * 100));
      return res.status;
    }
  }
}

/** A call that never answers is a failure too (a deadlock in the room), not a hung test. */
function withinTime<T>(promise: Promise<T>, o: unknown): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(o)}`)), 10_000)),
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What a bet returned to its punter: its stake (both parts) when its runner was withdrawn, the
 * event abandoned or settled with no winner. Else its win part, on a winner: its odds less its
 * Rule 4 deduction, on stake ÷ n for n dead-heating winners when the rule is on; and its place
 * part, on an outcome within the paying places of the terms in force with the runners at the
 * end: at 1 + (odds − 1) / fraction, shared with the outcomes tied past the last paying place
 * when the rule is on, the pair rounded down once.
 */
function returned(
  end: Ending,
  b: Model["bets"][number],
  rules: { deadHeat: boolean; eachWay: EachWay; bog: boolean },
  deductions: Map<number, { deduction: number; spDeduction: number }>,
): number {
  const parts = b.eachWay ? 2 : 1;
  if (end.withdrawn.has(b.itemId) || end.abandoned || end.winners.length === 0) return parts * b.stakeCents;
  const taken = deductions.get(b.betId) ?? { deduction: 0, spDeduction: 0 };
  const bet = { stakeCents: b.stakeCents, odds: b.odds, deduction: taken.deduction };
  const won = end.winners.includes(b.itemId);
  const win = won ? { ...bet, deadHeat: rules.deadHeat ? end.winners.length : 1 } : null;
  // At SP, or with BOG at the better of its price and the SP (common/sp.ts), with the deductions of each.
  const sp = end.sps.get(b.itemId);
  const priced = (part: { deadHeat?: number; fraction?: number; share?: number }): PricedPart => ({
    stakeCents: b.stakeCents,
    struck: b.atSp ? null : b.odds,
    bog: rules.bog,
    deduction: taken.deduction,
    spDeduction: taken.spDeduction,
    ...part,
  });
  const bySp = sp !== undefined && (b.atSp || rules.bog);
  const winReturn = !win
    ? 0
    : bySp
      ? pricedReturnCents(priced(win), sp)
      : settledPayoutCents(b.stakeCents, b.odds, bet.deduction, win.deadHeat);
  if (!b.eachWay) return winReturn;
  const terms = termsInForce(rules.eachWay, end.runners)!;
  const place = end.places.get(b.itemId);
  if (place === undefined || place > terms.places) return winReturn;
  const tied = [...end.places.values()].filter((p) => p === place).length;
  const shared = rules.deadHeat && place + tied - 1 > terms.places;
  const placePart = {
    ...bet,
    fraction: terms.fraction,
    share: shared ? terms.places - place + 1 : 1,
    deadHeat: shared ? tied : 1,
  };
  if (bySp) return winReturn + pricedPlaceReturnCents(priced(placePart), win && priced(win), sp);
  return winReturn + placeReturnCents(placePart, win);
}

async function endingOf(eventId: number): Promise<Ending> {
  const [event, items] = await env.DB.batch([
    env.DB.prepare(`SELECT status FROM events WHERE id = ?1`).bind(eventId),
    env.DB.prepare(`SELECT id, status, place, sp_num, sp_den FROM event_items WHERE event_id = ?1`).bind(eventId),
  ]);
  const statuses = items.results as {
    id: number;
    status: string;
    place: number | null;
    sp_num: number | null;
    sp_den: number | null;
  }[];
  const status = (event.results[0] as { status: string }).status;
  return {
    status,
    abandoned: status === "CANCELLED",
    withdrawn: new Set(statuses.filter((i) => i.status === "NR").map((i) => i.id)),
    winners: statuses.filter((i) => i.status === "WINNER").map((i) => i.id),
    places: new Map(statuses.filter((i) => i.place !== null).map((i) => [i.id, i.place!])),
    runners: statuses.filter((i) => i.status !== "NR").length,
    sps: new Map(statuses.filter((i) => i.sp_num !== null).map((i) => [i.id, { num: i.sp_num!, den: i.sp_den! }])),
  };
}

const balance = async (ownerId: number, punterId: number | null) =>
  (await env.DB.prepare(
    `SELECT balance_cents FROM accounts WHERE pool_owner_id = ?1 AND ${punterId === null ? "kind = 'POOL'" : "punter_id = ?2"}`,
  )
    .bind(ownerId, ...(punterId === null ? [] : [punterId]))
    .first<{ balance_cents: number }>())!.balance_cents;

/**
 * Runs that once failed, tried first on every run. 2026-11: a load that a reload replaced
 * while it waited was applied after a bet had been reserved, and dropped that bet from memory.
 * 2026-11-29 (CI, PROPERTY_SEED=-367983650): a bet reserved while another caller's reload was
 * reading D1, that reload's snapshot then applied without it (worker/events/room/reload-race.test.ts).
 * 2026-11-29 (PROPERTY_SEED=-847196784): an SP bet of 4.55 struck within a max payout of 50, then
 * its runner's price raised to 11 from the draft: the model held the max payout over the
 * bookmaker's own price, which SP bets follow (the check above now leaves that case out).
 */
const FOUND: Sequence[] = [
  {
    maxTotalPayout: 50,
    botEqualizer: false,
    rule4: false,
    deadHeat: false,
    eachWay: null,
    sp: false,
    bog: false,
    ending: { order: [], tied: [false, false, false, false, false], sp: null },
    punterCoins: [10, 10, 10],
    cashOutMargin: 0.05,
    faults: [null, null, "before", null, "after", null, null, null, null, null, "after", ...Array<null>(19).fill(null)],
    steps: [
      [
        ...[true, true, true, true, false, true, true].map((staleOdds) => ({
          type: "bet" as const,
          who: 0,
          outcome: 0,
          cents: 1,
          staleOdds,
          eachWay: false,
          atSp: false,
        })),
        { type: "bet" as const, who: 0, outcome: 1, cents: 1, staleOdds: true, eachWay: false, atSp: false },
      ],
    ],
  },
  {
    maxTotalPayout: 88,
    botEqualizer: false,
    rule4: false,
    deadHeat: false,
    eachWay: null,
    sp: true,
    bog: false,
    punterCoins: [54, 10, 10],
    cashOutMargin: 0,
    faults: [
      ...[null, null, null, "after", null, "before", null, null, "after", "before", "after"],
      ...Array<null>(10).fill(null),
      "after",
      ...Array<null>(8).fill(null),
    ] as (Fault | null)[],
    steps: [
      [{ type: "bet", who: 0, outcome: 1, cents: 2, staleOdds: false, eachWay: false, atSp: false }],
      [
        { type: "nr", outcome: 0 },
        { type: "bet", who: 0, outcome: 0, cents: 1, staleOdds: false, eachWay: false, atSp: false },
        { type: "cashout", who: 0, outcome: 0, stale: false },
      ],
      [
        { type: "cashout", who: 0, outcome: 0, stale: false },
        { type: "dates", hours: 1 },
        { type: "bet", who: 0, outcome: 0, cents: 1, staleOdds: false, eachWay: false, atSp: false },
        { type: "bet", who: 0, outcome: 4, cents: 2504, staleOdds: false, eachWay: false, atSp: false },
        { type: "bet", who: 0, outcome: 0, cents: 98, staleOdds: true, eachWay: false, atSp: true },
      ],
    ],
    ending: { order: [], tied: [false, true, true, false, true], sp: 11 },
  },
  {
    maxTotalPayout: 50,
    botEqualizer: false,
    rule4: false,
    deadHeat: false,
    eachWay: null,
    sp: true,
    bog: false,
    punterCoins: [10, 10, 10],
    cashOutMargin: 0,
    faults: Array<null>(30).fill(null),
    steps: [
      [
        { type: "dates", hours: 1 },
        { type: "bet", who: 0, outcome: 0, cents: 1, staleOdds: false, eachWay: false, atSp: false },
      ],
      [{ type: "bet", who: 0, outcome: 4, cents: 455, staleOdds: false, eachWay: false, atSp: true }],
      [
        { type: "redraft", odds: [1.5, 1.5, 1.5, 1.5, 11] },
        { type: "bet", who: 0, outcome: 0, cents: 1, staleOdds: false, eachWay: false, atSp: false },
      ],
    ],
    ending: { order: [], tied: [false, false, false, false, false], sp: null },
  },
];

const ALLOWED = new Set([200, 201, 400, 403, 404, 409, 500, 503]);

describe("the room under random failing writes", () => {
  it(`keeps D1, the room and every balance in agreement over ${runs} random runs`, { timeout: 1_800_000 }, async () => {
    let accepted = 0;
    let failed = 0;
    let eachWayPaid = 0;
    let cashOuts = 0;
    let paidAtSp = 0;
    await fc.assert(
      fc.asyncProperty(
        sequence,
        async ({
          maxTotalPayout,
          botEqualizer,
          rule4,
          deadHeat,
          eachWay,
          sp,
          bog,
          punterCoins,
          cashOutMargin,
          faults,
          steps,
          ending,
        }) => {
          const book = await newBook({ coins: 1000 });
          await json("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
            token: book.owner.token,
            body: { enabled: true, margin: cashOutMargin },
          });
          const event = await newEvent(book, {
            maxTotalPayout,
            botEqualizer,
            rule4,
            deadHeat,
            eachWay,
            sp,
            bog,
            items: ITEMS,
          });
          const punters = await Promise.all(punterCoins.map((c) => newPunter(book, { coins: c })));
          const pool = await balance(book.owner.userId, null);
          const w: World = { book, punters, event };
          const m: Model = { moved: punters.map(() => 0), bets: [], cashedOut: new Map() };
          const plan = planOf(faults);
          for (const step of steps) {
            await withinTime(injectFaults(event.id, plan), "injecting faults");
            const statuses = await Promise.all(step.map((o) => withinTime(perform(w, m, o), o)));
            expect(statuses.filter((s) => !ALLOWED.has(s))).toEqual([]);
            accepted += statuses.filter((s) => s === 201).length;
            failed += statuses.filter((s) => s >= 500).length;
          }
          await withinTime(
            injectFaults(event.id, () => null),
            "clearing faults",
          );
          // One more cash-out once D1 holds steady, so most runs settle with one in the book.
          const cashOut = { type: "cashout" as const, who: 0, outcome: 0, stale: false };
          expect(ALLOWED.has(await withinTime(perform(w, m, cashOut), cashOut))).toBe(true);

          // Every bet in D1 was answered 201 (an each-way bet as its WIN and PLACE rows), and every 201 is in D1.
          const { results: stored } = await env.DB.prepare(
            `SELECT user_id, item_id, stake_cents, part FROM bets WHERE event_id = ?1 ORDER BY user_id, item_id, part DESC`,
          )
            .bind(event.id)
            .all();
          const answered = m.bets.flatMap((b) =>
            (b.eachWay ? ["WIN", "PLACE"] : ["WIN"]).map((part) => ({
              user_id: punters[b.who].userId,
              item_id: b.itemId,
              stake_cents: b.stakeCents,
              part,
            })),
          );
          const order = (a: { user_id: number; item_id: number }, b: { user_id: number; item_id: number }) =>
            a.user_id - b.user_id || a.item_id - b.item_id;
          expect(stored).toEqual(answered.sort(order));

          // The book's worst result stays within the max payout: the pairs on a winner and the largest
          // place parts of the other paying places. Standard terms follow the runners, so a non-runner
          // may raise what the place parts already struck pay (as in the trade): then it is not held.
          // Nor once the bookmaker raised the price of a runner with SP bets: they are counted at his
          // price now, which bounds them no more than the SP he enters at the result
          // (docs/decisions/events.md, "SP and BOG").
          const live = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
          const withdrawn = live.items.some((i) => i.status === "NR");
          const spRaised = await env.DB.prepare(
            `SELECT 1 FROM bets WHERE event_id = ?1 AND at_sp = 1 AND status = 'ACCEPTED'
               AND odds_num * book_den > book_num * odds_den LIMIT 1`,
          )
            .bind(event.id)
            .first();
          if (live.status !== "CALCULATED" && !(eachWay === "standard" && withdrawn) && !spRaised)
            expect(await worstResult(event.id, live.eachWay?.places ?? 1)).toBeLessThanOrEqual(maxTotalPayout * 100);

          // A bet's call makes the room reload if a failure left it in doubt; then it must hold what D1 holds.
          await withinTime(bet(punters[0], book, event, 0, 0.01, 1000.5), "a bet that reloads the room");
          await withinTime(expectRoomMatchesD1(event.id), "reading the room");
          await expectStoredTotalsMatchBets(event.id);

          // Settle what is left (its runners in the drawn order, or abandoned), then the balances must be the model's.
          const runners = live.items.map((item, i) => (item.status === "NR" ? -1 : i));
          // The runner of the first open SP bet wins, the drawn order after it, so most runs with
          // SP pay a bet at SP.
          const spBet = await env.DB.prepare(
            `SELECT item_id FROM bets WHERE event_id = ?1 AND status = 'ACCEPTED' AND at_sp = 1 ORDER BY id LIMIT 1`,
          )
            .bind(event.id)
            .first<{ item_id: number }>();
          const favourite = event.items.findIndex((i) => i.id === spBet?.item_id);
          const running = ending.order.filter((i) => runners.includes(i));
          const drawn =
            favourite >= 0 && runners.includes(favourite)
              ? [favourite, ...running.filter((i) => i !== favourite)]
              : running;
          const placings = placingsOf(drawn, ending.tied).map((p) => ({
            itemId: event.items[p.outcome].id,
            place: p.place,
          }));
          const first = placings[0]?.itemId;
          const sps =
            ending.sp === null || first === undefined || (!sp && !bog)
              ? []
              : [{ itemId: first, coefficient: ending.sp }];
          const settled = await call("POST", `/events/${event.id}/finalize`, {
            token: book.owner.token,
            body: { placings, sp: sps },
          });
          if (settled.status !== 200) await call("POST", `/events/${event.id}/abandon`, { token: book.owner.token });
          const end = await endingOf(event.id);
          expect(end.status).toMatch(/^(CALCULATED|CANCELLED)$/);
          expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
          await expectStoredTotalsMatchBets(event.id);
          // Rule 4 deductions only with the rule on and a runner withdrawn; never past 90p; the SP's no more than the price's.
          const { results: deducted } = await env.DB.prepare(
            `SELECT id, deduction, sp_deduction FROM bets WHERE event_id = ?1`,
          )
            .bind(event.id)
            .all<{ id: number; deduction: number; sp_deduction: number }>();
          const deductions = new Map(
            deducted.map((d) => [d.id, { deduction: d.deduction, spDeduction: d.sp_deduction }]),
          );
          for (const d of deducted) {
            expect(d.deduction).toBeLessThanOrEqual(rule4 && end.withdrawn.size > 0 ? 90 : 0);
            expect(d.sp_deduction).toBeLessThanOrEqual(d.deduction);
          }
          // A bet cashed out (answered 200, and only then) is CASHED_OUT in D1, paid its value and nothing else.
          const { results: cashed } = await env.DB.prepare(
            `SELECT id, payout_cents FROM bets WHERE event_id = ?1 AND status = 'CASHED_OUT' AND part = 'WIN' ORDER BY id`,
          )
            .bind(event.id)
            .all<{ id: number; payout_cents: number }>();
          expect(cashed).toEqual(
            [...m.cashedOut].sort(([a], [b]) => a - b).map(([id, payout_cents]) => ({ id, payout_cents })),
          );
          cashOuts += m.cashedOut.size;
          paidAtSp += (await env.DB.prepare(
            `SELECT COUNT(*) AS n FROM bets WHERE event_id = ?1 AND status = 'WON' AND sp_num IS NOT NULL`,
          )
            .bind(event.id)
            .first<{ n: number }>())!.n;
          const paid = (b: Model["bets"][number]) =>
            m.cashedOut.get(b.betId) ?? returned(end, b, { deadHeat, eachWay, bog }, deductions);
          const stakeOf = (b: Model["bets"][number]) => (b.eachWay ? 2 : 1) * b.stakeCents;
          for (const [i, p] of punters.entries()) {
            const mine = m.bets.filter((b) => b.who === i);
            const expected =
              punterCoins[i] * 100 +
              m.moved[i] -
              mine.reduce((s, b) => s + stakeOf(b), 0) +
              mine.reduce((s, b) => s + paid(b), 0);
            expect(await balance(book.owner.userId, p.userId), `punter ${i}`).toBe(expected);
          }
          eachWayPaid += m.bets.filter((b) => b.eachWay && paid(b) > 0 && !end.abandoned).length;
          const staked = m.bets.reduce((s, b) => s + stakeOf(b), 0);
          const paidOut = m.bets.reduce((s, b) => s + paid(b), 0);
          expect(await balance(book.owner.userId, null)).toBe(
            pool - m.moved.reduce((s, c) => s + c, 0) + staked - paidOut,
          );
        },
      ),
      { ...propertyRuns(runs), examples: FOUND.map((found) => [found] as [Sequence]) },
    );
    // The runs must reach the interesting part: bets taken, writes that failed, each-way pairs
    // paid, cash-outs and bets paid at SP (at 200 runs some 162, 337, 44, 84 and 48). A guard
    // against sequences that never reach a case, not a quota: each commit's seed draws others.
    console.log(
      `event faults: ${accepted} bets, ${failed} failed writes, ${eachWayPaid} each-way paid, ${cashOuts} cash-outs, ${paidAtSp} paid at SP in ${runs} runs`,
    );
    if (env.PROPERTY_REPLAY) return;
    for (const reached of [accepted, failed, eachWayPaid, cashOuts, paidAtSp]) expect(reached).toBeGreaterThan(0);
  });
});
