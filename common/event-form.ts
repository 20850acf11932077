// The event form's rules (docs/ARCHITECTURE.md, "The event form") with their messages, one copy for the
// server and the mini-app. Texts are checked as they are kept: trimmed. Pure code with no
// platform globals: imported at run time by worker/ and web/.

export const DESCRIPTION_MAX = 100;
export const OUTCOME_TITLE_MAX = 24;
export const OUTCOMES_MIN = 2;
export const OUTCOMES_MAX = 100;

export const PAYOUT_MESSAGE = "Enter a positive number.";
/** The server refuses a start that has passed with these words too (worker/events/rules/guards.ts). */
export const DATE_PAST_MESSAGE = "Date and time must be in the future.";
export const OUTCOMES_MIN_MESSAGE = "You need at least 2 participants.";
export const OUTCOMES_MAX_MESSAGE = "At most 100 outcomes.";
export const DISTINCT_OUTCOMES_MESSAGE = "Outcome names must differ.";

const ASCII = /^[\x20-\x7E]*$/;

export function descriptionError(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return "Description is required.";
  if (!ASCII.test(trimmed)) return "Description must contain only English (ASCII) characters.";
  if (trimmed.length > DESCRIPTION_MAX) return `Maximum ${DESCRIPTION_MAX} characters.`;
  return null;
}

export function outcomeTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return "Outcome name is required.";
  if (!ASCII.test(trimmed)) return "Only English (ASCII) characters are allowed.";
  if (trimmed.length > OUTCOME_TITLE_MAX) return `Maximum ${OUTCOME_TITLE_MAX} characters.`;
  return null;
}

/** True when no two outcomes share a name, whatever its case or surrounding spaces. */
export const distinctTitles = (titles: readonly string[]) =>
  new Set(titles.map((t) => t.trim().toLowerCase())).size === titles.length;
