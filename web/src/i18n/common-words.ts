import { msg, plural, selectOrdinal, t } from "@lingui/core/macro";
import type { PlaceTerms } from "@common/each-way";
import { DESCRIPTION_MAX, OUTCOME_TITLE_MAX } from "@common/event-form";
import { NAME_LENGTH_MESSAGE, NAME_MAX, NAME_MIN, TERMS_MAX } from "@common/profile";
import type { MultipleKind } from "@common/multiples";
import type { EventStatusName } from "@common/status-words";
import { COUNTRY_CODES, countryNameIn } from "@common/countries";
import { i18n, type MessageDescriptor } from "./runtime";

// common/'s texts in the mini-app's language. The rules both sides apply (common/) return their
// messages in English, marked for the API's catalogues (worker/locales); the mini-app shows the
// same texts from its own catalogue, looked up here by their English. A test holds each key equal
// to its message, so an English text changed in common/ cannot lose its translation unseen.

/** Each fixed text of common/ a screen shows, by its English. */
export const COMMON_TEXTS: ReadonlyMap<string, MessageDescriptor> = new Map([
  [
    "Insufficient currency. You can purchase more in the store.",
    msg`Insufficient currency. You can purchase more in the store.`,
  ],
  ["Bookmaker subscription not found.", msg`Bookmaker subscription not found.`],
  ["Event is suspended. Please try again later.", msg`Event is suspended. Please try again later.`],
  ["Bookmaker profile not found.", msg`Bookmaker profile not found.`],
  ["Enter a positive number.", msg`Enter a positive number.`],
  ["Date and time must be in the future.", msg`Date and time must be in the future.`],
  ["You need at least 2 participants.", msg`You need at least 2 participants.`],
  ["At most 100 outcomes.", msg`At most 100 outcomes.`],
  ["Outcome names must differ.", msg`Outcome names must differ.`],
  ["Description is required.", msg`Description is required.`],
  ["Outcome name is required.", msg`Outcome name is required.`],
  ["Text direction controls are not allowed.", msg`Text direction controls are not allowed.`],
  [
    "Invisible characters (such as zero-width spaces) are not allowed.",
    msg`Invisible characters (such as zero-width spaces) are not allowed.`,
  ],
  ["Line breaks are not allowed here.", msg`Line breaks are not allowed here.`],
  ["Control characters are not allowed.", msg`Control characters are not allowed.`],
  [
    "Unassigned and private-use characters are not allowed.",
    msg`Unassigned and private-use characters are not allowed.`,
  ],
  ["No outcome is at place 1: a result needs a winner.", msg`No outcome is at place 1: a result needs a winner.`],
]);

/** A text of common/ as the screen says it: its translation, or (an unknown text) itself. */
export function commonText(english: string): string;
export function commonText(english: string | null): string | null;
export function commonText(english: string | null): string | null {
  if (english === null) return null;
  // The limits' texts are written out in common/ (a marked text is a literal); here by their numbers.
  const max = [DESCRIPTION_MAX, OUTCOME_TITLE_MAX, TERMS_MAX].find((n) => english === `Maximum ${n} characters.`);
  if (max !== undefined) return t`Maximum ${max} characters.`;
  if (english === NAME_LENGTH_MESSAGE) return t`Name must be ${NAME_MIN} to ${NAME_MAX} characters long`;
  const descriptor = COMMON_TEXTS.get(english);
  return descriptor ? i18n._(descriptor) : english;
}

/** "2nd", in the reader's language. */
export const ordinalWords = (place: number) =>
  selectOrdinal(place, { one: "#st", two: "#nd", few: "#rd", other: "#th" });

/** Each-way terms: "E/W win only", "E/W 1/4 2 places". */
export function termsWords({ places, fraction }: PlaceTerms): string {
  if (places === 1 && fraction === 1) return t`E/W win only`;
  return plural(places, { one: `E/W 1/${fraction} # place`, other: `E/W 1/${fraction} # places` });
}

/** Why placings cannot settle an event (common/each-way.ts's placingsWords), in the reader's words. */
export function placingsText(fault: { text: string; values?: Record<string, unknown> } | null): string | null {
  if (fault === null) return null;
  const { tied, place, expected, given } = (fault.values ?? {}) as Record<string, number>;
  if (tied === undefined) return commonText(fault.text);
  const shared = ordinalWords(place);
  const next = ordinalWords(expected);
  const instead = ordinalWords(given);
  return plural(tied, {
    one: `# outcome shares ${shared} place, so the next place is ${next}, not ${instead}.`,
    other: `# outcomes share ${shared} place, so the next place is ${next}, not ${instead}.`,
  });
}

const KINDS: Record<MultipleKind, MessageDescriptor> = {
  DOUBLE: msg`Double`,
  TREBLE: msg`Treble`,
  ACCUMULATOR: msg`Accumulator`,
  TRIXIE: msg`Trixie`,
  PATENT: msg`Patent`,
  YANKEE: msg`Yankee`,
  LUCKY15: msg`Lucky 15`,
};

/** A multiple's kind: "Yankee". */
export const kindWords = (kind: MultipleKind) => i18n._(KINDS[kind]);

const STATUSES: Record<EventStatusName, MessageDescriptor> = {
  CREATED: msg`a draft`,
  READY_FOR_BETS: msg`live`,
  WAITING_FOR_RESULT: msg`waiting for its result`,
  WAITING_FOR_CALCULATION: msg`being settled`,
  CALCULATED: msg`settled`,
  CANCELLED: msg`abandoned`,
  ABANDONED: msg`abandoned`,
  FINISHED: msg`finished`,
  SUSPENDED: msg`suspended`,
};

/** An event's status as a sentence says it: "settled". */
export const statusWords = (status: EventStatusName) => i18n._(STATUSES[status]);

// Sports and countries in the reader's language. An event's title stores them in English
// ("Horse Racing / Ireland", the spec's keys, which every API answer and form keeps); screens show
// them translated: sports from the catalogues, countries by their ISO code through the browser's
// own names (Intl.DisplayNames), English as stored.

/** The event form's sports (worker/events/catalog.ts), and "International", by their English. */
const PLACE_TEXTS: ReadonlyMap<string, MessageDescriptor> = new Map([
  ["Horse Racing", msg`Horse Racing`],
  ["Greyhound Racing", msg`Greyhound Racing`],
  ["Football", msg`Football`],
  ["Darts", msg`Darts`],
  ["Armwrestling", msg`Armwrestling`],
  ["E-sports", msg`E-sports`],
  ["Tennis", msg`Tennis`],
  ["Boxing", msg`Boxing`],
  ["MMA", msg`MMA`],
  ["Basketball", msg`Basketball`],
  ["Ice Hockey", msg`Ice Hockey`],
  ["Cricket", msg`Cricket`],
  ["Rugby", msg`Rugby`],
  ["Snooker", msg`Snooker`],
  ["Golf", msg`Golf`],
  ["Baseball", msg`Baseball`],
  ["Volleyball", msg`Volleyball`],
  ["Motor Racing", msg`Motor Racing`],
  ["Cycling", msg`Cycling`],
  ["Other", msg`Other`],
  ["International", msg`International`],
]);

/** A sport (or "International") as the reader's language says it; any other name as written. */
export function sportName(english: string): string {
  const text = PLACE_TEXTS.get(english);
  return text ? i18n._(text) : english;
}

/** A country as the reader's language names it; English, and a name it does not know, as stored. */
export function countryName(english: string): string {
  if (!COUNTRY_CODES[english]) return sportName(english);
  return i18n.locale === "en" ? english : (countryNameIn(i18n.locale, english) ?? english);
}

/** An event's title, "Sport / Country", in the reader's language. */
export function shownTitle(title: string): string {
  const parts = title.split(" / ");
  return parts.length === 2 ? `${sportName(parts[0])} / ${countryName(parts[1])}` : title;
}
