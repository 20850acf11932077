import { plural, t } from "@lingui/core/macro";
import type { MultipleKind } from "@common/multiples";
import { kindWords } from "@/i18n/common-words";

// How the screens name a multiple: the slip, the punter's history and the bookmaker's history
// of a punter say the same words.

/** "Yankee", or "5-fold Accumulator" (an accumulator says how many legs it joins). */
export function kindName(kind: MultipleKind, legs: number): string {
  const name = kindWords(kind);
  return kind === "ACCUMULATOR" ? t`${legs}-fold ${name}` : name;
}

/** "Yankee · 11 lines", "Double · 1 line". */
export function kindWithLines(kind: MultipleKind, legs: number, lines: number) {
  const name = kindName(kind, legs);
  return plural(lines, { one: `${name} · # line`, other: `${name} · # lines` });
}
