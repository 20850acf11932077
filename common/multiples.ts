import { en } from "./i18n/marks";

// The kinds of multiple and the lines each makes over its legs: one home for the rule the API,
// the bet slip and the settlement all follow (docs/rules/multiples.md, "Multiples").

export const MULTIPLE_KINDS = ["DOUBLE", "TREBLE", "ACCUMULATOR", "TRIXIE", "PATENT", "YANKEE", "LUCKY15"] as const;
export type MultipleKind = (typeof MULTIPLE_KINDS)[number];

/** How many legs each kind takes, and the smallest combination its lines use. */
const KINDS: Record<MultipleKind, { minLegs: number; maxLegs: number; smallest: number; full: boolean }> = {
  DOUBLE: { minLegs: 2, maxLegs: 2, smallest: 2, full: false },
  TREBLE: { minLegs: 3, maxLegs: 3, smallest: 3, full: false },
  ACCUMULATOR: { minLegs: 4, maxLegs: 8, smallest: 0, full: false },
  TRIXIE: { minLegs: 3, maxLegs: 3, smallest: 2, full: true },
  PATENT: { minLegs: 3, maxLegs: 3, smallest: 1, full: true },
  YANKEE: { minLegs: 4, maxLegs: 4, smallest: 2, full: true },
  LUCKY15: { minLegs: 4, maxLegs: 4, smallest: 1, full: true },
};

export const LEGS_MIN = 2;
export const LEGS_MAX = 8;

export function legsFit(kind: MultipleKind, legs: number): boolean {
  return legs >= KINDS[kind].minLegs && legs <= KINDS[kind].maxLegs;
}

export function legsWanted(kind: MultipleKind): string {
  const { minLegs, maxLegs } = KINDS[kind];
  return minLegs === maxLegs ? `${minLegs}` : `${minLegs} to ${maxLegs}`;
}

/** The kinds a slip of `legs` selections can be placed as. */
export function kindsFor(legs: number): MultipleKind[] {
  return MULTIPLE_KINDS.filter((k) => legsFit(k, legs));
}

/**
 * The lines of a multiple: each a set of leg indexes. A straight multiple is one line over every
 * leg; a full cover is every combination of `smallest` legs or more (a Yankee: 6 doubles,
 * 4 trebles, 1 fourfold).
 */
export function linesOf(kind: MultipleKind, legs: number): number[][] {
  const { smallest, full } = KINDS[kind];
  const all = Array.from({ length: legs }, (_, i) => i);
  if (!full) return [all];
  const lines: number[][] = [];
  for (let mask = 1; mask < 1 << legs; mask++) {
    const line = all.filter((i) => mask & (1 << i));
    if (line.length >= smallest) lines.push(line);
  }
  return lines.sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()));
}

/**
 * What a leg multiplies its lines by, as an exact fraction: a WON leg its odds less Rule 4 over
 * its dead heat (wonFactor), a LOST leg 0, a VOID leg 1. Fractions, not floats: a line's return
 * is the exact product rounded down once (docs/ARCHITECTURE.md "the one gate"), and eight legs' products pass
 * 2^53, so they are BigInt.
 */
export interface Factor {
  num: bigint;
  den: bigint;
}

export const LOST_FACTOR: Factor = { num: BigInt(0), den: BigInt(1) };
export const VOID_FACTOR: Factor = { num: BigInt(1), den: BigInt(1) };

/** A WON leg's factor: its odds less its Rule 4 deduction (pence in the pound), over its dead heat. */
export const wonFactor = (odds: { num: number; den: number }, deduction = 0, deadHeat = 1): Factor => ({
  num: BigInt(odds.den * 100 + odds.num * (100 - deduction)),
  den: BigInt(odds.den * 100 * deadHeat),
});

/** What the lines return in cents given each leg's factor, each line rounded down once: a line pays only when none of its legs lost. */
export function returnCents(amountCents: number, lines: number[][], factors: Factor[]): number {
  let total = 0;
  for (const line of lines)
    total += lineCents(
      amountCents,
      line.map((i) => factors[i]),
    );
  return total;
}

/** One line: `floor(amount × Π factors)`, the exact product over the legs rounded down once. */
export function lineCents(amountCents: number, factors: Factor[]): number {
  let [num, den] = [BigInt(amountCents), BigInt(1)];
  for (const f of factors) [num, den] = [num * f.num, den * f.den];
  return Number(num / den);
}

/** The kinds as a punter reads them, marked: the worker says them in the reader's language. */
export const KIND_NAMES: Record<MultipleKind, string> = {
  DOUBLE: en("Double"),
  TREBLE: en("Treble"),
  ACCUMULATOR: en("Accumulator"),
  TRIXIE: en("Trixie"),
  PATENT: en("Patent"),
  YANKEE: en("Yankee"),
  LUCKY15: en("Lucky 15"),
};

/** "A Yankee", "An accumulator": the kind as a sentence starts it. */
export function kindName(kind: MultipleKind): string {
  const name = ["DOUBLE", "TREBLE", "ACCUMULATOR"].includes(kind) ? KIND_NAMES[kind].toLowerCase() : KIND_NAMES[kind];
  return `${/^[aeiou]/i.test(name) ? "An" : "A"} ${name}`;
}
