import * as v from "valibot";
import { Coins, Id } from "../lib/wire";

// What cashout/routes.ts answers besides a bet or a multiple cashed out.

export const CashOutSetting = v.object({
  enabled: v.pipe(v.boolean(), v.description("Cash out offered to the book's punters (off by default).")),
  margin: v.pipe(v.number(), v.description("What the book keeps of a fair cash-out value, 0 to 0.5 (default 0.05).")),
});

const Unavailable = v.pipe(
  v.picklist(["OFF", "STARTED", "SUSPENDED", "SETTLED", "TOO_SMALL"]),
  v.description(
    "Why there is no offer: the book has cash out off, an event has started, a selection is suspended, the bet is settled, or the value is under 0.01.",
  ),
);

export const CashOutOffer = v.object({
  betId: v.optional(Id),
  multipleId: v.optional(Id),
  value: v.pipe(Coins, v.description("What it is cashed out for now, rounded down to the cent once.")),
  coefficientNow: v.pipe(
    v.nullable(v.number()),
    v.description("A single's price now, the bookmaker's own, as the value was worked out at; null for a multiple."),
  ),
});

const OfferOrWhyNot = v.union([
  CashOutOffer,
  v.object({
    betId: v.optional(Id),
    multipleId: v.optional(Id),
    reason: Unavailable,
    message: v.pipe(v.string(), v.description("The reason in the caller's words.")),
  }),
]);

export const CashOutOffers = v.object({
  bets: v.pipe(v.array(OfferOrWhyNot), v.description("One per open single (an each-way bet once, by its WIN row).")),
  multiples: v.array(OfferOrWhyNot),
});
