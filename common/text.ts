import { en } from "./i18n/marks";

// What people may write in the texts they name things with (a book's name and terms, an event's
// description, its runners), in any script (docs/decisions/languages.md, "Names and texts in any script").
// A text is checked, counted and kept in NFC. Pure code with no platform globals: imported at
// run time by worker/ and web/.

export const DIRECTION_MESSAGE = en("Text direction controls are not allowed.");
export const INVISIBLE_MESSAGE = en("Invisible characters (such as zero-width spaces) are not allowed.");
export const LINE_BREAK_MESSAGE = en("Line breaks are not allowed here.");
export const CONTROL_MESSAGE = en("Control characters are not allowed.");
export const UNASSIGNED_MESSAGE = en("Unassigned and private-use characters are not allowed.");

/** Typed-in direction controls: embeddings and overrides, isolates, the LRM, RLM and Arabic letter marks. */
const DIRECTION = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/** Zero-width characters, and the Hangul fillers that are letters with nothing to see. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u115F\u1160\u3164\uFFA0]/u;
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u;
const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** Letters, marks, digits, punctuation, symbols and spaces of every script. */
const WRITTEN = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]*$/u;

/** Every character `charactersError` refuses in a one-line text. */
const REFUSED = new RegExp(`${DIRECTION.source}|${INVISIBLE.source}|[^\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Zs}]`, "gu");

/** A one-line text without the characters it may not hold (what a copied list brings along unseen). */
export const withoutRefused = (text: string) => text.replace(REFUSED, "");

/** The text as it is checked and kept: NFC. */
export const nfc = (text: string) => text.normalize("NFC");

/**
 * What is wrong with a text's characters, or null. `lineBreaks`: the text is several lines
 * (terms), so "\n", "\r\n" and "\r" are fine there.
 */
export function charactersError(text: string, lineBreaks = false): string | null {
  if (DIRECTION.test(text)) return DIRECTION_MESSAGE;
  if (INVISIBLE.test(text)) return INVISIBLE_MESSAGE;
  const rest = lineBreaks ? text.replace(/\r\n?|\n/g, "") : text;
  if (!lineBreaks && LINE_BREAK.test(rest)) return LINE_BREAK_MESSAGE;
  if (CONTROL.test(rest)) return CONTROL_MESSAGE;
  if (!WRITTEN.test(rest)) return UNASSIGNED_MESSAGE;
  return null;
}

const graphemes =
  typeof Intl === "object" && typeof Intl.Segmenter === "function"
    ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
    : null;

/** A text's length in the characters a person sees (grapheme clusters): 🇬🇧 is one, so is é written e + ◌́. */
export function seenLength(text: string): number {
  if (!graphemes) return [...text].length; // an old browser: code points, never fewer than seen
  return Array.from(graphemes.segment(text)).length;
}

/** The first `max` characters a person sees of a text. */
export function seenSlice(text: string, max: number): string {
  if (!graphemes) return [...text].slice(0, max).join("");
  let out = "";
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (count++ === max) break;
    out += segment;
  }
  return out;
}
