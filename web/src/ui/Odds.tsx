/** Odds as the punter chose to see them: fractional ("6/4") when asked and known, else decimal ("2.5"). */
export function oddsText(decimal: number, fractional: string | null | undefined, asFractional: boolean): string {
  if (asFractional && fractional) return fractional;
  return String(Math.round(decimal * 1000) / 1000);
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
