import { t } from "@lingui/core/macro";
import { i18n } from "@/i18n/runtime";
import { formatLocale } from "./locale";

// The spec's date formats, in the phone's local time zone. English reads as the spec writes them;
// another language in its own way (Intl's), with the same parts: "05.01.2026, 07:08:09" in Russian,
// "5 de enero de 2026" in Spanish; Arabic with Latin digits (docs/decisions/languages.md, "Numbers and dates
// by language"). Beyond the spec's forms: an event's start without seconds, and a period's range.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const two = (n: number) => String(n).padStart(2, "0");

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The active language's format `name`, made once. */
function formatOf(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale();
  let format = formats.get(locale + name);
  if (!format) formats.set(locale + name, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** `d` in the active language, or null in English (which the spec words itself). */
const inLocale = (d: Date, name: string, options: Intl.DateTimeFormatOptions): string | null =>
  i18n.locale === "en" ? null : formatOf(name, options).format(d);

/** 'Mon DD, YYYY' ("Jan 05, 2026"), or 'Unknown'. */
export function shortDate(value: string | number | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return t`Unknown`;
  return (
    inLocale(d, "short", { day: "2-digit", month: "short", year: "numeric" }) ??
    `${MONTHS[d.getMonth()].slice(0, 3)} ${two(d.getDate())}, ${d.getFullYear()}`
  );
}

/** 'DD.MM.YYYY, HH:MM:SS', or 'Unknown Date / Time'. */
export function dateTime(value: string | number | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return t`Unknown Date / Time`;
  return (
    inLocale(d, "time", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }) ??
    `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()}, ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
  );
}

/** 'D Month, YYYY' ("5 January, 2026"), or 'Unknown'. */
export function longDate(value: string | number | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return t`Unknown`;
  return (
    inLocale(d, "long", { day: "numeric", month: "long", year: "numeric" }) ??
    `${d.getDate()} ${MONTHS[d.getMonth()]}, ${d.getFullYear()}`
  );
}

/**
 * When an event starts, to the minute: 'DD.MM.YYYY, HH:MM' ("05.01.2026, 07:08"), another
 * language's date and time without seconds, or 'Unknown Date / Time'. The spec gives seconds to
 * the histories' times, when a bet was placed; a start is set to the minute.
 */
export function startTime(value: string | number | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return t`Unknown Date / Time`;
  return (
    inLocale(d, "start", { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }) ??
    `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()}, ${two(d.getHours())}:${two(d.getMinutes())}`
  );
}

/** A calendar date, "2026-11-23", as that day on the phone's calendar. */
function calendarDay(day: string): Date | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return parts ? new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) : null;
}

/**
 * A period of calendar dates ("2026-11-23" to "2026-11-29") in the language's own range:
 * "Nov 23 – 29, 2026", "23–29 нояб. 2026 г.", each part said once. As given when not dates.
 */
export function dateRange(from: string, to: string): string {
  const [start, end] = [calendarDay(from), calendarDay(to)];
  if (!start || !end || start > end) return `${from} – ${to}`;
  return formatOf("range", { day: "numeric", month: "short", year: "numeric" }).formatRange(start, end);
}

/** A calendar date ("2026-11-23") in the language's short form: "Nov 23, 2026", "23 нояб. 2026 г.". */
export function calendarDate(day: string): string {
  const d = calendarDay(day);
  return d ? formatOf("range", { day: "numeric", month: "short", year: "numeric" }).format(d) : day;
}

/**
 * A date the screen is still reading: 'Loading...' (the spec's loading state) until `loaded`,
 * then longDate's 'D Month, YYYY' or 'Unknown'. 'Unknown' is what the spec shows for a date
 * known to be missing, never for one on its way.
 */
export const longDateOnceLoaded = (loaded: boolean, value: string | null | undefined) =>
  loaded ? longDate(value) : t`Loading...`;
