// The spec's date formats, in the phone's local time zone.

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

/** 'Mon DD, YYYY' ("Jan 05, 2026"), or 'Unknown'. */
export function shortDate(value: string | number | Date | null | undefined): string {
  const d = parse(value);
  return d ? `${MONTHS[d.getMonth()].slice(0, 3)} ${two(d.getDate())}, ${d.getFullYear()}` : "Unknown";
}

/** 'DD.MM.YYYY, HH:MM:SS', or 'Unknown Date / Time'. */
export function dateTime(value: string | number | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return "Unknown Date / Time";
  return `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()}, ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** 'D Month, YYYY' ("5 January, 2026"), or 'Unknown'. */
export function longDate(value: string | number | Date | null | undefined): string {
  const d = parse(value);
  return d ? `${d.getDate()} ${MONTHS[d.getMonth()]}, ${d.getFullYear()}` : "Unknown";
}

/**
 * A date the screen is still reading: 'Loading...' (the spec's loading state) until `loaded`,
 * then longDate's 'D Month, YYYY' or 'Unknown'. 'Unknown' is what the spec shows for a date
 * known to be missing, never for one on its way.
 */
export const longDateOnceLoaded = (loaded: boolean, value: string | null | undefined) =>
  loaded ? longDate(value) : "Loading...";
