import { OUTCOME_TITLE_MAX } from "@common/event-form";
import { nfc, seenSlice, withoutRefused } from "@common/text";

// The paste rule (docs/rules/screens.md, "The event form"): a pasted list fills several outcomes.

const SEPARATORS = /\r\n|\r|\n|\t|,|;|\|/;
// "1.", "2)", "(3)", "#4", "5:" and bullets such as "-", "*", "•" before the name.
const LEAD = /^\s*(?:[-*•·◦▪–—>+]+|\(?\d{1,3}[.):\]]|#\d{1,3}[.):]?)\s*/;

/**
 * An outcome name as pasted: numbering and bullets stripped, characters a name may not hold
 * (control, direction, zero-width) removed, cut to 24 characters as a person sees them.
 */
export function cleanOutcome(raw: string): string {
  let text = withoutRefused(raw).trim();
  for (let before = ""; before !== text;) {
    before = text;
    text = text.replace(LEAD, "").trim();
  }
  return seenSlice(text, OUTCOME_TITLE_MAX).trim();
}

/**
 * The outcomes in pasted text, or null when it holds a single name (an ordinary paste).
 * Names already in `existing`, or repeated in the paste, are dropped whatever their case.
 */
export function pastedOutcomes(text: string, existing: readonly string[] = []): string[] | null {
  const parts = text.split(SEPARATORS);
  if (parts.filter((p) => p.trim()).length < 2) return null;
  const seen = new Set(existing.map((t) => nfc(t.trim()).toLowerCase()).filter(Boolean));
  const names: string[] = [];
  for (const part of parts) {
    const name = cleanOutcome(part);
    const key = nfc(name).toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}
