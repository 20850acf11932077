import type { MultipleKind } from "../../../common/multiples";

// How the screens name a multiple: the slip, the punter's history and the bookmaker's history
// of a punter say the same words.

const NAMES: Record<MultipleKind, string> = {
  DOUBLE: "Double",
  TREBLE: "Treble",
  ACCUMULATOR: "Accumulator",
  TRIXIE: "Trixie",
  PATENT: "Patent",
  YANKEE: "Yankee",
  LUCKY15: "Lucky 15",
};

/** "Yankee", or "5-fold Accumulator" (an accumulator says how many legs it joins). */
export function kindName(kind: MultipleKind, legs: number): string {
  return kind === "ACCUMULATOR" ? `${legs}-fold ${NAMES[kind]}` : NAMES[kind];
}

/** "Yankee · 11 lines", "Double · 1 line". */
export const kindWithLines = (kind: MultipleKind, legs: number, lines: number) =>
  `${kindName(kind, legs)} · ${lines} ${lines === 1 ? "line" : "lines"}`;
