import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LANGUAGE, languageOfTag, type Language } from "../../common/languages";
import { formatMessage, type CompiledMessage } from "../../common/i18n/format";
import type { Words } from "../../common/i18n/marks";
import es from "../locales/es.json";
import ptBR from "../locales/pt-BR.json";
import ru from "../locales/ru.json";
import fr from "../locales/fr.json";
import tr from "../locales/tr.json";
import id from "../locales/id.json";
import ar from "../locales/ar.json";

// What the API and the bot say to a user, in his language (README, "Languages"). Each text is
// written in English in the code, marked with `en()` or `words()`, in ICU MessageFormat
// ("Your maximum stake is {max}."); `npm run i18n:extract` gathers the marked texts as the keys of
// worker/locales/<language>.json, whose values translators fill. A text missing from a catalogue
// is said in English (worker/lib/words.test.ts fails on one).

export { en, words, type Words } from "../../common/i18n/marks";

const CATALOGUES: Record<Exclude<Language, "en">, Record<string, string>> = {
  es,
  "pt-BR": ptBR,
  ru,
  fr,
  tr,
  id,
  ar,
};

const compiled = new Map<string, CompiledMessage>();
function compiledOnce(key: string, text: string): CompiledMessage {
  let found = compiled.get(key);
  if (found === undefined) {
    try {
      found = compileMessage(text);
    } catch {
      found = text; // not ICU after all (a stray brace): said as written
    }
    compiled.set(key, found);
  }
  return found;
}

/** Whether `text` is one the code marks (a key of the catalogues, which all hold the same keys). */
export const isMarked = (text: string) => Object.hasOwn(CATALOGUES.es, text);

/**
 * `said` in `language`. A plain string is a fixed text: a marked one (en("…"), ICU) is said as
 * the catalogue has it; any other (a library's message, which may quote the caller's input) as
 * written, never parsed as a message.
 */
export function say(language: Language, said: Words | string): string {
  if (typeof said === "string" && !isMarked(said)) return said;
  const { text, values = {} } = typeof said === "string" ? { text: said } : said;
  const shown: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    shown[name] = typeof value === "object" ? say(language, value) : value;
  const found = (language === "en" ? undefined : CATALOGUES[language][text]) || undefined;
  // Untranslated, the English is said by English rules: its plurals and ordinals are English ones.
  if (found === undefined) return formatMessage(compiledOnce(`en\u0000${text}`, text), "en", shown);
  return formatMessage(compiledOnce(`${language}\u0000${text}`, found), language, shown);
}

/**
 * The language an API caller reads: the first of Accept-Language's tags (by weight) that is one
 * of ours; the mini-app sends the one it shows. Else English.
 */
export function acceptedLanguage(header: string | undefined): Language {
  const tags = (header ?? "")
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
