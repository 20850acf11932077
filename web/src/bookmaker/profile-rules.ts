// The profile rules of spec section 5, with its messages (the server checks the same).

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
// Terms are a textarea: line breaks are fine, anything outside ASCII is not.
const TERMS_ASCII = /^[\x20-\x7E\r\n\t]*$/;

export const NAME_LENGTH_MESSAGE = "Name must be 8 to 16 characters long";
export const ASCII_MESSAGE = "Only English (ASCII) characters are allowed";
export const TERMS_LENGTH_MESSAGE = "Maximum 150 characters.";
export const TERMS_MAX = 150;

/** The name's problem, or null when it may be saved. */
export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!PRINTABLE_ASCII.test(trimmed)) return ASCII_MESSAGE;
  if (trimmed.length < 8 || trimmed.length > 16) return NAME_LENGTH_MESSAGE;
  return null;
}

export function termsError(terms: string): string | null {
  if (!TERMS_ASCII.test(terms)) return ASCII_MESSAGE;
  if (terms.length > TERMS_MAX) return TERMS_LENGTH_MESSAGE;
  return null;
}
