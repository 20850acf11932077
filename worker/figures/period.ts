import * as v from "valibot";
import { daysBetween, isCalendarDate, isTimeZone, periodBounds, weeksAround } from "../../common/calendar";
import { en } from "../lib/words";

// A period of calendar dates in a time zone, as the figures, the ledger's CSV and the audit log
// take it in their query.

/** The longest period one call covers: a year, leap day included. */
export const MAX_DAYS = 366;
// Its messages ("At most 366 days.", "Must be 1 to 366.") write it out, as a marked text is a
// literal (lib/marked-texts.test.ts holds them equal).

const DateText = v.pipe(
  v.string(en("Must be a date YYYY-MM-DD.")),
  v.check((d) => isCalendarDate(d) && d >= "1970-01-01" && d < "9999-01-01", en("Must be a date YYYY-MM-DD.")),
);
export const TimeZone = v.optional(
  v.pipe(
    v.string(en("Must be an IANA time zone.")),
    v.maxLength(64, en("Unknown time zone.")),
    v.check(isTimeZone, en("Unknown time zone.")),
  ),
  "UTC",
);

/** `from` and `to` together (a period of dates in `tz`), or neither for this week. */
export const PeriodQuery = v.pipe(
  v.object({ from: v.optional(DateText), to: v.optional(DateText), tz: TimeZone }),
  v.forward(
    v.check((q) => q.from !== undefined || q.to === undefined, en("Give from with to.")),
    ["from"],
  ),
  v.forward(
    v.check((q) => q.to !== undefined || q.from === undefined, en("Give to with from.")),
    ["to"],
  ),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, en("Must not be before from.")),
    ["to"],
  ),
  v.forward(
    v.check((q) => !q.from || !q.to || daysBetween(q.from, q.to) < MAX_DAYS, en("At most 366 days.")),
    ["to"],
  ),
);
export type PeriodInput = v.InferOutput<typeof PeriodQuery>;

/** The dates asked for, or this week (Monday to Sunday) in the zone, with their UTC instants. */
export function resolvePeriod(q: PeriodInput) {
  const week = weeksAround(Date.now(), q.tz).thisWeek;
  const from = q.from ?? week.from;
  const to = q.to ?? week.to;
  return { from, to, tz: q.tz, ...periodBounds(from, to, q.tz) };
}
