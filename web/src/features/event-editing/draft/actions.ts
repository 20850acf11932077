import type { EachWay } from "@common/each-way";
import { decimalText, type Odds } from "@common/odds";
import type { BookmakerEvent, Id, RacingRules } from "@worker/contract";
import { call } from "@/api/call";
import { isSettled } from "../api";

/**
 * Calc: withdraws the NR-marked outcomes one at a time, in list order; the server recomputes
 * the others' odds after each. The racing rules as the screen shows them (when changed) go
 * with the first, set in its own batch: a withdrawal applies the event's rules, and they must be
 * the ones he sees. Stops when the event is abandoned (fewer than 2 runners left).
 */
export async function withdrawNonRunners(
  event: BookmakerEvent,
  itemIds: readonly Id[],
  rules: RacingRules & { eachWay?: EachWay },
): Promise<BookmakerEvent | null> {
  let latest: BookmakerEvent | null = null;
  for (const [n, itemId] of itemIds.entries()) {
    latest = await call("POST /events/:id/nr/:itemId", {
      params: { id: event.id, itemId },
      body: n === 0 ? changedRules(event, rules) : {},
    });
    if (isSettled(latest)) break;
  }
  return latest;
}

/** Rule 4, dead heat and each-way terms as the screen shows them, when they differ from the event's (none otherwise). */
function racingChange(event: BookmakerEvent, rules: RacingRules & { eachWay?: EachWay }) {
  if (event.rule4 === rules.rule4 && event.deadHeat === rules.deadHeat && rules.eachWay === undefined) return {};
  return {
    rule4: rules.rule4,
    deadHeat: rules.deadHeat,
    ...(rules.eachWay === undefined ? {} : { eachWay: rules.eachWay }),
  };
}

/** The racing rules as the screen shows them, SP and BOG with them, when they differ from the event's. */
function changedRules(event: BookmakerEvent, rules: RacingRules & { eachWay?: EachWay }) {
  const sp = event.sp === rules.sp && event.bog === rules.bog ? {} : { sp: rules.sp, bog: rules.bog };
  return { ...racingChange(event, rules), ...sp };
}

/**
 * End Event, one call: the racing rules as the screen shows them (when changed) set in the
 * result's own batch, then the outcomes at place 1 win, the others placed finish where the bookmaker put
 * them (each-way place parts); none placed means no winner and every bet is refunded.
 */
export const finalize = (
  event: BookmakerEvent,
  placings: { itemId: Id; place: number }[],
  rules: RacingRules & { eachWay?: EachWay },
  startingPrices: { itemId: Id; odds: Odds }[] = [],
) =>
  call("POST /events/:id/finalize", {
    params: { id: event.id },
    body: {
      eventId: event.id,
      placings,
      // SP and BOG are not the result's to change (its `sp` is the runners' starting prices): Save and Calc set them.
      ...racingChange(event, rules),
      ...(startingPrices.length === 0
        ? {}
        : { sp: startingPrices.map((s) => ({ itemId: s.itemId, coefficient: decimalText(s.odds) })) }),
    },
  });

export interface DraftChanges {
  /** New start and end, or null when the start is unchanged (a change shows punters the old start struck through). */
  dates: { startDate: string; endDate: string } | null;
  /** Odds by outcome; empty while the equalizer sets them. */
  odds: { id: Id; odds: Odds }[];
  returnPrice: number;
  maxTotalPayout: number;
  botEqualizer: boolean;
  rule4: boolean;
  deadHeat: boolean;
  sp: boolean;
  bog: boolean;
  /** Undefined when unchanged. */
  eachWay?: EachWay;
}

/** Save: dates, then odds, return and max payout, then live again; answers the event as the last call left it. */
export async function saveDraft(event: BookmakerEvent, changes: DraftChanges): Promise<BookmakerEvent> {
  // One call, one batch (POST /events/{id}/save): the dates, the odds and settings, and the event
  // live again, all of it or none, whatever the screen read of its status before.
  return call("POST /events/:id/save", {
    params: { id: event.id },
    body: {
      ...(changes.dates ?? {}),
      items: changes.odds.map((o) => ({ id: o.id, coefficient: decimalText(o.odds) })),
      returnPrice: changes.returnPrice,
      maxTotalPayout: changes.maxTotalPayout,
      botEqualizer: changes.botEqualizer,
      rule4: changes.rule4,
      deadHeat: changes.deadHeat,
      sp: changes.sp,
      bog: changes.bog,
      ...(changes.eachWay === undefined ? {} : { eachWay: changes.eachWay }),
    },
  });
}
