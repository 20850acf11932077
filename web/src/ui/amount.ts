import { i18n } from "@/i18n/runtime";
import { figure } from "./bidi";

// Amount display (docs/rules/screens.md, "Amounts and dates on screen"): 1,000 and over as K,
// 1,000,000 and over as M, two decimals, truncated (a punter must never see more coins than he has).
// The digits in the language's way ("1,23K" in Russian); English as the spec writes them.

/**
 * Cuts to two decimals toward zero, read from the number's own digits: 0.29 × 100 is 28.999… in
 * binary, while "0.29" is 29 hundredths.
 */
export function truncate2(n: number): number {
  const digits = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(n));
  // Exponent forms: tiny amounts cut to 0, huge ones have no hundredths to cut.
  if (!digits) return Math.abs(n) < 1 ? 0 : n;
  const [, sign, whole, fraction = ""] = digits;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return (sign ? -cents : cents) / 100;
}

/** The languages that write a decimal comma (CLDR; English and Arabic write a point). */
const DECIMAL_COMMA: ReadonlySet<string> = new Set(["es", "pt-BR", "ru", "fr", "tr", "id"]);

/**
 * `n`, already cut, with `decimals` decimals (0 or 2) in the active language; no grouping. Not
 * Intl.NumberFormat, which says the same for these: its first use loads ICU's data, 50 ms of a
 * mid-range phone's CPU on the first screen (docs/PERFORMANCE.md, "Languages").
 */
function digits(n: number, decimals: number): string {
  const text = (n || 0).toFixed(decimals); // -0 reads 0
  return DECIMAL_COMMA.has(i18n.locale) ? text.replace(".", ",") : text;
}

function amountText(n: number): string {
  if (!Number.isFinite(n)) return digits(0, 0);
  const size = Math.abs(n);
  if (size >= 1_000_000) return `${digits(truncate2(n / 1_000_000), 2)}M`;
  if (size >= 1_000) return `${digits(truncate2(n / 1_000), 2)}K`;
  const cut = truncate2(n);
  return digits(cut, Number.isInteger(cut) ? 0 : 2);
}

/**
 * 999.5 → "999.50", 12 → "12", 1234.567 → "1.23K", 2_500_000 → "2.50M"; in Arabic isolated
 * left to right, so a minus stays before its number ("-10", not "10-").
 */
export const formatAmount = (n: number): string => figure(amountText(n));

/** A change of a balance, its sign always shown: "+25", "-10", "0". */
export const formatSigned = (n: number): string => figure(n > 0 ? `+${amountText(n)}` : amountText(n));

/** A percentage as the API sends it (-11.76 for -11.76 %): "-11.76%", its sign kept before it in Arabic. */
export const formatPercent = (pct: number): string => figure(`${pct}%`);
