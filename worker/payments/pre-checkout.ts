import { catalogueItem } from "../subscriptions/catalogue";
import { invoiceById } from "./invoices";
import { checkPurchase } from "./rules";
import { en, type Words } from "../lib/words";

// Telegram asks before it takes the Stars; we say yes only for a pending invoice of this
// user, at the price he would pay now, for a purchase still allowed (renewal window, profile).

export interface CheckoutRequest {
  userId: number;
  currency: string;
  totalAmount: number;
  invoicePayload: string;
}

/** A refusal's message is said to the buyer in his language (telegram/webhook.ts). */
export type CheckoutVerdict = { ok: true } | { ok: false; message: string | Words };

const PRICE_CHANGED = en("The price has changed. Please open the market and try again.");

export async function checkoutVerdict(db: D1Database, q: CheckoutRequest, now = Date.now()): Promise<CheckoutVerdict> {
  const invoice = await invoiceById(db, q.invoicePayload);
  if (!invoice) return { ok: false, message: en("This invoice is unknown. Please open the market and try again.") };
  if (invoice.status !== "PENDING")
    return { ok: false, message: en("This invoice has already been paid or cancelled.") };
  if (invoice.user_id !== q.userId) return { ok: false, message: en("This invoice was made for another user.") };
  if (q.currency !== "XTR" || q.totalAmount !== invoice.price_stars) return { ok: false, message: PRICE_CHANGED };
  const item = await catalogueItem(db, invoice.subscription_id);
  if (!item) return { ok: false, message: en("This item is no longer sold.") };
  const check = await checkPurchase(db, invoice.user_id, item, now);
  if (!check.ok) return { ok: false, message: check.error.words };
  if (check.price !== invoice.price_stars) return { ok: false, message: PRICE_CHANGED };
  return { ok: true };
}
