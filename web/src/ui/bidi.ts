import { i18n } from "@/i18n/runtime";

// Figures, usernames, codes and placings inside right-to-left text. Left alone, the bidi
// algorithm moves a minus sign or a "%" to the far side of its number ("10-", "11.76%-"), an "@"
// to the end of its name ("pu_x@") and a placing's dot ("Shergar .1"). Unicode's isolates keep
// each in its own order, as <bdi> does, but as text: they work in attributes, <option>s, SVG
// titles and translated messages alike, and the catalogues use the same (docs/glossary/ar.md).
// Left-to-right languages get the text unchanged: their screens read as the spec quotes them.

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(["ar"]);

/** Whether the language shown is written right to left. */
export const rightToLeft = () => RIGHT_TO_LEFT.has(i18n.language);

/** A figure (an amount, a percentage, odds): left to right wherever it stands (LRI … PDI, `<bdi dir="ltr">`). */
export const figure = (text: string) => (rightToLeft() ? `\u2066${text}\u2069` : text);

/** A figure with a word of its language after it ("1.23 ألف"): right to left, its number kept whole (RLI … PDI). */
export const figureWithWord = (text: string) => (rightToLeft() ? `\u2067${text}\u2069` : text);

/** A name or code a user typed, or a placing: in the direction of its own first letter (FSI … PDI, `<bdi>`). */
export const isolated = (text: string) => (rightToLeft() ? `\u2068${text}\u2069` : text);

/** A Telegram username as "@name". */
export const userTag = (username: string) => isolated(`@${username}`);
