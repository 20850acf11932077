import { DEFAULT_ODDS, DEFAULT_RETURN, decimalText, ladderOdds, type Odds } from "../../../../common/odds";
import { racesByDefault } from "../../../../common/racing";
import type { BookmakerEvent, Id } from "../../../../worker/contract";
import { OUTCOME_MAX } from "./paste";
import { dateError, endAfter, fieldsOf, startAt, timeError } from "./when";

// The new-event form (spec "createeventpage" and section 5 "New event").

export const DEFAULT_SPORT = "Horse Racing";
export const DEFAULT_COUNTRY = "United States";
export const DESCRIPTION_MAX = 100;
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
  /** Rule 4 and dead heat as the bookmaker set them; null follows the sport (on for racing). */
  rule4: boolean | null;
  deadHeat: boolean | null;
  outcomes: OutcomeRow[];
}

let nextKey = 1;
export const newRow = (title = "", odds: Odds = DEFAULT_ODDS): OutcomeRow => ({ key: nextKey++, title, odds });

export const emptyForm = (): EventForm => ({
  sport: DEFAULT_SPORT,
  country: DEFAULT_COUNTRY,
  description: "",
  date: "",
  time: "",
  maxTotalPayout: DEFAULT_MAX_PAYOUT,
  returnPct: DEFAULT_RETURN,
  botEqualizer: false,
  rule4: null,
  deadHeat: null,
  outcomes: [newRow(), newRow()],
});

/** The racing rules the form applies: the bookmaker's choice, else the sport's custom. */
export const rulesOf = (form: EventForm) => ({
  rule4: form.rule4 ?? racesByDefault(form.sport),
  deadHeat: form.deadHeat ?? racesByDefault(form.sport),
});

/** "Sport / Country" back into its parts (the title the API keeps). */
export function splitTitle(title: string): { sport: string; country: string } {
  const [sport = "", country = ""] = title.split(" / ");
  return { sport, country };
}

/** A copy of an event, for a re-run: same fields and the bookmaker's own odds. */
export function formFromEvent(event: BookmakerEvent): EventForm {
  const { sport, country } = splitTitle(event.title);
  return {
    sport: sport || DEFAULT_SPORT,
    country: country || DEFAULT_COUNTRY,
    description: event.description,
    ...fieldsOf(event.startDate),
    maxTotalPayout: String(Math.max(1, Math.round(event.maxTotalPayout))),
    returnPct: Math.round(event.returnPrice * 100),
    botEqualizer: event.botEqualizer,
    rule4: event.rule4,
    deadHeat: event.deadHeat,
    outcomes: event.items.map((i) => newRow(i.title, ladderOdds(i.coefficient) ?? DEFAULT_ODDS)),
  };
}

const ASCII = /^[\x20-\x7E]*$/;

export type FormErrors = Partial<Record<"description" | "date" | "time" | "maxTotalPayout" | "outcomes", string>> & {
  /** Per outcome row key. */
  rows?: Record<number, string>;
};

export function descriptionError(text: string): string | null {
  if (!text.trim()) return "Description is required.";
  if (!ASCII.test(text)) return "Description must contain only English (ASCII) characters.";
  if (text.trim().length > DESCRIPTION_MAX) return `Maximum ${DESCRIPTION_MAX} characters.`;
  return null;
}

export const payoutError = (text: string) => (/^\d+$/.test(text) && Number(text) > 0 ? null : "Enter a positive number.");

export function outcomeError(title: string): string | null {
  if (!ASCII.test(title)) return "Only English (ASCII) characters are allowed.";
  if (title.trim().length > OUTCOME_MAX) return `Maximum ${OUTCOME_MAX} characters.`;
  return null;
}

const named = (rows: OutcomeRow[]) => rows.filter((r) => r.title.trim());

export function validateForm(form: EventForm, now = Date.now()): FormErrors {
  const errors: FormErrors = {};
  const put = <K extends keyof FormErrors>(key: K, value: FormErrors[K] | null) => {
    if (value) errors[key] = value;
  };
  put("description", descriptionError(form.description));
  put("date", dateError(form.date, form.time, now));
  put("time", timeError(form.time));
  put("maxTotalPayout", payoutError(form.maxTotalPayout));
  const rows: Record<number, string> = {};
  const seen = new Set<string>();
  for (const row of named(form.outcomes)) {
    const key = row.title.trim().toLowerCase();
    const problem = outcomeError(row.title) ?? (seen.has(key) ? "Outcome names must differ." : null);
    if (problem) rows[row.key] = problem;
    seen.add(key);
  }
  if (Object.keys(rows).length) errors.rows = rows;
  if (named(form.outcomes).length < 2) errors.outcomes = "You need at least 2 participants.";
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
  };
}
