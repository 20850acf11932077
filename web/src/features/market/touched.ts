/** SWR keys of everything a purchase may change: holdings, prices, coins, the profile. */
export const touchedByPurchase = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === "string" && /^\/(subscriptions|balances|bookmakers)/.test(key[0]);
