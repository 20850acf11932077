// The manage dialog's coin counter (spec section 5, "Coin counter").

const cents = (n: number) => Math.round(n * 100);

/** What the counter holds for typed text: never below 0, anything not a number is 0, 2 decimals. */
export function parseCoins(text: string): number {
  const n = Number(text.trim().replace(",", "."));
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.floor(n * 100 + 1e-6) / 100;
}

export type CoinMove = { route: "POST /balances/add" | "POST /balances/subtract"; amount: number } | null;

/** The call that takes a punter from `current` to `target` coins: the difference, one way or the other. */
export function coinMove(current: number, target: number): CoinMove {
  const diff = cents(target) - cents(current);
  if (diff === 0) return null;
  return { route: diff > 0 ? "POST /balances/add" : "POST /balances/subtract", amount: Math.abs(diff) / 100 };
}
