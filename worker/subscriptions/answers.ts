import * as v from "valibot";
import { Coins, Id, Instant } from "../lib/wire";

// What subscriptions/routes.ts answers: the market, a user's holdings, an invoice.

export const SubscriptionType = v.picklist([
  "BOOKMAKER",
  "WHAT_IF",
  "FRACTAL_ODDS",
  "ADD_BALANCE_1000",
  "ADD_BALANCE_5000",
  "ADD_BALANCE_10000",
  "ADD_BALANCE_50000",
]);

export const Catalogue = v.array(
  v.object({
    subscriptionId: Id,
    subscriptionType: SubscriptionType,
    subscriptionName: v.string(),
    subscriptionPrice: v.pipe(v.number(), v.integer(), v.description("Stars the caller would pay now.")),
    regularPrice: v.optional(v.pipe(v.number(), v.integer(), v.description("Before a discount, when one applies."))),
    periodDays: v.optional(
      v.pipe(v.number(), v.integer(), v.description("Days one purchase adds; absent for coin packages.")),
    ),
    coins: v.optional(v.pipe(Coins, v.description("Coins a package brings; absent for subscriptions."))),
  }),
);

export const UserSubscriptions = v.array(
  v.object({
    subscription: v.object({ subscriptionType: SubscriptionType }),
    active: v.pipe(v.boolean(), v.description("Flagged active and not past its end.")),
    endDate: v.nullable(Instant),
    renewsAt: v.pipe(v.nullable(Instant), v.description("When Telegram renews it by itself (a Stars subscription).")),
    renewableFrom: v.pipe(v.nullable(Instant), v.description("From when a manual renewal is accepted; null: now.")),
  }),
);

export const InvoiceAnswer = v.object({
  invoiceLink: v.pipe(v.string(), v.description("Open with Telegram's WebApp.openInvoice.")),
  invoiceId: v.string(),
});
