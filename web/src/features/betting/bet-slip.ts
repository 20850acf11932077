import { kindsFor, linesOf, returnCents, wonFactor, type MultipleKind } from "@common/multiples";
import { ladderOdds } from "@common/odds";
import { typedCents } from "@/ui/typed-cents";
import type { PlayerEvent } from "@worker/contract";
import type { SlipLeg } from "@/store/slip";
import { isOpenForBets } from "./player-events";

// The slip as the punter sees it: its selections against the live event list, and what the kind
// and stake per line come to. The line counts and the return are common/multiples.ts's own.

export interface ShownLeg extends SlipLeg {
  /** The odds now (what Place sends), from the event list once it is in. */
  odds: number;
  /** The fractional odds now, when the bookmaker holds them. */
  fractional: string | null;
  /** The odds when added, when they have moved since. */
  was: number | null;
  /** Its event still takes bets and the outcome is still running. */
  open: boolean;
  /** Its event takes SP bets: the leg may be at SP. */
  sp: boolean;
}

export function shownLegs(legs: readonly SlipLeg[], events: readonly PlayerEvent[] | undefined, now = Date.now()) {
  return legs.map((leg): ShownLeg => {
    if (!events) return { ...leg, odds: leg.coefficient, fractional: null, was: null, open: true, sp: false };
    const event = events.find((e) => e.eventId === leg.eventId);
    const item = event?.items.find((i) => i.id === leg.eventItemId);
    const odds = item?.coefficient ?? leg.coefficient;
    return {
      ...leg,
      odds,
      fractional: item?.fractalCoefficient ?? null,
      was: odds !== leg.coefficient ? leg.coefficient : null,
      open: Boolean(event && item && isOpenForBets(event, now) && item.status === "ACTIVE"),
      sp: event?.sp === true,
    };
  });
}

/** The stake per line in cents: what was typed, cut to the cent; null unless it is more than 0. */
export function unitCents(typed: string): number | null {
  const cents = typedCents(typed);
  return cents !== null && cents > 0 ? cents : null;
}

/** A leg's factor should it win at `decimal` odds: the ladder's fraction (a price off the ladder, never sent by the API, by its thousandths). */
function legFactor(decimal: number) {
  return wonFactor(ladderOdds(decimal) ?? { num: Math.round(decimal * 1000) - 1000, den: 1000 });
}

export interface SlipFigures {
  /** The kinds these many legs can be placed as. */
  kinds: MultipleKind[];
  /** The kind in force: the one picked if the legs still allow it, else the first allowed. */
  kind: MultipleKind | null;
  lines: number;
  unitCents: number | null;
  totalCents: number;
  /** Every line winning at the odds shown. */
  returnCents: number;
}

export function slipFigures(picked: MultipleKind | null, odds: readonly number[], unit: string): SlipFigures {
  const kinds = kindsFor(odds.length);
  const kind = picked && kinds.includes(picked) ? picked : (kinds[0] ?? null);
  const lines = kind ? linesOf(kind, odds.length) : [];
  const cents = unitCents(unit);
  return {
    kinds,
    kind,
    lines: lines.length,
    unitCents: cents,
    totalCents: cents === null ? 0 : lines.length * cents,
    returnCents: cents === null ? 0 : returnCents(cents, lines, odds.map(legFactor)),
  };
}

/** The leg a refusal names (`error.field` "legs.1"), if it names one. */
export function refusedLeg(field: string | undefined): number | null {
  const match = /^legs\.(\d+)/.exec(field ?? "");
  return match ? Number(match[1]) : null;
}
