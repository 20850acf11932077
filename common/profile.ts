import { en } from "./i18n/marks";
import { charactersError, nfc, seenLength } from "./text";

// The bookmaker profile's rules (docs/rules/screens.md, "Profile rules") with their messages, one copy for the server
// and the mini-app. Pure code with no platform globals: imported at run time by worker/ and web/.
// Names and terms may be in any script (common/text.ts); lengths count the characters a person sees.

export const NAME_MIN = 8;
export const NAME_MAX = 16;
export const TERMS_MAX = 150;

/** NAME_MIN and NAME_MAX written out: a marked text is a literal (worker/lib/words.ts). */
export const NAME_LENGTH_MESSAGE = en("Name must be 8 to 16 characters long");
/** TERMS_MAX written out: a marked text is a literal (worker/lib/words.ts). */
export const TERMS_LENGTH_MESSAGE = en("Maximum 150 characters.");

/** The name's problem, or null when it may be saved; the name is kept trimmed, in NFC. */
export function nameError(name: string): string | null {
  const text = nfc(name.trim());
  const problem = charactersError(text);
  if (problem) return problem;
  const length = seenLength(text);
  if (length < NAME_MIN || length > NAME_MAX) return NAME_LENGTH_MESSAGE;
  return null;
}

/** The terms' problem, or null; kept as typed (no trimming), in NFC, line breaks and all. */
export function termsError(terms: string): string | null {
  const text = nfc(terms);
  const problem = charactersError(text, true);
  if (problem) return problem;
  if (seenLength(text) > TERMS_MAX) return TERMS_LENGTH_MESSAGE;
  return null;
}
