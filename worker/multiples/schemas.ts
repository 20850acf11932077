import * as v from "valibot";
import { kindName, legsFit, legsWanted, LEGS_MAX, LEGS_MIN, MULTIPLE_KINDS } from "../../common/multiples";
import { PositiveCoins } from "../lib/money";

// POST /bets/multiple: what a punter sends, checked before any work. Whether each leg is still on
// offer at its odds is D1's to say, in the placement batch (placement.ts).

const Leg = v.object({
  eventId: v.pipe(v.number("Must be an event id."), v.safeInteger("Must be an event id.")),
  eventItemId: v.pipe(v.number("Must be an outcome id."), v.safeInteger("Must be an outcome id.")),
  coefficient: v.pipe(v.number("Odds must be a number."), v.finite("Odds must be a number.")),
});

export const MultipleBody = v.pipe(
  v.object({
    bookmakerId: v.pipe(v.number("Must be a bookmaker id."), v.safeInteger("Must be a bookmaker id.")),
    kind: v.picklist(MULTIPLE_KINDS, `Must be one of ${MULTIPLE_KINDS.join(", ")}.`),
    legs: v.pipe(
      v.array(Leg, "Must be a list of legs."),
      v.minLength(LEGS_MIN, `At least ${LEGS_MIN} legs.`),
      v.maxLength(LEGS_MAX, `At most ${LEGS_MAX} legs.`),
      v.check(
        (legs) => new Set(legs.map((l) => l.eventId)).size === legs.length,
        "Every leg must be on a different event.",
      ),
    ),
    /** The stake per line; `lines × amount` is debited once. */
    amount: PositiveCoins,
  }),
  v.forward(
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { kind, legs } = dataset.value;
      if (!legsFit(kind, legs.length)) addIssue({ message: `${kindName(kind)} takes ${legsWanted(kind)} legs.` });
    }),
    ["legs"],
  ),
);

export type MultipleInput = v.InferOutput<typeof MultipleBody>;
