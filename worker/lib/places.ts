import { COUNTRY_CODES } from "../../common/countries";
import type { Language } from "../../common/languages";
import { en, say } from "./words";

// An event's title ("Horse Racing / Ireland", stored in English: the key every answer carries)
// as the bot says it to a reader: the sport from the catalogues, the country by its ISO code in
// the runtime's own names (Intl.DisplayNames), English as stored. The mini-app does the same
// (web/src/i18n/common-words.ts, shownTitle).

/** The event form's sports (events/catalog.ts) and "International", marked for the catalogues. */
const PLACE_WORDS: ReadonlySet<string> = new Set([
  en("Horse Racing"),
  en("Greyhound Racing"),
  en("Football"),
  en("Darts"),
  en("Armwrestling"),
  en("E-sports"),
  en("Tennis"),
  en("Boxing"),
  en("MMA"),
  en("Basketball"),
  en("Ice Hockey"),
  en("Cricket"),
  en("Rugby"),
  en("Snooker"),
  en("Golf"),
  en("Baseball"),
  en("Volleyball"),
  en("Motor Racing"),
  en("Cycling"),
  en("Other"),
  en("International"),
]);

const regionNames = new Map<Language, Intl.DisplayNames | null>();
function countryIn(language: Language, english: string): string {
  const code = COUNTRY_CODES[english];
  if (!code) return PLACE_WORDS.has(english) ? say(language, english) : english;
  if (language === "en") return english;
  if (!regionNames.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
    } catch {
      // A runtime without them says the English.
    }
    regionNames.set(language, names);
  }
  return regionNames.get(language)?.of(code) ?? english;
}

/** `title` ("Sport / Country") in `language`; a title of another shape as written. */
export function titleIn(language: Language, title: string): string {
  const parts = title.split(" / ");
  if (parts.length !== 2) return title;
  const [sport, country] = parts;
  return `${PLACE_WORDS.has(sport) ? say(language, sport) : sport} / ${countryIn(language, country)}`;
}
