import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "@common/languages";
import { showLanguage } from "@/i18n/language";
import { catalogue } from "@/test/market";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import { formatAmount, formatCents, formatPercent, formatSigned } from "./amount";
import { formatNumber } from "./locale";
import { oddsText } from "./Odds";

// One rule for numbers per language (docs/decisions/languages.md, "Numbers and dates by language"):
// amounts and odds with the same decimal sign, thousands grouped, amounts of 1,000 and more in
// the language's compact words, Latin digits in Arabic, every amount cut and never rounded up.

const NBSP = "\u00a0";
/** What Arabic puts around a figure for its direction: isolates (LRI, RLI … PDI) and marks (LRM). */
const bare = (text: string) => text.replace(/[\u2066-\u2069\u200e]/g, "");
/** The decimal sign of a text with one decimal number. */
const decimalSign = (text: string) => /\d([.,])\d/.exec(text)?.[1];

describe("numbers in Russian", () => {
  it("writes odds with the decimal comma its amounts have", async () => {
    await showLanguage("ru");
    expect(formatAmount(562.5)).toBe("562,50");
    expect(oddsText(2.1, null, false)).toBe("2,1");
    expect(oddsText(2.375, "11/8", false)).toBe("2,375");
  });

  it("says 1,000 and more in its own compact words, cut rather than rounded", async () => {
    await showLanguage("ru");
    expect(formatAmount(1234.567)).toBe(`1,23${NBSP}тыс.`);
    expect(formatAmount(2_500_000)).toBe(`2,50${NBSP}млн`);
    // 999,999.99 coins: rounding would say a million.
    expect(formatCents(99_999_999)).toBe(`999,99${NBSP}тыс.`);
    expect(formatAmount(1239.99)).toBe(`1,23${NBSP}тыс.`);
    expect(formatAmount(-1500)).toBe(`-1,50${NBSP}тыс.`);
  });

  it("groups thousands of a count or a price", async () => {
    await showLanguage("ru");
    expect(formatNumber(10_000)).toBe(`10${NBSP}000`);
    expect(formatNumber(2500)).toBe(`2${NBSP}500`);
  });

  it("writes signs and percentages its way", async () => {
    await showLanguage("ru");
    expect(formatSigned(25)).toBe("+25");
    expect(formatSigned(-10.5)).toBe("-10,50");
    expect(formatPercent(-11.76)).toBe(`-11,76${NBSP}%`);
  });
});

describe("numbers in Arabic", () => {
  it("keeps Latin digits and the decimal point for amounts and odds alike", async () => {
    await showLanguage("ar");
    expect(bare(formatAmount(562.5))).toBe("562.50");
    expect(bare(oddsText(2.1, null, false))).toBe("2.1");
    expect(bare(formatNumber(2500))).toBe("2,500");
    for (const text of [formatAmount(1234.5), formatNumber(10_000), oddsText(2.1, null, false)])
      expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });

  it("says thousands in Arabic words, with no Latin K", async () => {
    await showLanguage("ar");
    expect(bare(formatAmount(1234.567))).toBe(`1.23${NBSP}ألف`);
    expect(formatAmount(1234.567)).not.toMatch(/K/);
    expect(bare(formatAmount(2_500_000))).toBe(`2.50${NBSP}مليون`);
  });
});

describe("numbers in English", () => {
  it("stay as the spec writes them", async () => {
    await showLanguage("en");
    expect(formatAmount(1234.567)).toBe("1.23K");
    expect(formatAmount(2_500_000)).toBe("2.50M");
    expect(formatCents(99_999_999)).toBe("999.99K");
    expect(formatAmount(12.5)).toBe("12.50");
    expect(formatAmount(0.29)).toBe("0.29");
    expect(formatSigned(25)).toBe("+25");
    expect(formatPercent(-11.76)).toBe("-11.76%");
    expect(oddsText(2.1, null, false)).toBe("2.1");
    expect(formatNumber(2500)).toBe("2500");
  });
});

describe("in every language", () => {
  it("amounts and odds share one decimal sign", async () => {
    for (const language of LANGUAGES) {
      await showLanguage(language);
      expect(decimalSign(bare(formatAmount(562.5))), language).toBe(decimalSign(bare(oddsText(2.1, null, false))));
      expect(decimalSign(bare(formatAmount(1234.5))), language).toBe(decimalSign(bare(formatAmount(562.5))));
    }
  });
});

/** The Market's coin packages (1,000, 5,000 and 50,000 coins for 100, 450 and 2,500 Stars), signed in with `language`. */
async function coinPackagesIn(language: Language): Promise<string[]> {
  installTelegram();
  stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice", language }),
    "GET /subscriptions": () => json(catalogue),
    "GET /subscriptions/mine": () => json([]),
    "GET /balances": () => json({ balance: { amount: 500, currency: "COIN" }, punters: [] }),
  });
  renderApp("/marketpage");
  await waitFor(() => expect(document.documentElement.lang).toBe(language));
  // The Coins section, by its three packages: its name is in the language shown.
  const region = await waitFor(() => {
    const found = screen.getAllByRole("region").find((r) => within(r).queryAllByRole("button").length === 3);
    if (!found) throw new Error("no coin packages yet");
    return found;
  });
  return within(region)
    .getAllByRole("button")
    .map((b) => b.textContent ?? "");
}

describe("on a screen", { timeout: 30_000 }, () => {
  it("the Market in Russian: compact coins, grouped Stars", async () => {
    const [, , fifty] = await coinPackagesIn("ru");
    expect(fifty).toContain(`50,00${NBSP}тыс.`);
    expect(fifty).toContain(`2${NBSP}500`);
    // Renew {price}: the subscription's 1,000 Stars.
    expect(screen.getAllByRole("button").some((b) => b.textContent?.endsWith(` 1${NBSP}000`))).toBe(true);
  });

  it("the Market in Arabic: its own words for thousands, Latin digits", async () => {
    const [, , fifty] = await coinPackagesIn("ar");
    expect(bare(fifty)).toContain(`50.00${NBSP}ألف`);
    expect(fifty).toContain("2,500");
    expect(fifty).not.toMatch(/K/);
  });
});
