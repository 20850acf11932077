import { termsInForce, type EachWay } from "@common/each-way";
import { ladderOdds, type Odds } from "@common/odds";
import type { BookmakerEvent, BookmakerOutcome, Id } from "@worker/contract";
import { oddsOf, payoutError, settingsOf } from "../form";
import { dateError, timeError } from "../when";

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
  sp: boolean;
  bog: boolean;
  eachWay: EachWay;
  odds: Record<Id, Odds>;
  nr: Record<Id, boolean>;
  /** Finishing places: 0 unplaced, 1 the winner, up to the paying places with each-way terms. */
  place: Record<Id, number>;
  /** Starting prices entered for the result (with SP or BOG); a runner without one starts at its price now. */
  startingPrices: Record<Id, Odds>;
}

export function editOf(event: BookmakerEvent): DraftEdit {
  return {
    ...settingsOf(event),
    odds: Object.fromEntries(event.items.map((i) => [i.id, oddsOf(i)])),
    nr: {},
    place: {},
    startingPrices: {},
  };
}

/** A runner's SP unless the bookmaker enters another: the last price it was offered (always a rung). */
export const startingPriceNow = (item: BookmakerOutcome): Odds => ladderOdds(item.currCoefficient)!;

/** After Calc: the server's new odds, NR marks cleared, the rest kept. */
export const afterCalc = (edit: DraftEdit, event: BookmakerEvent): DraftEdit => ({
  ...edit,
  odds: editOf(event).odds,
  nr: {},
});

/** The outcomes still running: the ones Calc, End Event and Save act on. */
export const activeOutcomes = (event: BookmakerEvent): BookmakerOutcome[] =>
  event.items.filter((i) => i.status === "ACTIVE");

/** The places the PLACE column offers: the paying places of the terms on screen, else the winner alone. */
export const placesOffered = (event: BookmakerEvent, edit: DraftEdit): number =>
  termsInForce(edit.eachWay, activeOutcomes(event).length)?.places ?? 1;

/** The running outcomes with a place, as End Event sends them; a place past the paying ones is dropped. */
export const placingsOf = (event: BookmakerEvent, edit: DraftEdit): { itemId: Id; place: number }[] => {
  const offered = placesOffered(event, edit);
  return activeOutcomes(event)
    .map((i) => ({ itemId: i.id, place: edit.place[i.id] ?? 0 }))
    .filter((p) => p.place >= 1 && p.place <= offered);
};

/** Whether the draft's each-way terms differ from the event's (only changed terms are sent). */
export const eachWayChanged = (event: BookmakerEvent, edit: DraftEdit) =>
  JSON.stringify(edit.eachWay) !== JSON.stringify(settingsOf(event).eachWay);

/** What stops a Save, by field; null where the field is fine. */
export function editProblems(edit: DraftEdit) {
  return {
    date: dateError(edit.date, edit.time),
    time: timeError(edit.time),
    payout: payoutError(edit.maxTotalPayout),
  };
}

export type EditProblems = ReturnType<typeof editProblems>;
