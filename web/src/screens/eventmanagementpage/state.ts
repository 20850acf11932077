import type { Odds } from "../../../../common/odds";
import type { BookmakerEvent, EventItem, Id } from "../../../../worker/contract";
import { oddsOf, payoutError, settingsOf } from "../../bookmaker/events/form";
import { dateError, timeError } from "../../bookmaker/events/when";

/** What the bookmaker changes on the draft screen before Calc, End Event or Save. */
export interface DraftEdit {
  date: string;
  time: string;
  maxTotalPayout: string;
  returnPct: number;
  /** The equalizer sets the odds while on; off, the bookmaker sets them by hand. */
  botEqualizer: boolean;
  rule4: boolean;
  deadHeat: boolean;
  odds: Record<Id, Odds>;
  nr: Record<Id, boolean>;
  place: Record<Id, 0 | 1>;
}

export function editOf(event: BookmakerEvent): DraftEdit {
  return {
    ...settingsOf(event),
    odds: Object.fromEntries(event.items.map((i) => [i.id, oddsOf(i)])),
    nr: {},
    place: {},
  };
}

/** After Calc: the server's new odds, NR marks cleared, the rest kept. */
export const afterCalc = (edit: DraftEdit, event: BookmakerEvent): DraftEdit => ({
  ...edit,
  odds: editOf(event).odds,
  nr: {},
});

/** The outcomes still running: the ones Calc, End Event and Save act on. */
export const activeOutcomes = (event: BookmakerEvent): EventItem[] => event.items.filter((i) => i.status === "ACTIVE");

/** The outcomes at place 1: End Event settles them as winners. */
export const winnersOf = (event: BookmakerEvent, edit: DraftEdit): EventItem[] =>
  activeOutcomes(event).filter((i) => edit.place[i.id] === 1);

/** What stops a Save, by field; null where the field is fine. */
export function editProblems(edit: DraftEdit) {
  return {
    date: dateError(edit.date, edit.time),
    time: timeError(edit.time),
    payout: payoutError(edit.maxTotalPayout),
  };
}

export type EditProblems = ReturnType<typeof editProblems>;
