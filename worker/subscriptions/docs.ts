import { doc, type RouteDoc } from "../lib/route-doc";
import { Catalogue, InvoiceAnswer, UserSubscriptions } from "./answers";

export const catalogue = doc({
  tag: "Subscriptions",
  summary: "The market",
  description:
    "Every subscription and coin package, priced for the caller in Stars (`regularPrice` when a discount applies, such as the first BOOKMAKER period).",
  answer: Catalogue,
});

export const mine = doc({
  tag: "Subscriptions",
  summary: "The caller's subscriptions",
  description:
    "What the caller holds of each subscription type, profile or not (a BOOKMAKER subscription comes before the profile): active or not, until when, and from when a renewal is accepted.",
  answer: UserSubscriptions,
});

export const ofBook = doc({
  tag: "Subscriptions",
  summary: "A book's subscriptions",
  description: "The subscriptions the bookmaker of this book holds.",
  answer: UserSubscriptions,
  errors: ["NOT_FOUND"],
});

const invoice: Omit<RouteDoc, "summary" | "description"> = {
  tag: "Subscriptions",
  answer: InvoiceAnswer,
  // 502: Telegram did not make the invoice link.
  errors: ["NOT_FOUND", "CONFLICT", ["INTERNAL", 502]],
};

export const purchase = doc({
  ...invoice,
  summary: "Buy: an invoice",
  description:
    "An invoice for a subscription or coin package, to open in Telegram; it is applied when Telegram reports it paid. Everything but BOOKMAKER needs a profile; a renewal is refused before it is accepted (CONFLICT, with `reason` and `renewableFrom`).",
});

export const invoiceOf = doc({
  ...invoice,
  summary: "Buy: an invoice (by path)",
  description: "POST /subscriptions/purchase with the subscription's id in the path.",
});
