import { msg, t } from "@lingui/core/macro";
import { weeksAround } from "@common/calendar";
import type { Figure } from "@worker/contract";
import type { MessageDescriptor } from "@/i18n/runtime";

// Periods are the device's own calendar dates: a bookmaker settles up by his local week.

export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export interface Period {
  from: string;
  to: string;
}

export const thisAndLastWeek = (now = Date.now()) => weeksAround(now, deviceTimeZone());

/** A period as a figures read sends it, in the device's time zone. */
export const periodQuery = (p: Period) => ({ from: p.from, to: p.to, tz: deviceTimeZone() });

/**
 * Who owes whom for a period's net, from the bookmaker's side: a punter who won is owed
 * ("you owe"), one who lost owes ("owes you").
 */
export const owesText = (net: number) => (net > 0 ? t`you owe` : net < 0 ? t`owes you` : t`square`);

/** The same for the punter reading his own figures. */
export const myOwesText = (net: number) => (net > 0 ? t`owed to you` : net < 0 ? t`you owe` : t`square`);

export const FIGURE_LINES: [keyof Figure, MessageDescriptor][] = [
  ["opening", msg`Opening`],
  ["added", msg`Added`],
  ["withdrawn", msg`Withdrawn`],
  ["staked", msg`Staked`],
  ["returned", msg`Returned`],
  ["net", msg`Net`],
  ["closing", msg`Closing`],
  ["openStakes", msg`Open stakes`],
];
