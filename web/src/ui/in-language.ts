import { i18n } from "@/i18n/runtime";
import { rightToLeft } from "./bidi";
import { numberFormat } from "./locale";

// Numbers a field holds and lists a sentence joins, in the language shown
// (docs/decisions/languages.md, "Numbers and dates by language"), for the screens that have
// them: out of the first screen's modules (bidi.ts and locale.ts are there already).

/**
 * A number as a field holds it for him to edit: the language's decimal sign ("12,5" in
 * Russian, beside amounts written "12,50"), no grouping; the fields read either sign back.
 */
export function fieldNumber(n: number): string {
  const text = String(n);
  if (i18n.locale === "en") return text;
  const sign =
    numberFormat({})
      .formatToParts(1.5)
      .find((part) => part.type === "decimal")?.value ?? ".";
  return text.replace(".", sign);
}

/** Names one after another, as the language separates them ("a، b" in Arabic, "a, b" elsewhere). */
export const joinList = (items: readonly string[]) => items.join(rightToLeft() ? "، " : ", ");
