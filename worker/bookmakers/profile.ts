import * as v from "valibot";

// Profile rules of spec section 5, with its messages.

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
// Terms are a textarea: line breaks are fine, anything outside ASCII is not.
const TERMS_ASCII = /^[\x20-\x7E\r\n\t]*$/;

export const ASCII_MESSAGE = "Only English (ASCII) characters are allowed";

export const BookmakerName = v.pipe(
  v.string("Name must be 8 to 16 characters long"),
  v.trim(),
  v.regex(PRINTABLE_ASCII, ASCII_MESSAGE),
  v.minLength(8, "Name must be 8 to 16 characters long"),
  v.maxLength(16, "Name must be 8 to 16 characters long"),
);

export const Terms = v.pipe(
  v.string("Terms must be text."),
  v.regex(TERMS_ASCII, ASCII_MESSAGE),
  v.maxLength(150, "Maximum 150 characters."),
);

export const NameBody = v.object({ name: BookmakerName });
export const TermsBody = v.object({ terms: Terms });
