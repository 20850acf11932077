import {
  linesOf,
  LOST_FACTOR,
  returnCents,
  VOID_FACTOR,
  wonFactor,
  type Factor,
  type MultipleKind,
} from "../../common/multiples";
import type { Odds } from "../../common/odds";

// What the multiples an event's settlement completes return, worked out exactly in TypeScript
// before the batch (docs/rules/multiples.md, "Multiples"). A line is the exact product of its legs'
// fractions rounded down once, and eight legs' products pass SQLite's 64-bit integers, so the
// batch cannot compute it. The batch takes each payout with the legs it was computed from, and
// a multiple it completes on other legs than those (another event's room settled one meanwhile)
// aborts it, to be read and computed again (settlement.ts completeStatements).

/** What the settlement's leg statements do to the event's open legs. */
export type LegsChange =
  /** A result: legs on a winner WON (sharing a dead heat of `deadHeat`), the others LOST; legs at SP at their runner's (`sps`). */
  | { kind: "result"; winners: number[]; deadHeat: number; sps: Record<number, Odds> }
  /** No result: every open leg of the event VOID. */
  | { kind: "void" }
  /** A non-runner: legs on it VOID, the event's other open legs take its deduction (90p at most; legs at SP only when `late`). */
  | { kind: "withdraw"; itemId: number; deduction: number; late: boolean };

type Result = "PENDING" | "WON" | "LOST" | "VOID";

interface LegRow {
  multiple_id: number;
  kind: MultipleKind;
  legs: number;
  amount_cents: number;
  leg_no: number;
  event_id: number;
  item_id: number;
  odds_num: number;
  odds_den: number;
  deduction: number;
  dead_heat: number;
  result: Result;
  at_sp: number;
}

/** A completed multiple's return, and its legs as the return was computed from them (legsKey). */
export interface Completion {
  payout: number;
  legs: string;
}

/** Completions by multiple id, as the batch's JSON takes them. */
export type Completions = Record<number, Completion>;

/** A leg as a settled multiple's payout depends on it; settlement.ts LEGS_KEY_SQL builds the same text in SQL. */
const legKey = (l: LegRow) => `${l.leg_no}:${l.result}:${l.deduction}:${l.dead_heat}`;

/** A leg as the change leaves it: only the event's open legs move. */
function changed(l: LegRow, eventId: number, change: LegsChange): LegRow {
  if (l.event_id !== eventId || l.result !== "PENDING") return l;
  switch (change.kind) {
    case "void":
      return { ...l, result: "VOID" };
    case "withdraw":
      if (l.item_id === change.itemId) return { ...l, result: "VOID" };
      if (l.at_sp === 1 && !change.late) return l;
      return { ...l, deduction: Math.min(90, l.deduction + change.deduction) };
    case "result": {
      const won = change.winners.includes(l.item_id);
      const sp = l.at_sp === 1 ? change.sps[l.item_id] : undefined;
      const priced = sp ? { ...l, odds_num: sp.num, odds_den: sp.den } : l;
      return { ...priced, result: won ? "WON" : "LOST", dead_heat: won ? change.deadHeat : 1 };
    }
  }
}

function factorOf(l: LegRow): Factor {
  if (l.result === "WON") return wonFactor({ num: l.odds_num, den: l.odds_den }, l.deduction, l.dead_heat);
  return l.result === "LOST" ? LOST_FACTOR : VOID_FACTOR;
}

/** Every leg settled: what the multiple returns, its lines each rounded down once (all void: its stake back). */
export function completion(kind: MultipleKind, amountCents: number, legs: LegRow[]): Completion | null {
  if (legs.some((l) => l.result === "PENDING")) return null;
  const sorted = [...legs].sort((a, b) => a.leg_no - b.leg_no);
  const payout = returnCents(amountCents, linesOf(kind, sorted.length), sorted.map(factorOf));
  return { payout, legs: sorted.map(legKey).join(",") };
}

/**
 * The open multiples with a leg the change settles that it completes, with their payouts, read
 * from D1 now. A multiple it leaves open is not listed: the batch completes only listed ones.
 */
export async function completions(db: D1Database, eventId: number, change: LegsChange): Promise<Completions> {
  const { results } = await db
    .prepare(
      `SELECT m.id AS multiple_id, m.kind, m.legs, m.amount_cents, l.leg_no, l.event_id, l.item_id, l.odds_num,
         l.odds_den, l.deduction, l.dead_heat, l.result, l.at_sp
       FROM multiples m JOIN multiple_legs l ON l.multiple_id = m.id
       WHERE m.status = 'ACCEPTED' AND m.id IN (SELECT multiple_id FROM multiple_legs WHERE event_id = ?1 AND result = 'PENDING')`,
    )
    .bind(eventId)
    .all<LegRow>();
  const byMultiple = new Map<number, LegRow[]>();
  for (const row of results) byMultiple.set(row.multiple_id, [...(byMultiple.get(row.multiple_id) ?? []), row]);
  const done: Completions = {};
  for (const [id, legs] of byMultiple) {
    const settled = completion(
      legs[0].kind,
      legs[0].amount_cents,
      legs.map((l) => changed(l, eventId, change)),
    );
    if (settled) done[id] = settled;
  }
  return done;
}
