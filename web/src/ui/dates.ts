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
