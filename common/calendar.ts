// Calendar dates (`YYYY-MM-DD`) in an IANA time zone, turned into UTC instants. Figures are
// asked for by date in the bookmaker's own zone; the ledger keeps UTC instants. Used at run
// time by the worker and the web app, so both count weeks and days the same way.

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const DAY_MS = 86_400_000;

/** True for a real calendar date in `YYYY-MM-DD` form (no 30 February). */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/** True when the runtime knows the IANA zone (`Europe/London`, `UTC`). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same date). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The Monday of the week that holds `date`: weeks run Monday to Sunday. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall-clock time in `tz` at instant `ms`, as if it were UTC (milliseconds). */
function wallClock(ms: number, tz: string): number {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** The calendar date in `tz` at instant `ms`. */
export const dateIn = (ms: number, tz: string) => new Date(wallClock(ms, tz)).toISOString().slice(0, 10);

/**
 * The first instant of `date` in `tz`. Usually local midnight; where a clock change skips
 * midnight, the first moment that exists on that date. Offsets are taken half a day either
 * side, so a change on that very day gives both candidates.
 */
export function startOfDay(date: string, tz: string): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`);
  const candidates = [asUtc - 14 * 3_600_000, asUtc + 14 * 3_600_000]
    .map((probe) => asUtc - (wallClock(probe, tz) - Math.floor(probe / 1000) * 1000))
    .sort((a, b) => a - b);
  for (const instant of candidates) if (dateIn(instant, tz) >= date) return instant;
  return candidates[candidates.length - 1];
}

/** The UTC instants `[start, end)` of the dates `from`…`to` (inclusive) in `tz`, as ISO strings. */
export function periodBounds(from: string, to: string, tz: string): { start: string; end: string } {
  return {
    start: new Date(startOfDay(from, tz)).toISOString(),
    end: new Date(startOfDay(addDays(to, 1), tz)).toISOString(),
  };
}

/** This week (Monday to Sunday) and last week in `tz`, at instant `now`. */
export function weeksAround(now: number, tz: string) {
  const monday = mondayOf(dateIn(now, tz));
  return {
    thisWeek: { from: monday, to: addDays(monday, 6) },
    lastWeek: { from: addDays(monday, -7), to: addDays(monday, -1) },
  };
}
