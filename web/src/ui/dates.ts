import { t } from "@lingui/core/macro";
import { i18n } from "@/i18n/runtime";

// The spec's date formats, in the phone's local time zone. English reads as the spec writes them;
// another language in its own way (Intl's), with the same parts: "05.01.2026, 07:08:09" in Russian,
// "5 de enero de 2026" in Spanish.

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

/** `d` in the active language, or null in English (which the spec words itself). */
function inLocale(d: Date, name: string, options: Intl.DateTimeFormatOptions): string | null {
  const locale = i18n.locale;
  if (locale === "en") return null;
  let format = formats.get(locale + name);
  if (!format) formats.set(locale + name, (format = new Intl.DateTimeFormat(locale, options)));
  return format.format(d);
}

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
 * A date the screen is still reading: 'Loading...' (the spec's loading state) until `loaded`,
 * then longDate's 'D Month, YYYY' or 'Unknown'. 'Unknown' is what the spec shows for a date
 * known to be missing, never for one on its way.
 */
export const longDateOnceLoaded = (loaded: boolean, value: string | null | undefined) =>
  loaded ? longDate(value) : t`Loading...`;
