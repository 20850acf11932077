import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../common/languages";
import {
  bigBetMessage,
  bigCashOutMessage,
  coinsMessage,
  joinRequestMessage,
  membershipMessage,
  newEventMessage,
  resultMessage,
  undoneMessage,
  type BotMessage,
  type EventInfo,
  type SettledBet,
} from "./messages";

// The bot's messages in each recipient's language (docs/decisions/languages.md, "Languages"): every
// builder, every kind of bet line, in all eight. Names, titles and notes are the users' own.

const book = { id: 7, name: "AceBooks" };
const event: EventInfo = {
  id: 3,
  title: "Horse Racing / Ireland",
  description: "Race 3",
  startDate: "2026-12-01T14:30:00.000Z",
  bookmakerId: 7,
  bookmakerName: "AceBooks",
};
const odds = { num: 3, den: 2 };
const bets: SettledBet[] = [
  { outcome: "Red Rum", stakeCents: 123_450, odds, status: "WON", payoutCents: 308_625 },
  { outcome: "Shergar", stakeCents: 1_000, odds, status: "LOST", payoutCents: 0 },
  { outcome: "Arkle", stakeCents: 1_000, odds, status: "CANCELLED", payoutCents: 1_000 },
  { outcome: "Kauto", stakeCents: 1_000, odds, status: "ACCEPTED", payoutCents: 0 },
  ...[1, 2, 3].map((place) => ({
    outcome: "Desert Orchid",
    stakeCents: 500,
    odds,
    status: "LOST" as const,
    payoutCents: 0,
    placePart: { status: "WON" as const, payoutCents: 625, place },
  })),
];

/** Every message the bot builds, to `language`'s reader. */
const allIn = (language: Language): BotMessage[] => [
  joinRequestMessage(language, 1, book, "punter_pete"),
  membershipMessage(language, 2, book, true),
  membershipMessage(language, 2, book, false),
  coinsMessage(language, 2, book, {
    added: true,
    amountCents: 123_450,
    balanceCents: 500_000,
    note: "Cash at the track",
  }),
  coinsMessage(language, 2, book, { added: false, amountCents: 100, balanceCents: 0, note: "" }),
  newEventMessage(language, 2, event),
  undoneMessage(language, 2, event),
  bigBetMessage(language, 1, event, { username: "punter_pete", stakeCents: 50_000, outcome: "Red Rum", odds }),
  ...(["RESULT", "ABANDONED", "NON_RUNNER"] as const).map((how) =>
    resultMessage(
      language,
      2,
      event,
      how,
      bets,
      [
        { kind: "YANKEE", lines: 11, amountCents: 100, status: "WON", payoutCents: 2_000 },
        { kind: "DOUBLE", lines: 1, amountCents: 100, status: "LOST", payoutCents: 0 },
        { kind: "TRIXIE", lines: 4, amountCents: 100, status: "CANCELLED", payoutCents: 400 },
      ],
      [
        { outcome: "Red Rum", sp: { num: 9, den: 2 } },
        { outcome: "Shergar", sp: { num: 3, den: 1 } },
      ],
    ),
  ),
  bigCashOutMessage(language, 1, event, { username: "punter_pete", valueCents: 50_000, outcome: "Red Rum" }),
  bigCashOutMessage(language, 1, event, { username: "punter_pete", valueCents: 50_000, outcome: null }),
];

const USERS_OWN = ["AceBooks", "punter_pete", "Horse Racing", "Ireland", "Race", "Red Rum", "Shergar", "Arkle"]
  .concat(["Kauto", "Desert Orchid", "Cash at the track", "Bookie", "Open"])
  .concat(["Yankee", "Trixie", "Double", "Each", "each-way"]);

/** Words a language writes as English does. */
const SHARED: Partial<Record<Language, string[]>> = { fr: ["Note", "multiple"], id: ["event", "runner", "Non-runner"] };

/** The English words of a text (four letters or more), the users' own taken out. */
function englishWords(text: string): Set<string> {
  let rest = text;
  for (const own of USERS_OWN) rest = rest.split(own).join(" ");
  return new Set(rest.match(/[A-Za-z]{4,}/g) ?? []);
}

describe("the bot's messages", () => {
  it("read in English as they always have", () => {
    const [join, approved, , coins, , newEvent, , big, result] = allIn("en");
    expect(join.text).toBe("@punter_pete asks to join AceBooks.");
    expect(approved.text).toBe("AceBooks approved your join request. You can bet now.");
    expect(coins.text).toBe("AceBooks added 1,234.50 coins. Your balance: 5,000.00 coins.\nNote: Cash at the track");
    expect(newEvent.text).toBe(
      "AceBooks has a new event: Horse Racing / Ireland, Race 3. It starts 2026-12-01 14:30 UTC.",
    );
    expect(big.text).toBe("Big bet: @punter_pete staked 500.00 on Red Rum at 2.5 in Horse Racing / Ireland, Race 3.");
    expect(result.text.split("\n")).toEqual([
      "Result of Horse Racing / Ireland, Race 3:",
      "Starting prices: Red Rum 9/2, Shergar 3/1",
      "• Red Rum, 1,234.50 at 2.5: won, paid 3,086.25",
      "• Shergar, 10.00 at 2.5: lost",
      "• Arkle, 10.00 at 2.5: refunded 10.00",
      "• Kauto, 10.00 at 2.5: still open",
      "• Desert Orchid, 5.00 each-way at 2.5: placed 1st: 6.25 returned",
      "• Desert Orchid, 5.00 each-way at 2.5: placed 2nd: 6.25 returned",
      "• Desert Orchid, 5.00 each-way at 2.5: placed 3rd: 6.25 returned",
      "• Yankee, 11 lines × 1.00: won, paid 20.00",
      "• Double, 1.00: lost",
      "• Trixie, 4 lines × 1.00: every leg void, refunded 4.00",
    ]);
    expect(result.button).toEqual({ text: "Open AceBooks", startapp: "bk_7" });
  });

  it("name an event's sport and country in the reader's language, its description as typed", () => {
    expect(allIn("ru")[5].text).toContain("Скачки / Ирландия, Race 3");
    expect(allIn("ar")[5].text).toContain("سباق الخيل / أيرلندا, Race 3");
    expect(allIn("es")[8].text).toContain("Carreras de caballos / Irlanda, Race 3");
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))("are all in %s, the users' own words kept", (language) => {
    const english = allIn("en");
    allIn(language).forEach((message, i) => {
      for (const [theirs, ours] of [
        [message.text, english[i].text],
        [message.button.text, english[i].button.text],
      ]) {
        // Every English word of the English message is gone (a text the catalogue lacks would keep them).
        const left = [...englishWords(ours)].filter(
          (word) => englishWords(theirs).has(word) && !SHARED[language]?.includes(word),
        );
        expect(left, `${language}: ${theirs}`).toEqual([]);
      }
      for (const own of ["AceBooks", "punter_pete", "Cash at the track"])
        if (english[i].text.includes(own)) expect(message.text).toContain(own);
    });
  });

  it("write amounts as the reader's language writes numbers", () => {
    const amount = (language: Language) =>
      coinsMessage(language, 2, book, {
        added: true,
        amountCents: 123_450,
        balanceCents: 0,
        note: "",
      }).text;
    for (const language of ["ru", "fr", "es", "pt-BR", "tr", "id"] as const)
      expect(amount(language)).toContain(
        (1234.5).toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      );
  });

  it("count a multiple's lines by the reader's plural rules", () => {
    const line = (language: Language, n: number) =>
      resultMessage(
        language,
        2,
        event,
        "RESULT",
        [],
        [{ kind: "ACCUMULATOR", lines: n, amountCents: 100, status: "LOST", payoutCents: 0 }],
      ).text.split("\n")[1];
    // Arabic has six plural forms: 2, 3, 11 and 100 lines read with different words, not one.
    const forms = new Set([2, 3, 11, 100].map((n) => line("ar", n).replace(/\d+/g, "#")));
    expect(forms.size).toBeGreaterThan(2);
  });
});
