import type { EachWay } from "../../common/each-way";
import type { Odds } from "../../common/odds";
import type { EventStatus, OutcomeStatus as ItemStatus } from "../contract";

// What an EventRoom holds in memory, loaded from D1 and written through to it.

export type { EventStatus, OutcomeStatus as ItemStatus } from "../contract";

/**
 * Open statuses: the bookmaker may still edit, withdraw runners and settle, and the outcomes'
 * totals are live liability. The one list; SQL reads it as OPEN_SQL.
 */
export const OPEN: readonly EventStatus[] = ["CREATED", "READY_FOR_BETS", "WAITING_FOR_RESULT", "SUSPENDED"];
export const isOpenStatus = (status: string) => (OPEN as readonly string[]).includes(status);
/** `status IN ${OPEN_SQL}`: the list above as a SQL tuple. */
export const OPEN_SQL = `(${OPEN.map((s) => `'${s}'`).join(", ")})`;

export interface EventState {
  id: number;
  bookmakerId: number;
  ownerId: number;
  title: string;
  description: string;
  status: EventStatus;
  startDate: string;
  endDate: string;
  /** Earlier starts, most recent first: startDate2 … startDate5. */
  earlierStarts: (string | null)[];
  maxPayoutCents: number;
  returnPct: number;
  botEqualizer: boolean;
  /** Tattersalls Rule 4 for late non-runners; the dead-heat rule for shared first places. */
  rule4: boolean;
  deadHeat: boolean;
  /** Each-way terms: none, standard (by the runners at settlement), or as set. */
  eachWay: EachWay;
  /** SP bets taken; best odds guaranteed (bets struck at a price paid at the SP when it returns more). */
  sp: boolean;
  bog: boolean;
  publishedAt: string | null;
  settledAt: string | null;
}

export interface OutcomeState {
  id: number;
  position: number;
  title: string;
  /** The bookmaker's odds. */
  odds: Odds;
  /** The odds bets are taken at now (the equalizer's, or the bookmaker's). */
  curr: Odds;
  status: ItemStatus;
  /** Stakes of accepted bets, in cents. */
  stakeCents: number;
  /** What accepted bets would pay if this outcome won, in cents (each-way pairs whole). */
  liabilityCents: number;
  /** What the place parts of accepted bets would pay if this outcome were placed but did not win. */
  placeLiabilityCents: number;
  /** A non-runner's Rule 4 deduction (pence) and when it was withdrawn. */
  deduction: number;
  withdrawnAt: string | null;
}

export interface EventRow {
  id: number;
  bookmaker_id: number;
  owner_id: number;
  title: string;
  description: string;
  status: EventStatus;
  start_date: string;
  end_date: string;
  start_date2: string | null;
  start_date3: string | null;
  start_date4: string | null;
  start_date5: string | null;
  max_total_payout_cents: number;
  return_pct: number;
  bot_equalizer: number;
  published_at: string | null;
  settled_at: string | null;
  version: number;
  rule4: number;
  dead_heat: number;
  each_way: "OFF" | "STANDARD" | "SET";
  each_way_places: number | null;
  each_way_fraction: number | null;
  sp: number;
  bog: number;
}

export interface OutcomeRow {
  id: number;
  event_id: number;
  position: number;
  title: string;
  odds_num: number;
  odds_den: number;
  curr_num: number;
  curr_den: number;
  status: ItemStatus;
  deduction: number;
  withdrawn_at: string | null;
  /** Stakes and would-be payout of the outcome's live and settled bets, kept by the room. */
  stake_cents: number;
  liability_cents: number;
  place: number | null;
  place_liability_cents: number;
  /** Its starting price, set by the result on an event with SP or BOG. */
  sp_num: number | null;
  sp_den: number | null;
}

export const EVENT_COLUMNS = `e.id, e.bookmaker_id, b.owner_id, e.title, e.description, e.status, e.start_date, e.end_date,
  e.start_date2, e.start_date3, e.start_date4, e.start_date5, e.max_total_payout_cents, e.return_pct, e.bot_equalizer,
  e.published_at, e.settled_at, e.version, e.rule4, e.dead_heat, e.each_way, e.each_way_places, e.each_way_fraction, e.sp, e.bog`;

export const toEventState = (r: EventRow): EventState => ({
  id: r.id,
  bookmakerId: r.bookmaker_id,
  ownerId: r.owner_id,
  title: r.title,
  description: r.description,
  status: r.status,
  startDate: r.start_date,
  endDate: r.end_date,
  earlierStarts: [r.start_date2, r.start_date3, r.start_date4, r.start_date5],
  maxPayoutCents: r.max_total_payout_cents,
  returnPct: r.return_pct,
  botEqualizer: r.bot_equalizer === 1,
  rule4: r.rule4 === 1,
  deadHeat: r.dead_heat === 1,
  eachWay: eachWayOf(r),
  sp: r.sp === 1,
  bog: r.bog === 1,
  publishedAt: r.published_at,
  settledAt: r.settled_at,
});

/** An event row's each-way terms. */
export function eachWayOf(r: Pick<EventRow, "each_way" | "each_way_places" | "each_way_fraction">): EachWay {
  if (r.each_way === "STANDARD") return "standard";
  if (r.each_way === "SET" && r.each_way_places && r.each_way_fraction)
    return { places: r.each_way_places, fraction: r.each_way_fraction };
  return null;
}

/** Each-way terms as an event row's columns. */
export const eachWayColumns = (terms: EachWay): [string, number | null, number | null] =>
  terms === null
    ? ["OFF", null, null]
    : terms === "standard"
      ? ["STANDARD", null, null]
      : ["SET", terms.places, terms.fraction];

/** An outcome as the room holds it, with the live stakes and liability summed from its bets. */
export const toOutcomeState = (
  i: OutcomeRow,
  sums?: { stake: number; liability: number; place_liability: number },
): OutcomeState => ({
  id: i.id,
  position: i.position,
  title: i.title,
  odds: { num: i.odds_num, den: i.odds_den },
  curr: { num: i.curr_num, den: i.curr_den },
  status: i.status,
  stakeCents: sums?.stake ?? 0,
  liabilityCents: sums?.liability ?? 0,
  placeLiabilityCents: sums?.place_liability ?? 0,
  deduction: i.deduction,
  withdrawnAt: i.withdrawn_at,
});
