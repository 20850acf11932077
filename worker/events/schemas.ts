import * as v from "valibot";
import {
  descriptionError,
  DISTINCT_OUTCOMES_MESSAGE,
  distinctTitles,
  OUTCOMES_MAX,
  OUTCOMES_MAX_MESSAGE,
  OUTCOMES_MIN,
  OUTCOMES_MIN_MESSAGE,
  outcomeTitleError,
  PAYOUT_MESSAGE,
} from "../../common/event-form";
import { ladderOdds, RETURN_CHOICES, type Odds } from "../../common/odds";
import { eachWayByDefault, FRACTION_MAX, PLACES_MAX, type EachWay } from "../../common/each-way";
import { racesByDefault } from "../../common/racing";
import { rfc3339Millis, rule } from "../lib/validate";
import { COUNTRIES, SPORTS } from "./catalog";
import { en } from "../lib/words";

// The event form's rules (docs/rules/screens.md, "The event form"), with its messages; the texts' checks are
// common/event-form.ts's, which the mini-app runs too.

/** "Sport / Country", both from the catalogue. */
export const EventTitle = v.pipe(
  v.string(en("Title must be text.")),
  v.check((t) => {
    const [sport, country, ...rest] = t.split(" / ");
    return (
      rest.length === 0 &&
      (SPORTS as readonly string[]).includes(sport) &&
      (COUNTRIES as readonly string[]).includes(country ?? "")
    );
  }, en("Title must be 'Sport / Country' from the lists.")),
);

// Texts are kept as they were checked: trimmed, in NFC.
export const Description = v.pipe(
  v.string(en("Description is required.")),
  v.trim(),
  v.normalize("NFC"),
  rule(descriptionError),
);

export const OutcomeTitle = v.pipe(
  v.string(en("Outcome name must be text.")),
  v.trim(),
  v.normalize("NFC"),
  rule(outcomeTitleError),
);

/** Decimal odds, which must be a rung of the ladder; turned into the rung. */
export const LadderOdds = v.pipe(
  v.number(en("Odds must be a number.")),
  v.transform((d) => ladderOdds(d)),
  v.check((o) => o !== undefined, en("Odds must be on the ladder.")),
  v.transform((o) => o!),
);

export const MaxTotalPayout = v.pipe(
  v.number(PAYOUT_MESSAGE),
  v.integer(PAYOUT_MESSAGE),
  v.minValue(1, PAYOUT_MESSAGE),
  v.transform((n) => n * 100),
  v.pipe(v.number(), v.maxValue(100_000_000_000, en("Too large."))),
);

/**
 * 0.01, or 0.50 to 0.95 by 0.01, exactly as sent (0.504 is refused, not rounded to 0.50);
 * turned into hundredths.
 */
export const ReturnPrice = v.pipe(
  v.number(en("Return for punters must be a number.")),
  v.check((n) => RETURN_CHOICES.some((pct) => pct / 100 === n), en("Return for punters must be 0.01 or 0.50 to 0.95.")),
  v.transform((n) => Math.round(n * 100)),
);

/**
 * An RFC 3339 date and time with "Z" or a "±HH:MM" offset (fractional seconds optional) that
 * names a real calendar date; turned into UTC `YYYY-MM-DDTHH:mm:ss.sssZ`, which sorts as text.
 */
export const IsoDate = v.pipe(
  v.string(en("Must be a date.")),
  v.check((s) => rfc3339Millis(s) !== "FORMAT", en("Must be an ISO 8601 date and time.")),
  v.check((s) => rfc3339Millis(s) !== "NO_SUCH_TIME", en("Must be a real date and time.")),
  v.transform((s) => new Date(rfc3339Millis(s) as number).toISOString()),
);

/** The outcomes of a draft: at least two, names distinct whatever their case. */
export const DraftItems = v.pipe(
  v.array(v.object({ title: OutcomeTitle, coefficient: LadderOdds }), en("Outcomes must be a list.")),
  v.minLength(OUTCOMES_MIN, OUTCOMES_MIN_MESSAGE),
  v.maxLength(OUTCOMES_MAX, OUTCOMES_MAX_MESSAGE),
  v.check((items) => distinctTitles(items.map((i) => i.title)), DISTINCT_OUTCOMES_MESSAGE),
);

const Flag = v.boolean(en("Must be true or false."));

/**
 * PLACES_MAX and FRACTION_MAX written out, as a marked text is a literal (lib/marked-texts.test.ts
 * holds it equal); its braces quoted, ICU's way.
 */
export const EACH_WAY_MESSAGE = en(`Must be null, "standard" or '{'places: 1–5, fraction: 1–10'}'.`);
const whole = (min: number, max: number) =>
  v.pipe(
    v.number(EACH_WAY_MESSAGE),
    v.integer(EACH_WAY_MESSAGE),
    v.minValue(min, EACH_WAY_MESSAGE),
    v.maxValue(max, EACH_WAY_MESSAGE),
  );

/** Each-way terms: null (none), "standard" (by the runners at settlement), or paying places and the fraction of the odds. */
export const EachWayTerms = v.union(
  [v.null(), v.literal("standard"), v.object({ places: whole(1, PLACES_MAX), fraction: whole(1, FRACTION_MAX) })],
  EACH_WAY_MESSAGE,
) as v.GenericSchema<unknown, EachWay>;

export const DraftBody = v.pipe(
  v.object({
    title: EventTitle,
    description: Description,
    startDate: IsoDate,
    endDate: IsoDate,
    bookmakerId: v.pipe(v.number(en("Must be a bookmaker id.")), v.safeInteger(en("Must be a bookmaker id."))),
    maxTotalPayout: MaxTotalPayout,
    items: DraftItems,
    returnPrice: v.optional(ReturnPrice, 0.5),
    botEqualizer: v.optional(v.boolean(en("Must be true or false.")), false),
    rule4: v.optional(Flag),
    deadHeat: v.optional(Flag),
    eachWay: v.optional(EachWayTerms),
    sp: v.optional(Flag),
    bog: v.optional(Flag),
  }),
  v.forward(
    v.check((d) => d.endDate >= d.startDate, en("The end must not be before the start.")),
    ["endDate"],
  ),
  v.transform((d) => ({
    ...d,
    rule4: d.rule4 ?? racesByDefault(d.title),
    deadHeat: d.deadHeat ?? racesByDefault(d.title),
    eachWay: d.eachWay === undefined ? eachWayByDefault(d.title) : d.eachWay,
    // SP bets are a racing shop's; best odds guaranteed is the bookmaker's offer to make.
    sp: d.sp ?? racesByDefault(d.title),
    bog: d.bog ?? false,
  })),
);
export type DraftInput = v.InferOutput<typeof DraftBody>;

export const DraftOutcomesBody = v.object({
  items: DraftItems,
  rule4: v.optional(Flag),
  deadHeat: v.optional(Flag),
  eachWay: v.optional(EachWayTerms),
  sp: v.optional(Flag),
  bog: v.optional(Flag),
});

export const OddsBody = v.object({
  items: v.optional(
    v.array(v.object({ id: v.pipe(v.number(), v.safeInteger()), coefficient: LadderOdds }), en("Must be a list.")),
    [],
  ),
  returnPrice: v.optional(ReturnPrice),
  maxTotalPayout: v.optional(MaxTotalPayout),
  botEqualizer: v.optional(v.boolean(en("Must be true or false."))),
  rule4: v.optional(Flag),
  deadHeat: v.optional(Flag),
  eachWay: v.optional(EachWayTerms),
  sp: v.optional(Flag),
  bog: v.optional(Flag),
});

export const DatesBody = v.pipe(
  v.object({ startDate: IsoDate, endDate: IsoDate }),
  v.forward(
    v.check((d) => d.endDate >= d.startDate, en("The end must not be before the start.")),
    ["endDate"],
  ),
);

/**
 * A draft's Save in one call: its new dates (both or neither), its odds and settings as
 * POST /events/{id}/coefficients takes them, and `live` (default true) to put it live again.
 */
export const SaveBody = v.pipe(
  v.object({
    ...OddsBody.entries,
    startDate: v.optional(IsoDate),
    endDate: v.optional(IsoDate),
    live: v.optional(v.boolean(en("Must be true or false.")), true),
  }),
  v.forward(
    v.check(
      (b) => (b.startDate === undefined) === (b.endDate === undefined),
      en("Send the start and the end together."),
    ),
    ["endDate"],
  ),
  v.forward(
    v.check((b) => b.startDate === undefined || b.endDate! >= b.startDate, en("The end must not be before the start.")),
    ["endDate"],
  ),
);

/**
 * A non-runner's optional body: the racing rules the draft screen shows, when the bookmaker
 * changed them, set in the withdrawal's own batch (no body: the event's rules stand).
 */
export const WithdrawBody = v.pipe(
  v.object({
    rule4: v.optional(Flag),
    deadHeat: v.optional(Flag),
    eachWay: v.optional(EachWayTerms),
    sp: v.optional(Flag),
    bog: v.optional(Flag),
  }),
  v.transform((b) => ({ rule4: b.rule4, deadHeat: b.deadHeat, eachWay: b.eachWay, sp: b.sp, bog: b.bog })),
);

const OutcomeId = v.pipe(v.number(en("Must be an outcome id.")), v.safeInteger(en("Must be an outcome id.")));

/** A runner's starting price: a rung of the ladder, as odds are sent. */
const StartingPrice = v.object({ itemId: OutcomeId, coefficient: LadderOdds });
export type StartingPriceInput = { itemId: number; odds: Odds };

/**
 * The result: `placings` (place 1 wins; ties share a place) and/or `winners` (each at place 1, as
 * callers before placings sent it), one list of placings, each outcome once.
 */
export const FinalizeBody = v.pipe(
  v.object({
    eventId: v.optional(v.unknown()),
    winners: v.optional(v.pipe(v.array(OutcomeId, en("Must be a list of outcome ids.")), v.maxLength(100))),
    placings: v.optional(
      v.pipe(
        v.array(
          v.object({
            itemId: OutcomeId,
            place: v.pipe(
              v.number(en("Must be a place from 1.")),
              v.safeInteger(en("Must be a place from 1.")),
              v.minValue(1, en("Must be a place from 1.")),
              v.maxValue(100, en("Must be a place from 1.")),
            ),
          }),
          en("Must be a list of '{'itemId, place'}'."),
        ),
        v.maxLength(100),
      ),
    ),
    /** The racing rules the result applies, when End Event changed them: set in the result's own batch. */
    rule4: v.optional(Flag),
    deadHeat: v.optional(Flag),
    eachWay: v.optional(EachWayTerms),
    /** The runners' starting prices (ladder rungs); a running outcome without one starts at its last price offered. */
    sp: v.optional(
      v.pipe(v.array(StartingPrice, en("Must be a list of '{'itemId, coefficient'}'.")), v.maxLength(100)),
    ),
  }),
  v.forward(
    v.check((b) => b.winners !== undefined || b.placings !== undefined, en("Send the winners or the placings.")),
    ["placings"],
  ),
  v.transform((b) => ({
    placings: [
      ...(b.winners ?? []).map((itemId) => ({ itemId, place: 1 })),
      ...(b.placings ?? []).filter((p) => !(b.winners ?? []).includes(p.itemId)),
    ],
    // A refusal names the field the caller sent.
    field: b.placings === undefined ? ("winners" as const) : ("placings" as const),
    rules: { rule4: b.rule4, deadHeat: b.deadHeat, eachWay: b.eachWay },
    sps: (b.sp ?? []).map((s) => ({ itemId: s.itemId, odds: s.coefficient })),
  })),
  v.forward(
    v.check(
      (b) => new Set(b.placings.map((p) => p.itemId)).size === b.placings.length,
      en("Each outcome may have one place."),
    ),
    ["placings"],
  ),
);
export type Placing = { itemId: number; place: number };
