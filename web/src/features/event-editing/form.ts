import {
  descriptionError,
  DISTINCT_OUTCOMES_MESSAGE,
  OUTCOMES_MIN,
  OUTCOMES_MIN_MESSAGE,
  outcomeTitleError,
  PAYOUT_MESSAGE,
} from "@common/event-form";
import { DEFAULT_ODDS, DEFAULT_RETURN, decimalText, ladderOdds, type Odds } from "@common/odds";
import { eachWayByDefault, type EachWay } from "@common/each-way";
import { racesByDefault } from "@common/racing";
import type { BookmakerEvent, EachWayTerms, BookmakerOutcome, Id } from "@worker/contract";
import { dateError, endAfter, fieldsOf, startAt, timeError } from "./when";
import { commonText } from "@/i18n/common-words";
import { i18n } from "@/i18n/runtime";
import { deviceStore } from "@/store/storage";

// The new-event form (docs/rules/screens.md, "The event form"); its rules and messages
// are common/event-form.ts's, which the server checks too.

export const DEFAULT_SPORT = "Horse Racing";
export const DEFAULT_COUNTRY = "United States";

/**
 * The country a new event starts in: his own, as the last event he saved from this form on this
 * device says; before his first, the largest market of the language he reads (Telegram says his
 * language, not his country), the spec's United States in English. A copied event keeps its own.
 */
const COUNTRY_OF_LANGUAGE: Readonly<Record<string, string>> = {
  es: "Mexico",
  "pt-BR": "Brazil",
  ru: "Russia",
  fr: "France",
  tr: "Turkey",
  id: "Indonesia",
  ar: "Egypt",
};
const LAST_COUNTRY = "lastEventCountry";
export const defaultCountry = (): string =>
  deviceStore.getItem(LAST_COUNTRY) ?? COUNTRY_OF_LANGUAGE[i18n.language] ?? DEFAULT_COUNTRY;
/** Kept when he saves a new event: his next one starts in the same country. */
export const keepCountry = (country: string): void => deviceStore.setItem(LAST_COUNTRY, country);
/** The spec's placeholder max payout for a draft. */
export const DEFAULT_MAX_PAYOUT = "1000";

export interface OutcomeRow {
  /** A stable React key: rows are added, removed and pasted into. */
  key: number;
  title: string;
  odds: Odds;
}

export interface EventForm {
  sport: string;
  country: string;
  description: string;
  date: string;
  time: string;
  /** Digits only, as typed. */
  maxTotalPayout: string;
  /** Hundredths: 1 or 50…95. */
  returnPct: number;
  botEqualizer: boolean;
  /** Rule 4, dead heat and SP as the bookmaker set them; null follows the sport (on for racing). */
  rule4: boolean | null;
  deadHeat: boolean | null;
  sp: boolean | null;
  /** Best odds guaranteed: off unless the bookmaker offers it. */
  bog: boolean;
  /** Each-way terms as the bookmaker set them; undefined follows the sport (standard for racing). */
  eachWay?: EachWay;
  outcomes: OutcomeRow[];
}

let nextKey = 1;
export const newRow = (title = "", odds: Odds = DEFAULT_ODDS): OutcomeRow => ({ key: nextKey++, title, odds });

export const emptyForm = (): EventForm => ({
  sport: DEFAULT_SPORT,
  country: defaultCountry(),
  description: "",
  date: "",
  time: "",
  maxTotalPayout: DEFAULT_MAX_PAYOUT,
  returnPct: DEFAULT_RETURN,
  botEqualizer: false,
  rule4: null,
  deadHeat: null,
  sp: null,
  bog: false,
  outcomes: [newRow(), newRow()],
});

/** The racing rules the form applies: the bookmaker's choice, else the sport's custom. */
export const rulesOf = (form: EventForm) => ({
  rule4: form.rule4 ?? racesByDefault(form.sport),
  deadHeat: form.deadHeat ?? racesByDefault(form.sport),
  sp: form.sp ?? racesByDefault(form.sport),
  bog: form.bog,
});

/** The each-way terms the form applies: the bookmaker's choice, else the sport's custom. */
export const eachWayOf = (form: EventForm): EachWay =>
  form.eachWay === undefined ? eachWayByDefault(`${form.sport} / ${form.country}`) : form.eachWay;

/** An event's terms in force as they were set: standard terms stay standard (they follow the runners). */
export const eachWaySet = (terms: EachWayTerms | null): EachWay =>
  !terms ? null : terms.standard ? "standard" : { places: terms.places, fraction: terms.fraction };

/** "Sport / Country" back into its parts (the title the API keeps). */
export function splitTitle(title: string): { sport: string; country: string } {
  const [sport = "", country = ""] = title.split(" / ");
  return { sport, country };
}

/** An outcome's odds as the form edits them: a rung of the ladder. */
export const oddsOf = (item: BookmakerOutcome): Odds => ladderOdds(item.coefficient) ?? DEFAULT_ODDS;

/**
 * An event's settings as the forms edit them: its start as date and time, the payout as typed
 * digits, the return price in hundredths, the equalizer and the racing rules. The new-event form
 * (a copy) and the draft screen both start from these.
 */
export const settingsOf = (event: BookmakerEvent) => ({
  ...fieldsOf(event.startDate),
  maxTotalPayout: String(Math.max(1, Math.round(event.maxTotalPayout))),
  returnPct: Math.round(event.returnPrice * 100),
  botEqualizer: event.botEqualizer,
  rule4: event.rule4,
  deadHeat: event.deadHeat,
  sp: event.sp,
  bog: event.bog,
  eachWay: eachWaySet(event.eachWay),
});

/** A copy of an event, for a re-run: same fields and the bookmaker's own odds. */
export function formFromEvent(event: BookmakerEvent): EventForm {
  const { sport, country } = splitTitle(event.title);
  return {
    sport: sport || DEFAULT_SPORT,
    country: country || DEFAULT_COUNTRY,
    description: event.description,
    ...settingsOf(event),
    outcomes: event.items.map((i) => newRow(i.title, oddsOf(i))),
  };
}

export type FormErrors = Partial<Record<"description" | "date" | "time" | "maxTotalPayout" | "outcomes", string>> & {
  /** Per outcome row key. */
  rows?: Record<number, string>;
};

export const payoutError = (text: string) =>
  /^\d+$/.test(text) && Number(text) > 0 ? null : commonText(PAYOUT_MESSAGE);

const named = (rows: OutcomeRow[]) => rows.filter((r) => r.title.trim());

export function validateForm(form: EventForm, now = Date.now()): FormErrors {
  const errors: FormErrors = {};
  // common/'s rules word their problems in English; the form says them in the reader's language.
  const put = <K extends keyof FormErrors>(key: K, value: FormErrors[K] | null) => {
    if (value) errors[key] = (typeof value === "string" ? commonText(value) : value) as FormErrors[K];
  };
  put("description", descriptionError(form.description));
  put("date", dateError(form.date, form.time, now));
  put("time", timeError(form.time));
  put("maxTotalPayout", payoutError(form.maxTotalPayout));
  const rows: Record<number, string> = {};
  const seen = new Set<string>();
  for (const row of named(form.outcomes)) {
    const key = row.title.trim().toLowerCase();
    const problem = commonText(outcomeTitleError(row.title) ?? (seen.has(key) ? DISTINCT_OUTCOMES_MESSAGE : null));
    if (problem) rows[row.key] = problem;
    seen.add(key);
  }
  if (Object.keys(rows).length) errors.rows = rows;
  if (named(form.outcomes).length < OUTCOMES_MIN) errors.outcomes = commonText(OUTCOMES_MIN_MESSAGE);
  return errors;
}

export const hasErrors = (errors: FormErrors) => Object.keys(errors).length > 0;

/** POST /drafts's body for a valid form. */
export function draftBody(form: EventForm, bookmakerId: Id) {
  const start = startAt(form.date, form.time)!;
  return {
    title: `${form.sport} / ${form.country}`,
    description: form.description.trim(),
    startDate: start.toISOString(),
    endDate: endAfter(start).toISOString(),
    bookmakerId,
    maxTotalPayout: Number(form.maxTotalPayout),
    items: named(form.outcomes).map((r) => ({ title: r.title.trim(), coefficient: decimalText(r.odds) })),
    returnPrice: form.returnPct / 100,
    botEqualizer: form.botEqualizer,
    ...rulesOf(form),
    eachWay: eachWayOf(form),
  };
}
