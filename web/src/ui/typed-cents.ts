/**
 * Coins as typed ("12.5", "12,50", ".5") in whole cents, read as digits rather than as a float
 * (0.29 × 100 is 28.999… in binary) and cut to the cent; null when it is not a plain amount.
 */
export function typedCents(typed: string): number | null {
  const digits = /^(\d*)(?:\.(\d*))?$/.exec(typed.trim().replace(",", "."));
  if (!digits || (digits[1] === "" && !digits[2])) return null;
  const cents = Number(digits[1] || "0") * 100 + Number((digits[2] ?? "").padEnd(2, "0").slice(0, 2));
  return Number.isSafeInteger(cents) ? cents : null;
}
