import type { CompiledMessage, CompiledToken } from "@common/i18n/format";
import type { Messages } from "./runtime";

// The pseudo-language (dev mode's ?devLang=pseudo, the browser checks' overflow screenshots):
// English with every letter accented and each text 40 % longer, in brackets, so a screen shows
// at a glance a text that is not translated (plain English), cut off (a missing "]") or that
// overflows as German or Russian would. Made from the English catalogue as it loads.

const ACCENTS: Record<string, string> = Object.fromEntries(
  [..."aeiouycnszAEIOUYCNSZ"].map((c, i) => [c, "áéíóúýçñšžÁÉÍÓÚÝÇÑŠŽ"[i]]),
);

/**
 * A text accented and lengthened by 40 %: "Start" → "[Štárt ~~]". The padding comes in words of
 * four, as a longer language's words would, not one unbreakable run.
 */
export function pseudoText(text: string): string {
  if (!text.trim()) return text;
  const accented = [...text].map((c) => ACCENTS[c] ?? c).join("");
  const padding = " ~~~~".repeat(Math.ceil((text.length * 0.4) / 5)).slice(0, Math.ceil(text.length * 0.4));
  return `[${accented}${padding}]`;
}

function pseudoTokens(message: CompiledMessage): CompiledMessage {
  if (typeof message === "string") return pseudoText(message);
  return message.map((token): CompiledToken => {
    if (typeof token === "string") return token === "#" ? token : pseudoText(token);
    const [name, type, format] = token;
    if ((type === "plural" || type === "selectordinal" || type === "select") && format && typeof format === "object") {
      const cases = Object.entries(format as Record<string, CompiledMessage | number>).map(([key, value]) => [
        key,
        key === "offset" ? value : pseudoTokens(value as CompiledMessage),
      ]);
      return [name, type, Object.fromEntries(cases)];
    }
    return token;
  });
}

export const pseudoMessages = (english: Messages): Messages =>
  Object.fromEntries(Object.entries(english).map(([id, message]) => [id, pseudoTokens(message)]));
