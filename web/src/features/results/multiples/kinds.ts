import { KIND_NAMES, type MultipleKind } from "@common/multiples";

// How the screens name a multiple: the slip, the punter's history and the bookmaker's history
// of a punter say the same words.

/** "Yankee", or "5-fold Accumulator" (an accumulator says how many legs it joins). */
export function kindName(kind: MultipleKind, legs: number): string {
  return kind === "ACCUMULATOR" ? `${legs}-fold ${KIND_NAMES[kind]}` : KIND_NAMES[kind];
}

/** "Yankee · 11 lines", "Double · 1 line". */
export const kindWithLines = (kind: MultipleKind, legs: number, lines: number) =>
  `${kindName(kind, legs)} · ${lines} ${lines === 1 ? "line" : "lines"}`;
