import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FRACTION_MAX, PLACES_MAX } from "../../common/each-way";
import { DESCRIPTION_MAX, descriptionError, OUTCOME_TITLE_MAX, outcomeTitleError } from "../../common/event-form";
import { LANGUAGES } from "../../common/languages";
import { kindName, legsWanted, LEGS_MAX, LEGS_MIN, MULTIPLE_KINDS } from "../../common/multiples";
import { NAME_LENGTH_MESSAGE, NAME_MAX, NAME_MIN, TERMS_LENGTH_MESSAGE, TERMS_MAX } from "../../common/profile";
import { EACH_WAY_MESSAGE } from "../events/schemas";
import { MAX_DAYS, PeriodQuery } from "../figures/period";
import { DAYS_MESSAGE } from "../figures/routes";
import { LANGUAGES_MESSAGE } from "../identity/routes";
import { LEGS_WANTED, MultipleBody } from "../multiples/schemas";
import { say } from "./words";

// A marked text is a literal (lib/words.ts), so a message that names a constant writes it out:
// these hold each such message to the constant it names, in the English the caller reads.
const english = (text: string) => say("en", { text });
const firstIssue = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).issues?.[0].message;

describe("messages that write out a constant", () => {
  it("name the event form's and the profile's limits", () => {
    expect(descriptionError("x".repeat(DESCRIPTION_MAX + 1))).toBe(`Maximum ${DESCRIPTION_MAX} characters.`);
    expect(outcomeTitleError("x".repeat(OUTCOME_TITLE_MAX + 1))).toBe(`Maximum ${OUTCOME_TITLE_MAX} characters.`);
    expect(NAME_LENGTH_MESSAGE).toBe(`Name must be ${NAME_MIN} to ${NAME_MAX} characters long`);
    expect(TERMS_LENGTH_MESSAGE).toBe(`Maximum ${TERMS_MAX} characters.`);
  });

  it("name the each-way terms, the languages and the periods", () => {
    expect(english(EACH_WAY_MESSAGE)).toBe(
      `Must be null, "standard" or {places: 1–${PLACES_MAX}, fraction: 1–${FRACTION_MAX}}.`,
    );
    expect(LANGUAGES_MESSAGE).toBe(`Must be one of ${LANGUAGES.join(", ")}, or null.`);
    expect(DAYS_MESSAGE).toBe(`Must be 1 to ${MAX_DAYS}.`);
    expect(firstIssue(PeriodQuery, { from: "2030-01-01", to: "2031-06-01" })).toBe(`At most ${MAX_DAYS} days.`);
  });

  it("name the multiples' kinds and legs", () => {
    const leg = (eventId: number) => ({ eventId, eventItemId: 1, coefficient: 2 });
    const body = (kind: string, legs: number) => ({
      bookmakerId: 1,
      kind,
      legs: Array.from({ length: legs }, (_, i) => leg(i + 1)),
      amount: 1,
    });
    expect(firstIssue(MultipleBody, body("SINGLE", 2))).toBe(`Must be one of ${MULTIPLE_KINDS.join(", ")}.`);
    expect(firstIssue(MultipleBody, body("DOUBLE", LEGS_MIN - 1))).toBe(`At least ${LEGS_MIN} legs.`);
    expect(firstIssue(MultipleBody, body("ACCUMULATOR", LEGS_MAX + 1))).toBe(`At most ${LEGS_MAX} legs.`);
    for (const kind of MULTIPLE_KINDS) {
      expect(LEGS_WANTED[kind]).toBe(`${kindName(kind)} takes ${legsWanted(kind)} legs.`);
      const wrong = legsWanted(kind) === "2" ? 3 : 2;
      expect(firstIssue(MultipleBody, body(kind, wrong))).toBe(LEGS_WANTED[kind]);
    }
  });
});
