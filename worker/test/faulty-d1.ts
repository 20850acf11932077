import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { EventRoom } from "../events/room/room";
import type { OutcomeState } from "../events/state";
import { PAYOUT_SQL, PLACE_ONLY_SQL } from "../ledger/settlement";
import { roomStub } from "./events";

// A stand-in for a room's D1 binding that wraps the real D1 and makes chosen batches fail:
// "before" fails without writing (a refused connection), "after" writes and then fails (the
// answer is lost, so the caller cannot know the outcome), "slow" answers a second late.
// Everything else is the real D1.

export type Fault = "before" | "after" | "slow";
/** Decides the fault of the nth batch (1-based) of `size` statements; null lets it through. */
export type FaultPlan = (n: number, size: number) => Fault | null;

export const LOST = "D1_ERROR: Network connection lost.";
/** How long a "slow" batch takes: an overloaded primary. */
export const SLOW_MS = 1000;

export function faultyD1(real: D1Database, plan: FaultPlan): D1Database {
  let n = 0;
  const wrapper: Partial<D1Database> = {
    prepare: (query) => real.prepare(query),
    exec: (query) => real.exec(query),
    withSession: (constraint) => real.withSession(constraint),
    async batch<T>(statements: D1PreparedStatement[]) {
      const fault = plan(++n, statements.length);
      if (fault === "before") throw new Error(LOST);
      if (fault === "slow") await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      const results = await real.batch<T>(statements);
      if (fault === "after") throw new Error(LOST);
      return results;
    },
  };
  return wrapper as D1Database;
}

/** Puts a faulty D1 in the event's room (until it is evicted). */
export async function injectFaults(eventId: number, plan: FaultPlan) {
  await runInDurableObject(roomStub(eventId), (room: EventRoom) => {
    room.db = faultyD1((room as unknown as { env: { DB: D1Database } }).env.DB, plan);
  });
}

/**
 * Puts a D1 in the event's room that runs `first` before the room's next batch reaches D1 (then
 * lets every batch through): another writer's change landing between the room's reads and its write.
 */
export async function beforeNextBatch(eventId: number, first: () => Promise<unknown>) {
  await runInDurableObject(roomStub(eventId), (room: EventRoom) => {
    const real = (room as unknown as { env: { DB: D1Database } }).env.DB;
    let pending: (() => Promise<unknown>) | null = first;
    room.db = {
      prepare: (query: string) => real.prepare(query),
      exec: (query: string) => real.exec(query),
      withSession: (constraint?: D1SessionConstraint) => real.withSession(constraint),
      async batch<T>(statements: D1PreparedStatement[]) {
        const run = pending;
        pending = null;
        if (run) await run();
        return real.batch<T>(statements);
      },
    } as D1Database;
  });
}

/** Fails the next batches in order, then lets every batch through. */
export const inOrder =
  (...faults: (Fault | null)[]): FaultPlan =>
  () =>
    faults.shift() ?? null;

type Held = { stake: number; liability: number; place: number };

/** What the room holds in memory per outcome: live stakes, liability and place parts' liability (cents). */
export async function roomLiabilities(eventId: number): Promise<Record<number, Held>> {
  return runInDurableObject(roomStub(eventId), (room: EventRoom) => {
    const items = (room as unknown as { memory: { items: Map<number, OutcomeState> } }).memory.items;
    return Object.fromEntries(
      [...items.values()].map((i) => [
        i.id,
        { stake: i.stakeCents, liability: i.liabilityCents, place: i.placeLiabilityCents },
      ]),
    );
  });
}

/** Live stakes and liability per outcome, recomputed from D1's bets. */
export async function d1Liabilities(eventId: number) {
  const { results } = await env.DB.prepare(
    `SELECT b.item_id, SUM(b.stake_cents) AS stake, SUM(${PAYOUT_SQL}) AS liability,
       SUM(CASE b.part WHEN 'PLACE' THEN ${PLACE_ONLY_SQL} ELSE 0 END) AS place
     FROM bets b WHERE b.event_id = ?1 AND b.status = 'ACCEPTED' GROUP BY b.item_id`,
  )
    .bind(eventId)
    .all<{ item_id: number } & Held>();
  return new Map(results.map((r) => [r.item_id, { stake: r.stake, liability: r.liability, place: r.place }]));
}

/** The room's memory agrees with D1 on every outcome. */
export async function expectRoomMatchesD1(eventId: number) {
  const d1 = await d1Liabilities(eventId);
  const room = await roomLiabilities(eventId);
  for (const [id, held] of Object.entries(room))
    expect(held, `outcome ${id}`).toEqual(d1.get(Number(id)) ?? { stake: 0, liability: 0, place: 0 });
}

/** Each outcome's stored totals (kept by the room for the polled lists) equal the sums over its bets. */
export async function expectStoredTotalsMatchBets(eventId: number) {
  const { results } = await env.DB.prepare(
    `SELECT i.id, i.stake_cents, i.liability_cents, i.place_liability_cents,
       COALESCE((SELECT SUM(b.stake_cents) FROM bets b WHERE b.item_id = i.id AND b.status IN ('ACCEPTED', 'WON', 'LOST')), 0) AS stakes,
       COALESCE((SELECT SUM(${PAYOUT_SQL}) FROM bets b WHERE b.item_id = i.id AND b.status IN ('ACCEPTED', 'WON', 'LOST')), 0) AS payouts,
       COALESCE((SELECT SUM(${PLACE_ONLY_SQL}) FROM bets b
         WHERE b.item_id = i.id AND b.part = 'PLACE' AND b.status IN ('ACCEPTED', 'WON', 'LOST')), 0) AS places
     FROM event_items i WHERE i.event_id = ?1`,
  )
    .bind(eventId)
    .all<{
      id: number;
      stake_cents: number;
      liability_cents: number;
      place_liability_cents: number;
      stakes: number;
      payouts: number;
      places: number;
    }>();
  for (const r of results)
    expect([r.stake_cents, r.liability_cents, r.place_liability_cents], `outcome ${r.id}`).toEqual([
      r.stakes,
      r.payouts,
      r.places,
    ]);
}
