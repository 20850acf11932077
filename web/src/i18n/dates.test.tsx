import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Figures } from "@worker/contract";
import type { Language } from "@common/languages";
import { changeText } from "@/features/changes/change-text";
import { thisAndLastWeek } from "@/features/figures/period";
import { showLanguage } from "@/i18n/language";
import { auditEntry } from "@/test/audit";
import { json, stubApi } from "@/test/network";
import { renderAt, signedInRoutes } from "@/test/world";
import { dateRange, startTime } from "@/ui/dates";

// Dates by language (docs/decisions/languages.md, "Numbers and dates by language"): a period as the
// language writes a range, an event's start to the minute, Latin digits in Arabic; English as
// the spec writes its forms.

/** Intl's thin and narrow spaces as plain ones, and Arabic's direction marks dropped. */
const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, " ").replace(/[\u200e\u200f\u061c]/g, "");
const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;

const start = new Date(2026, 0, 5, 7, 8, 9);

describe("a period's range", () => {
  it("is the language's own, each part said once", async () => {
    await showLanguage("ru");
    expect(plain(dateRange("2026-11-23", "2026-11-29"))).toBe("23–29 нояб. 2026 г.");
    await showLanguage("ar");
    const arabic = plain(dateRange("2026-11-23", "2026-11-29"));
    expect(arabic).toMatch(/23.*29.*نوفمبر.*2026/);
    expect(arabic).not.toMatch(ARABIC_INDIC);
    await showLanguage("en");
    expect(plain(dateRange("2026-11-23", "2026-11-29"))).toBe("Nov 23 – 29, 2026");
    expect(plain(dateRange("2026-11-30", "2026-12-06"))).toBe("Nov 30 – Dec 6, 2026");
  });
});

describe("an event's start", () => {
  it("is to the minute, in every language", async () => {
    await showLanguage("en");
    expect(startTime(start)).toBe("05.01.2026, 07:08");
    await showLanguage("ru");
    expect(startTime(start)).toBe("05.01.2026, 07:08");
    await showLanguage("ar");
    expect(plain(startTime(start))).toMatch(/^05\/01\/2026، 07:08 ص$/);
    expect(startTime(start)).not.toMatch(ARABIC_INDIC);
  });

  it("a moved start on the Changes screen has no seconds", async () => {
    await showLanguage("ru");
    const moved = auditEntry({
      action: "DATES",
      eventId: 9,
      before: { startDate: start.toISOString() },
      after: { startDate: new Date(2026, 0, 6, 7, 8, 9).toISOString() },
    });
    const text = changeText(moved, new Map());
    expect(text).toContain("05.01.2026, 07:08");
    expect(text).toContain("06.01.2026, 07:08");
    expect(text).not.toContain(":09");
  });
});

describe("the figures' week on screen", { timeout: 30_000 }, () => {
  const week = thisAndLastWeek().thisWeek;
  const figures: Figures = {
    ...week,
    tz: "UTC",
    punters: [],
    totals: { opening: 0, added: 0, withdrawn: 0, staked: 0, returned: 0, net: 0, closing: 0, openStakes: 0 },
    book: { staked: 0, paidOut: 0, refunded: 0, hold: 0, holdPct: null, openLiability: 0 },
    counter: { tickets: 0, taken: 0, paid: 0, owed: 0, result: 0 },
  };

  it.each<Language>(["ru", "ar"])("reads as a range in %s, not as ISO dates", async (language) => {
    stubApi({
      ...signedInRoutes(),
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice", language }),
      "GET /figures": () => json(figures),
      "GET /figures/daily": () => json([]),
    });
    renderAt("/figures");
    await waitFor(() => expect(document.documentElement.lang).toBe(language));
    const range = plain(dateRange(week.from, week.to));
    const shown = await screen.findByText((_, e) => e?.tagName === "P" && plain(e.textContent ?? "") === range);
    expect(shown.textContent).not.toMatch(ISO_DAY);
    expect(shown.textContent).not.toMatch(ARABIC_INDIC);
  });
});
