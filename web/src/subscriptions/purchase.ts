import { useState } from "react";
import { useSWRConfig } from "swr";
import type { Id, InvoiceAnswer } from "../../../worker/contract";
import { apiCall } from "../api/call";
import type { ApiError } from "../api/client";
import { useWebApp } from "../telegram/context";
import type { InvoiceStatus, TelegramWebApp } from "../telegram/web-app";

export const PAYMENT_FAILED = "Payment failed. Please try again.";
export const CANNOT_OPEN_INVOICE = "Cannot open the invoice. Please open the app in Telegram.";

/** The messenger closes this long after a successful purchase (spec section 9). */
export const CLOSE_AFTER_PURCHASE_MS = 150;

/** Invoices came to Telegram's WebApp in Bot API 6.1. */
const INVOICE_VERSION = "6.1";

/** Opens an invoice in Telegram; "unavailable" where this client cannot show one. */
export function openInvoice(webApp: TelegramWebApp, link: string): Promise<InvoiceStatus | "unavailable"> {
  if (typeof webApp.openInvoice !== "function" || !webApp.isVersionAtLeast(INVOICE_VERSION)) return Promise.resolve("unavailable");
  return new Promise((resolve) => {
    try {
      webApp.openInvoice(link, resolve);
    } catch {
      resolve("unavailable");
    }
  });
}

/** Everything a purchase may have changed: holdings, prices, coins, the profile. */
const touchedByPurchase = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === "string" && /^\/(subscriptions|balances|bookmakers)/.test(key[0]);

/**
 * Buying a market item: an invoice from the API, paid in Telegram, then a refresh and the
 * messenger closes (unless `closeAfter` is false: becoming a bookmaker goes on to his profile).
 * `buy` answers whether it was paid; `error` holds the text to show otherwise.
 */
export function usePurchase({ closeAfter = true }: { closeAfter?: boolean } = {}) {
  const webApp = useWebApp();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function buy(subscriptionId: Id): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const { invoiceLink } = await apiCall<InvoiceAnswer>("/subscriptions/purchase", { method: "POST", body: { subscriptionId } });
      const status = await openInvoice(webApp, invoiceLink);
      if (status === "paid") {
        if (closeAfter) setTimeout(() => webApp.close(), CLOSE_AFTER_PURCHASE_MS);
        await mutate(touchedByPurchase);
        return true;
      }
      setError(status === "unavailable" ? CANNOT_OPEN_INVOICE : PAYMENT_FAILED);
      return false;
    } catch (err) {
      setError((err as ApiError).message || "Unexpected error.");
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { buy, busy, error, clearError: () => setError(null) };
}
