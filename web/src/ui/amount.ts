// Amount display (docs/ARCHITECTURE.md, "Amounts and dates on screen"): 1,000 and over as K,
// 1,000,000 and over as M, two decimals, truncated (a punter must never see more coins than he has).

/** Cuts to two decimals toward zero; the epsilon keeps 0.29 * 100 from becoming 28.999…. */
export const truncate2 = (n: number) => Math.trunc(n * 100 + (n >= 0 ? 1e-9 : -1e-9)) / 100;

/** 999.5 → "999.50", 12 → "12", 1234.567 → "1.23K", 2_500_000 → "2.50M". */
export function formatAmount(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const size = Math.abs(n);
  if (size >= 1_000_000) return `${truncate2(n / 1_000_000).toFixed(2)}M`;
  if (size >= 1_000) return `${truncate2(n / 1_000).toFixed(2)}K`;
  const cut = truncate2(n);
  return Number.isInteger(cut) ? String(cut) : cut.toFixed(2);
}
