// The app's languages (docs/decisions/languages.md, "Languages"): English, the source, and seven more.
// Both sides read these: the worker maps Telegram's language_code at sign-in and checks
// PUT /me/language against them; the mini-app loads the catalogue of the one it is given.

export const LANGUAGES = ["en", "es", "pt-BR", "ru", "fr", "tr", "id", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A user whose Telegram language is none of ours, and who chose none, reads English. */
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * Telegram's `language_code` (an IETF tag: "ru", "pt-br", "es-419") as one of ours, or null:
 * the tag itself whatever its case, else its language alone ("es-419" → es, "fr-CA" → fr);
 * Portuguese of any region reads the Brazilian catalogue, the one there is.
 */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const lower = tag?.trim().toLowerCase();
  if (!lower) return null;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split(/[-_]/)[0];
  if (primary === "pt") return "pt-BR";
  return LANGUAGES.find((l) => l === primary) ?? null;
}
