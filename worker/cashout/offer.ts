import { multipleCashOutCents, pendingFactor, singleCashOutCents, type OpenSelection } from "../../common/cashout";
import { linesOf, LOST_FACTOR, VOID_FACTOR, wonFactor, type Factor, type MultipleKind } from "../../common/multiples";
import { decimalText, type Odds } from "../../common/odds";
import { fromCents } from "../lib/money";
import { en, words } from "../lib/words";

// Whether a bet or multiple may be cashed out now, and for what (docs/rules/cash-out.md "Cash out"): one rule
// for the offer a punter reads (routes.ts, from D1) and for the cash-out itself (the event's
// room for a single, the guarded batch for a multiple), so what he is shown is what he gets.

/** The book's setting: offered or not, and its margin in hundredths (5 is 0.05). */
export interface CashOutSetting {
  enabled: boolean;
  marginPct: number;
}

/** An open selection's event and outcome as they stand now. */
export interface Selection {
  eventStatus: string;
  startDate: string;
  outcomeStatus: string;
  /**
   * The bookmaker's own price now: a cash-out is priced from it, never from the equalizer's,
   * which bets move (docs/decisions/events.md, "Cash out: the book's own prices").
   */
  price: Odds;
}

/** One row of a single (an each-way bet has a WIN and a PLACE row). */
export interface BetPart {
  id: number;
  part: "WIN" | "PLACE";
  status: string;
  stakeCents: number;
  odds: Odds;
  /** The bookmaker's own price when the bet was struck: the most its cash-out counts it at. */
  bookThen: Odds;
  /** Struck at SP: its price is the bookmaker's now. */
  atSp: boolean;
  /** Rule 4 already known, pence in the pound (an SP bet's: the late withdrawals' alone). */
  deduction: number;
  placeFraction: number;
  /** A PLACE row's places (null on a WIN row). */
  placePlaces: number | null;
  createdAt: string;
}

/** What a cash-out offers: its value, and the price it was worked out at (a single's outcome). */
export type Offer =
  { ok: true; valueCents: number; coefficientNow: number | null } | { ok: false; reason: Unavailable };

/** Why there is no offer: `reason` in an answer (a key the app may act on), with its words as the message. */
export const UNAVAILABLE = {
  OFF: en("Cash out is off for this book"),
  STARTED: en("The event has started"),
  SUSPENDED: en("A selection is suspended"),
  SETTLED: en("This bet is settled"),
  TOO_SMALL: en("The cash-out value is under 0.01"),
} as const;
export type Unavailable = keyof typeof UNAVAILABLE;

const refused = (reason: Unavailable): Offer => ({ ok: false, reason });

/** Another value than the punter was shown (CASH_OUT_CHANGED): the words he reads, and the value now. */
export const changedValue = (valueCents: number) => ({
  words: words("The cash-out value changed to {value}.", { value: (valueCents / 100).toFixed(2) }),
  value: fromCents(valueCents),
});

/** Why an open selection takes no cash-out now (the rule bets follow: bets/may-bet.ts), or null. */
function selectionRefusal(s: Selection, now: number): Unavailable | null {
  if (Date.parse(s.startDate) <= now) return "STARTED";
  if (s.eventStatus !== "READY_FOR_BETS" || s.outcomeStatus !== "ACTIVE") return "SUSPENDED";
  return null;
}

/**
 * The value, which is under the bet's potential payout by construction (a price now above 1 and
 * a margin of 0 or more); under a cent there is nothing to offer.
 */
const worth = (valueCents: number, coefficientNow: number | null): Offer =>
  valueCents < 1 ? refused("TOO_SMALL") : { ok: true, valueCents, coefficientNow };

/**
 * What a selection counts as struck at: an SP bet at the bookmaker's price now (the price it
 * follows until the result, whatever an earlier read of its row said); any other at its price,
 * capped at his price of that moment. Rule 4 known comes off either (an SP bet's row holds the
 * late withdrawals' alone, the ones its SP takes).
 */
const struckAs = (p: { odds: Odds; bookThen: Odds; atSp: boolean; deduction: number }, price: Odds) =>
  ({
    struck: p.atSp ? price : p.odds,
    bookThen: p.atSp ? undefined : p.bookThen,
    deduction: p.deduction,
  }) satisfies Omit<OpenSelection, "now">;

/** A single (both rows of an each-way bet), on its outcome as it stands now. */
export function singleOffer(setting: CashOutSetting, parts: BetPart[], selection: Selection, now: number): Offer {
  if (!setting.enabled) return refused("OFF");
  if (parts.some((p) => p.status !== "ACCEPTED")) return refused("SETTLED");
  const closed = selectionRefusal(selection, now);
  if (closed) return refused(closed);
  const win = parts.find((p) => p.part === "WIN")!;
  const place = parts.find((p) => p.part === "PLACE");
  const value = singleCashOutCents(
    {
      stakeCents: win.stakeCents,
      ...struckAs(win, selection.price),
      now: selection.price,
      placeFraction: place?.placeFraction,
    },
    setting.marginPct,
  );
  return worth(value, decimalText(selection.price));
}

/** A leg of a multiple as it stands: settled (its result and factor's parts) or open on its selection now. */
export interface Leg {
  result: "PENDING" | "WON" | "LOST" | "VOID";
  odds: Odds;
  /** As a single's (BetPart). */
  bookThen: Odds;
  atSp: boolean;
  deduction: number;
  deadHeat: number;
  selection: Selection;
}

/** A multiple over its legs: won legs at their settled factor, void 1, lost 0, open ones struck over now. */
export function multipleOffer(
  setting: CashOutSetting,
  m: { status: string; kind: MultipleKind; amountCents: number },
  legs: Leg[],
  now: number,
): Offer {
  if (!setting.enabled) return refused("OFF");
  if (m.status !== "ACCEPTED") return refused("SETTLED");
  const factors: Factor[] = [];
  for (const leg of legs) {
    if (leg.result === "PENDING") {
      const closed = selectionRefusal(leg.selection, now);
      if (closed) return refused(closed);
      factors.push(pendingFactor({ ...struckAs(leg, leg.selection.price), now: leg.selection.price }));
    } else
      factors.push(
        leg.result === "WON"
          ? wonFactor(leg.odds, leg.deduction, leg.deadHeat)
          : leg.result === "LOST"
            ? LOST_FACTOR
            : VOID_FACTOR,
      );
  }
  const value = multipleCashOutCents(m.amountCents, linesOf(m.kind, legs.length), factors, setting.marginPct);
  return worth(value, null);
}
