import { i18n } from "@/i18n/runtime";

/**
 * The locale numbers and dates are written in: the language's own, with Latin digits in Arabic
 * (docs/decisions/languages.md, "Numbers and dates by language"). Intl's default digits for "ar" are
 * Arabic-Indic on older engines and Latin on newer ones; pinned, every phone shows what the
 * amounts, odds, codes and typed stakes show.
 */
export const formatLocale = () => (i18n.locale === "ar" ? "ar-u-nu-latn" : i18n.locale);

const formats = new Map<string, Intl.NumberFormat>();

/** A number format of the language shown, made once per language and options. */
export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = formatLocale();
  const key = locale + JSON.stringify(options);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** Whole hundredths as a decimal with two places, "0.90" ("0,90" in Russian): a ratio such as the return for punters. */
export function formatHundredths(hundredths: number): string {
  const text = `${Math.trunc(hundredths / 100)}.${String(Math.abs(hundredths % 100)).padStart(2, "0")}`;
  if (i18n.locale === "en") return text;
  // As digits: Intl writes them in the language's way without rounding them again.
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(text as unknown as number);
}

/** A count, a price in Stars or a setting: grouped in the language's way ("2 500" in Russian); English as the number is written ("2500"). */
export const formatNumber = (n: number): string =>
  i18n.locale === "en" ? String(n) : numberFormat({ maximumFractionDigits: 3 }).format(n);
