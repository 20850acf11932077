import { en } from "./i18n/marks";

// The event form's rules (docs/ARCHITECTURE.md, "The event form") with their messages, one copy for the
// server and the mini-app. Texts are checked as they are kept: trimmed. Pure code with no
// platform globals: imported at run time by worker/ and web/.

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

const ASCII = /^[\x20-\x7E]*$/;

export function descriptionError(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return en("Description is required.");
  if (!ASCII.test(trimmed)) return en("Description must contain only English (ASCII) characters.");
  if (trimmed.length > DESCRIPTION_MAX) return DESCRIPTION_MAX_MESSAGE;
  return null;
}

export function outcomeTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return en("Outcome name is required.");
  if (!ASCII.test(trimmed)) return en("Only English (ASCII) characters are allowed.");
  if (trimmed.length > OUTCOME_TITLE_MAX) return OUTCOME_TITLE_MAX_MESSAGE;
  return null;
}

/** True when no two outcomes share a name, whatever its case or surrounding spaces. */
export const distinctTitles = (titles: readonly string[]) =>
  new Set(titles.map((t) => t.trim().toLowerCase())).size === titles.length;
