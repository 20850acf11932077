import { en, words, type Words } from "./i18n/marks";
import type { Odds } from "./odds";

// Each-way terms (docs/rules/racing.md, "Each-way"): an each-way bet is a win part and a place
// part of the same unit stake; the place part wins when its outcome finishes within the paying
// places, at 1 + (odds − 1) / fraction. Both the API and the mini-app apply these rules.

/** Paying places (1–5) and the fraction of the odds a place pays at (4 means 1/4). */
export interface PlaceTerms {
  places: number;
  fraction: number;
}

/** An event's each-way terms: none, the standard terms by runners at settlement, or terms as set. */
export type EachWay = null | "standard" | PlaceTerms;

export const PLACES_MAX = 5;
export const FRACTION_MAX = 10;

/**
 * The standard terms for `runners` outcomes that run: under 5 no place part (the place stake
 * goes on to win, which 1 place at the full odds is), 5–7 two places at 1/4, 8 or more three at 1/5.
 */
export function standardTerms(runners: number): PlaceTerms {
  if (runners < 5) return { places: 1, fraction: 1 };
  if (runners < 8) return { places: 2, fraction: 4 };
  return { places: 3, fraction: 5 };
}

/** The terms in force with `runners` running: standard terms follow them, set terms stand; null without each-way. */
export function termsInForce(eachWay: EachWay, runners: number): PlaceTerms | null {
  if (eachWay === null) return null;
  return eachWay === "standard" ? standardTerms(runners) : eachWay;
}

/** Each-way is the trade's custom in racing: standard terms by default there, none elsewhere. */
export const eachWayByDefault = (title: string): EachWay =>
  ["Horse Racing", "Greyhound Racing"].includes(title.split(" / ")[0]) ? "standard" : null;

/** The terms as punters read them: "E/W 1/5 3 places"; "E/W win only" when the place part goes on to win. */
export function termsText(terms: PlaceTerms): string {
  if (terms.places === 1 && terms.fraction === 1) return "E/W win only";
  return `E/W 1/${terms.fraction} ${terms.places} ${terms.places === 1 ? "place" : "places"}`;
}

/** One part of a bet as it is settled: a win bet or part, or a place part with its terms. */
export interface SettledPart {
  stakeCents: number;
  odds: Odds;
  /** Rule 4 deductions, pence in the pound. */
  deduction?: number;
  /** Paid on stake × share ÷ deadHeat: a dead heat for first (share 1) or for the last paying places. */
  deadHeat?: number;
  share?: number;
  /** A place part's fraction of the odds (1 for a win part). */
  fraction?: number;
}

const partNum = (p: SettledPart) =>
  BigInt(p.stakeCents) *
  BigInt(p.share ?? 1) *
  BigInt(p.odds.den * (p.fraction ?? 1) * 100 + p.odds.num * (100 - (p.deduction ?? 0)));
const partDen = (p: SettledPart) => BigInt(p.odds.den * (p.fraction ?? 1) * 100 * (p.deadHeat ?? 1));

/** What one part returns on its own, in cents, rounded down (the ledger's PLACE_ONLY_SQL). */
export const partReturnCents = (p: SettledPart) => Number(partNum(p) / partDen(p));

/**
 * What an each-way pair's place part returns: on its own when the win part lost (`win` null);
 * when both won, the pair's return rounded down once less what the win part holds (the ledger's
 * PAYOUT_SQL), so win + place = floor(exact win + exact place).
 */
export function placeReturnCents(place: SettledPart, win: SettledPart | null): number {
  if (!win) return partReturnCents(place);
  const [wn, wd, pn, pd] = [partNum(win), partDen(win), partNum(place), partDen(place)];
  return Number((wn * pd + pn * wd) / (wd * pd) - wn / wd);
}

/** A finishing place as a race's result says it: 1st, 2nd, 3rd, 4th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** How placings fail to read as a race finishes, or null when they do (placingsProblem, placingsWords). */
type PlacingsFault = "NO_WINNER" | { tied: number; place: number; expected: number; given: number };

function placingsFault(placings: { place: number }[]): PlacingsFault | null {
  if (placings.length === 0) return null;
  const counts = new Map<number, number>();
  for (const p of placings) counts.set(p.place, (counts.get(p.place) ?? 0) + 1);
  if (!counts.has(1)) return "NO_WINNER";
  const places = [...counts.keys()].sort((x, y) => x - y);
  for (const [i, place] of places.entries()) {
    const tied = counts.get(place)!;
    const next = places[i + 1];
    if (next !== undefined && next < place + tied) return { tied, place, expected: place + tied, given: next };
  }
  return null;
}

const NO_WINNER = en("No outcome is at place 1: a result needs a winner.");

/**
 * Why placings cannot settle an event, or null: they read as a race finishes. Placings name a
 * winner (place 1), and a place shared by n outcomes is followed by the place n further on
 * (1, 1, 3). In English: the reader's language says placingsWords, the server's refusal
 * (worker/events/rules/guards.ts, canFinalize) as the draft screen before End Event is sent.
 */
export function placingsProblem(placings: { place: number }[]): string | null {
  const fault = placingsFault(placings);
  if (fault === null) return null;
  if (fault === "NO_WINNER") return NO_WINNER;
  const { tied, place, expected, given } = fault;
  return `${tied} outcomes share ${ordinal(place)} place, so the next place is ${ordinal(expected)}, not ${ordinal(given)}.`;
}

/** Why placings cannot settle an event, as words said in the reader's language (in English, placingsProblem). */
export function placingsWords(placings: { place: number }[]): Words | null {
  const fault = placingsFault(placings);
  if (fault === null) return null;
  if (fault === "NO_WINNER") return { text: NO_WINNER };
  return words(
    "{tied, plural, one {# outcome shares} other {# outcomes share}} {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place, so the next place is {expected, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}, not {given, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}.",
    fault,
  );
}
