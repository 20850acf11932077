import type { CatalogueItem } from "@worker/contract";

/** The market's catalogue for screen tests: BOOKMAKER, both features and three coin packages. */
export const catalogue: CatalogueItem[] = [
  {
    subscriptionId: 1,
    subscriptionType: "BOOKMAKER",
    subscriptionName: "Bookmaker",
    subscriptionPrice: 1000,
    periodDays: 30,
  },
  {
    subscriptionId: 2,
    subscriptionType: "WHAT_IF",
    subscriptionName: "What if",
    subscriptionPrice: 250,
    periodDays: 30,
  },
  {
    subscriptionId: 3,
    subscriptionType: "FRACTAL_ODDS",
    subscriptionName: "Fractional odds",
    subscriptionPrice: 150,
    periodDays: 30,
  },
  {
    subscriptionId: 7,
    subscriptionType: "ADD_BALANCE_50000",
    subscriptionName: "50,000 coins",
    subscriptionPrice: 2500,
    coins: 50000,
  },
  {
    subscriptionId: 4,
    subscriptionType: "ADD_BALANCE_1000",
    subscriptionName: "1,000 coins",
    subscriptionPrice: 100,
    coins: 1000,
  },
  {
    subscriptionId: 5,
    subscriptionType: "ADD_BALANCE_5000",
    subscriptionName: "5,000 coins",
    subscriptionPrice: 450,
    coins: 5000,
  },
];
