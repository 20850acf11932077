import * as v from "valibot";
import { legsFit, LEGS_MAX, LEGS_MIN, MULTIPLE_KINDS, type MultipleKind } from "../../common/multiples";
import { PositiveCoins } from "../lib/money";
import { en } from "../lib/words";

// POST /bets/multiple: what a punter sends, checked before any work. Whether each leg is still on
// offer at its odds is D1's to say, in the placement batch (placement.ts).

// A schema's message is a plain text, so the constants it names are written out (a marked text is
// a literal): MULTIPLE_KINDS, LEGS_MIN and LEGS_MAX below, and each kind's legs (common/multiples.ts,
// kindName and legsWanted): lib/marked-texts.test.ts holds them equal.

/** `${kindName(kind)} takes ${legsWanted(kind)} legs.` for each kind. */
export const LEGS_WANTED: Record<MultipleKind, string> = {
  DOUBLE: en("A double takes 2 legs."),
  TREBLE: en("A treble takes 3 legs."),
  ACCUMULATOR: en("An accumulator takes 4 to 8 legs."),
  TRIXIE: en("A Trixie takes 3 legs."),
  PATENT: en("A Patent takes 3 legs."),
  YANKEE: en("A Yankee takes 4 legs."),
  LUCKY15: en("A Lucky 15 takes 4 legs."),
};

const ODDS_OR_SP = en(`Odds must be a number, or "SP".`);

/** A leg at the odds shown, or at the runner's starting price (`coefficient: "SP"`). */
const Leg = v.object({
  eventId: v.pipe(v.number(en("Must be an event id.")), v.safeInteger(en("Must be an event id."))),
  eventItemId: v.pipe(v.number(en("Must be an outcome id.")), v.safeInteger(en("Must be an outcome id."))),
  coefficient: v.union([v.pipe(v.number(), v.finite()), v.literal("SP")], ODDS_OR_SP),
});

export const MultipleBody = v.pipe(
  v.object({
    bookmakerId: v.pipe(v.number(en("Must be a bookmaker id.")), v.safeInteger(en("Must be a bookmaker id."))),
    kind: v.picklist(
      MULTIPLE_KINDS,
      en("Must be one of DOUBLE, TREBLE, ACCUMULATOR, TRIXIE, PATENT, YANKEE, LUCKY15."),
    ),
    legs: v.pipe(
      v.array(Leg, en("Must be a list of legs.")),
      v.minLength(LEGS_MIN, en("At least 2 legs.")),
      v.maxLength(LEGS_MAX, en("At most 8 legs.")),
      v.check(
        (legs) => new Set(legs.map((l) => l.eventId)).size === legs.length,
        en("Every leg must be on a different event."),
      ),
    ),
    /** The stake per line; `lines × amount` is debited once. */
    amount: PositiveCoins,
  }),
  v.forward(
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { kind, legs } = dataset.value;
      if (!legsFit(kind, legs.length)) addIssue({ message: LEGS_WANTED[kind] });
    }),
    ["legs"],
  ),
);

export type MultipleInput = v.InferOutput<typeof MultipleBody>;
