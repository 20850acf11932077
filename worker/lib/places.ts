import { COUNTRY_CODES, countryNameIn } from "../../common/countries";
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

function countryIn(language: Language, english: string): string {
  if (!COUNTRY_CODES[english]) return PLACE_WORDS.has(english) ? say(language, english) : english;
  return language === "en" ? english : (countryNameIn(language, english) ?? english);
}

/** `title` ("Sport / Country") in `language`; a title of another shape as written. */
export function titleIn(language: Language, title: string): string {
  const parts = title.split(" / ");
  if (parts.length !== 2) return title;
  const [sport, country] = parts;
  return `${PLACE_WORDS.has(sport) ? say(language, sport) : sport} / ${countryIn(language, country)}`;
}
