import { describe, expect, it } from "vitest";
import { placingsProblem, placingsWords, termsText } from "@common/each-way";
import * as eventForm from "@common/event-form";
import * as profile from "@common/profile";
import * as refusals from "@common/refusals";
import * as text from "@common/text";
import { STATUS_WORDS, type EventStatusName } from "@common/status-words";
import { KIND_NAMES, type MultipleKind } from "@common/multiples";
import {
  COMMON_TEXTS,
  commonText,
  kindWords,
  ordinalWords,
  placingsText,
  statusWords,
  termsWords,
} from "./common-words";

// The mini-app says common/'s texts from its own catalogue: in English each must read exactly as
// common/ writes it, or a changed text would show its old words (and lose its translations).

describe("common/'s texts in the mini-app's words", () => {
  it("are keyed by the English they translate", () => {
    for (const [english, descriptor] of COMMON_TEXTS) expect(descriptor.message).toBe(english);
  });

  it("cover every fixed text of common/ that a screen shows", () => {
    const shown = [
      refusals.INSUFFICIENT_CURRENCY,
      refusals.SUBSCRIPTION_NOT_FOUND,
      refusals.EVENT_SUSPENDED,
      refusals.NO_PROFILE,
      eventForm.PAYOUT_MESSAGE,
      eventForm.DATE_PAST_MESSAGE,
      eventForm.OUTCOMES_MIN_MESSAGE,
      eventForm.OUTCOMES_MAX_MESSAGE,
      eventForm.DISTINCT_OUTCOMES_MESSAGE,
      eventForm.descriptionError(""),
      eventForm.outcomeTitleError(""),
      text.DIRECTION_MESSAGE,
      text.INVISIBLE_MESSAGE,
      text.LINE_BREAK_MESSAGE,
      text.CONTROL_MESSAGE,
      text.UNASSIGNED_MESSAGE,
    ];
    for (const text of shown) expect(COMMON_TEXTS.has(text!), text!).toBe(true);
    for (const long of [
      eventForm.descriptionError("x".repeat(101)),
      eventForm.outcomeTitleError("x".repeat(25)),
      profile.TERMS_LENGTH_MESSAGE,
      profile.NAME_LENGTH_MESSAGE,
    ])
      expect(commonText(long)).toBe(long);
  });

  it("read as common/ writes them in English: terms, places, placings, kinds and statuses", () => {
    for (const places of [1, 2, 3, 5])
      for (const fraction of [1, 4, 5]) expect(termsWords({ places, fraction })).toBe(termsText({ places, fraction }));
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinalWords).join(" ")).toBe(
      "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 101st",
    );
    for (const placings of [
      [{ place: 2 }],
      [{ place: 1 }, { place: 1 }, { place: 2 }],
      [{ place: 1 }, { place: 1 }, { place: 1 }, { place: 3 }],
    ])
      expect(placingsText(placingsWords(placings))).toBe(placingsProblem(placings));
    for (const kind of Object.keys(KIND_NAMES) as MultipleKind[]) expect(kindWords(kind)).toBe(KIND_NAMES[kind]);
    for (const status of Object.keys(STATUS_WORDS) as EventStatusName[])
      expect(statusWords(status)).toBe(STATUS_WORDS[status]);
  });
});
