import { en } from "./i18n/marks";
import { charactersError, nfc, seenLength } from "./text";

// The event form's rules (docs/rules/screens.md, "The event form") with their messages, one copy for the
// server and the mini-app. Texts are checked as they are kept: trimmed, in NFC; they may be in any
// script (common/text.ts), their lengths counted in the characters a person sees. Pure code with
// no platform globals: imported at run time by worker/ and web/.

export const DESCRIPTION_MAX = 100;
export const OUTCOME_TITLE_MAX = 24;
export const OUTCOMES_MIN = 2;
export const OUTCOMES_MAX = 100;

export const PAYOUT_MESSAGE = en("Enter a positive number.");
/** The server refuses a start that has passed with these words too (worker/events/rules/guards.ts). */
export const DATE_PAST_MESSAGE = en("Date and time must be in the future.");
/** OUTCOMES_MIN and OUTCOMES_MAX written out: a marked text is a literal (worker/lib/words.ts). */
export const OUTCOMES_MIN_MESSAGE = en("You need at least 2 participants.");
export const OUTCOMES_MAX_MESSAGE = en("At most 100 outcomes.");
export const DISTINCT_OUTCOMES_MESSAGE = en("Outcome names must differ.");

/** DESCRIPTION_MAX and OUTCOME_TITLE_MAX written out: a marked text is a literal (worker/lib/words.ts). */
const DESCRIPTION_MAX_MESSAGE = en("Maximum 100 characters.");
const OUTCOME_TITLE_MAX_MESSAGE = en("Maximum 24 characters.");

export function descriptionError(text: string): string | null {
  const kept = nfc(text.trim());
  if (!kept) return en("Description is required.");
  return charactersError(kept) ?? (seenLength(kept) > DESCRIPTION_MAX ? DESCRIPTION_MAX_MESSAGE : null);
}

export function outcomeTitleError(title: string): string | null {
  const kept = nfc(title.trim());
  if (!kept) return en("Outcome name is required.");
  return charactersError(kept) ?? (seenLength(kept) > OUTCOME_TITLE_MAX ? OUTCOME_TITLE_MAX_MESSAGE : null);
}

/** True when no two outcomes share a name, whatever its case, its surrounding spaces or its normal form. */
export const distinctTitles = (titles: readonly string[]) =>
  new Set(titles.map((t) => nfc(t.trim()).toLowerCase())).size === titles.length;
