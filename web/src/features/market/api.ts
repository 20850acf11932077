import type { ScopedMutator } from "swr";
import type { Id } from "@worker/contract";
import { call } from "@/api/call";
import { pathOf } from "@/api/swr";

// The market's write, and what a purchase changes in SWR's cache read afresh beside it.

/** An invoice for one catalogue item (POST /subscriptions/purchase), for Telegram to open. */
export const invoiceFor = (subscriptionId: Id) => call("POST /subscriptions/purchase", { body: { subscriptionId } });

/** A purchase paid, or applied by the API: holdings, prices, coins and the profile are read afresh. */
export const purchaseMade = (mutate: ScopedMutator) =>
  mutate((key) => /^\/(subscriptions|balances|bookmakers)/.test(pathOf(key)));
