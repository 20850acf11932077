import { OUTCOME_TITLE_MAX } from "@common/event-form";

// The paste rule (docs/ARCHITECTURE.md, "The event form"): a pasted list fills several outcomes.

const SEPARATORS = /\r\n|\r|\n|\t|,|;|\|/;
// "1.", "2)", "(3)", "#4", "5:" and bullets such as "-", "*", "•" before the name.
const LEAD = /^\s*(?:[-*•·◦▪–—>+]+|\(?\d{1,3}[.):\]]|#\d{1,3}[.):]?)\s*/;
const NON_ASCII = /[^\x20-\x7E]/g;

/** An outcome name as pasted: numbering and bullets stripped, non-ASCII removed, cut to 24. */
export function cleanOutcome(raw: string): string {
  let text = raw.replace(NON_ASCII, "").trim();
  for (let before = ""; before !== text;) {
    before = text;
    text = text.replace(LEAD, "").trim();
  }
  return text.slice(0, OUTCOME_TITLE_MAX).trim();
}

/**
 * The outcomes in pasted text, or null when it holds a single name (an ordinary paste).
 * Names already in `existing`, or repeated in the paste, are dropped whatever their case.
 */
export function pastedOutcomes(text: string, existing: readonly string[] = []): string[] | null {
  const parts = text.split(SEPARATORS);
  if (parts.filter((p) => p.trim()).length < 2) return null;
  const seen = new Set(existing.map((t) => t.trim().toLowerCase()).filter(Boolean));
  const names: string[] = [];
  for (const part of parts) {
    const name = cleanOutcome(part);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}
