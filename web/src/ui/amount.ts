import { i18n } from "@/i18n/runtime";
import { figure, figureWithWord } from "./bidi";
import { numberFormat } from "./locale";

// Amount display (docs/rules/screens.md, "Amounts and dates on screen"): 1,000 and over as K,
// 1,000,000 and over as M, two decimals, truncated (a punter must never see more coins than he has).
// English as the spec writes it ("1.23K"); another language by Intl in its own way: its decimal
// sign, its grouping and its compact words ("1,23 тыс.", "1.23 ألف"; docs/decisions/languages.md, "Numbers
// and dates by language"). Exact: the cents are cut as digits and handed to Intl as a decimal
// string, never divided into a float that could round up.

/** Coins as the API sends them (at most two decimals) in whole cents, cut toward zero, read from the number's own digits: 0.29 × 100 is 28.999… in binary, while "0.29" is 29 hundredths. */
export function centsOf(n: number): number {
  const digits = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(n));
  // Exponent forms: tiny amounts cut to 0, huge ones have no hundredths to cut.
  if (!digits) return Number.isFinite(n) && Math.abs(n) >= 1 ? n * 100 : 0;
  const [, sign, whole, fraction = ""] = digits;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return sign ? -cents : cents;
}

/** Cuts to two decimals toward zero (centsOf, in coins). */
export const truncate2 = (n: number): number => centsOf(n) / 100;

/** How an amount is cut: its whole coins, in thousands (K) or millions (M) from 1,000 and 1,000,000. */
const UNITS = [
  { digits: 7, suffix: "M", zeros: 6 },
  { digits: 4, suffix: "K", zeros: 3 },
] as const;

/**
 * `cents` as shown, and whether a word of the language follows its number ("1.23 ألف"): the
 * whole coins' digits cut to two decimals of the unit, as text.
 */
function amountText(cents: number, signed = false): { text: string; word: boolean } {
  if (!Number.isSafeInteger(cents)) cents = 0;
  const negative = cents < 0;
  const digits = String(Math.abs(cents)).padStart(3, "0");
  const whole = digits.slice(0, -2);
  const hundredths = digits.slice(-2);
  const unit = UNITS.find((u) => whole.length >= u.digits);
  if (i18n.locale === "en") {
    const sign = negative ? "-" : signed && cents > 0 ? "+" : "";
    if (unit)
      return {
        text: `${sign}${whole.slice(0, -unit.zeros)}.${whole.slice(-unit.zeros, 2 - unit.zeros)}${unit.suffix}`,
        word: false,
      };
    return { text: hundredths === "00" ? `${sign}${whole}` : `${sign}${whole}.${hundredths}`, word: false };
  }
  const sign = negative ? "-" : "";
  const signDisplay = signed ? "exceptZero" : "auto";
  if (unit) {
    // The coins cut to the unit's hundredths (1,234.56 → 1230), which Intl's compact form then
    // says as "1,23 тыс."; trunc too, should a language's compact unit be larger than ours.
    const cut = `${sign}${whole.slice(0, 2 - unit.zeros)}${"0".repeat(unit.zeros - 2)}`;
    const format = numberFormat({
      notation: "compact",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      roundingMode: "trunc",
      signDisplay,
    });
    return { text: format.format(cut as unknown as number), word: true };
  }
  const decimals = hundredths === "00" ? 0 : 2;
  const format = numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay });
  return { text: format.format(`${sign}${whole}.${hundredths}` as unknown as number), word: false };
}

/** `cents` in Arabic isolated: a bare figure left to right, one with its word right to left (its number kept whole by Intl's mark before a minus). */
function shown({ text, word }: { text: string; word: boolean }): string {
  return word ? figureWithWord(text) : figure(text);
}

/** Whole cents as coins: 99950 → "999.50", 1200 → "12", 123456 → "1.23K", 250000000 → "2.50M" ("1,23 тыс." in Russian). */
export const formatCents = (cents: number): string => shown(amountText(cents));

/**
 * Coins as the API sends them: 999.5 → "999.50", 12 → "12", 1234.567 → "1.23K"; in Arabic
 * isolated, so a minus stays before its number ("-10", not "10-").
 */
export const formatAmount = (n: number): string => formatCents(centsOf(n));

/** A change of a balance, its sign always shown: "+25", "-10", "0". */
export const formatSigned = (n: number): string => shown(amountText(centsOf(n), true));

/** A percentage as the API sends it (-11.76 for -11.76 %): "-11.76%" in English, "-11,76 %" in Russian, "%11,76" in Turkish. */
export function formatPercent(pct: number): string {
  if (i18n.locale === "en") return `${pct}%`;
  return figure(numberFormat({ style: "percent", maximumFractionDigits: 2 }).format(pct / 100));
}
