import { en } from "./i18n/marks";

// The bookmaker profile's rules (docs/ARCHITECTURE.md, "Profile rules") with their messages, one copy for the server
// and the mini-app. Pure code with no platform globals: imported at run time by worker/ and web/.

export const NAME_MIN = 8;
export const NAME_MAX = 16;
export const TERMS_MAX = 150;

/** NAME_MIN and NAME_MAX written out: a marked text is a literal (worker/lib/words.ts). */
export const NAME_LENGTH_MESSAGE = en("Name must be 8 to 16 characters long");
export const ASCII_MESSAGE = en("Only English (ASCII) characters are allowed");
/** TERMS_MAX written out: a marked text is a literal (worker/lib/words.ts). */
export const TERMS_LENGTH_MESSAGE = en("Maximum 150 characters.");

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
// Terms are a textarea: line breaks are fine, anything outside ASCII is not.
const TERMS_ASCII = /^[\x20-\x7E\r\n\t]*$/;

/** The name's problem, or null when it may be saved; the name is kept trimmed. */
export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!PRINTABLE_ASCII.test(trimmed)) return ASCII_MESSAGE;
  if (trimmed.length < NAME_MIN || trimmed.length > NAME_MAX) return NAME_LENGTH_MESSAGE;
  return null;
}

/** The terms' problem, or null; kept as typed (no trimming). */
export function termsError(terms: string): string | null {
  if (!TERMS_ASCII.test(terms)) return ASCII_MESSAGE;
  if (terms.length > TERMS_MAX) return TERMS_LENGTH_MESSAGE;
  return null;
}
