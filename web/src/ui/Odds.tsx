import { i18n } from "@/i18n/runtime";
import { numberFormat } from "./locale";

/**
 * Odds as the punter chose to see them: fractional ("6/4") when asked and known, else decimal
 * ("2.5"), to three decimals at most, with the language's decimal sign as its amounts have it
 * ("2,5" beside "562,50" in Russian).
 */
export function oddsText(decimal: number, fractional: string | null | undefined, asFractional: boolean): string {
  if (asFractional && fractional) return fractional;
  const text = String(Math.round(decimal * 1000) / 1000);
  if (i18n.locale === "en") return text;
  // The digits as text: Intl then only writes them, it does not round them again.
  return numberFormat({ maximumFractionDigits: 3, useGrouping: false }).format(text as unknown as number);
}

export interface OddsProps {
  /** Decimal odds, as the API sends them. */
  decimal: number;
  /** "num/den", or null when the bookmaker lacks FRACTAL_ODDS. */
  fractional?: string | null;
  /** The fractional-odds switch. */
  asFractional?: boolean;
}

/** Odds read left to right in any language: "6/4" stays "6/4" inside Arabic text. */
export function Odds({ decimal, fractional, asFractional = false }: OddsProps) {
  return (
    <bdi className="odds" dir="ltr">
      {oddsText(decimal, fractional, asFractional)}
    </bdi>
  );
}
