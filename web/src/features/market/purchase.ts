import { t } from "@lingui/core/macro";
import { useSWRConfig } from "swr";
import type { Id } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { useUserId } from "@/store/auth";
import { useWebApp } from "@/telegram/context";
import type { InvoiceStatus, TelegramWebApp } from "@/telegram/web-app";
import { holdingOf, useCatalogue, useMySubscriptions } from "./active";
import { usePaidInvoices } from "./paid";
import { invoiceFor, purchaseMade } from "./api";

/** The messenger closes this long after a purchase (docs/rules/screens.md, "Subscriptions and the market"). */
export const CLOSE_AFTER_PURCHASE_MS = 150;

/** Invoices came to Telegram's WebApp in Bot API 6.1. */
const INVOICE_VERSION = "6.1";

/** Opens an invoice in Telegram; "unavailable" where this client cannot show one. */
export function openInvoice(webApp: TelegramWebApp, link: string): Promise<InvoiceStatus | "unavailable"> {
  if (typeof webApp.openInvoice !== "function" || !webApp.isVersionAtLeast(INVOICE_VERSION))
    return Promise.resolve("unavailable");
  return new Promise((resolve) => {
    try {
      webApp.openInvoice(link, resolve);
    } catch {
      resolve("unavailable");
    }
  });
}

/**
 * Buying a market item: an invoice from the API, paid in Telegram, then a refresh and the
 * messenger closes (unless `closeAfter` is false: becoming a bookmaker goes on to his profile).
 * `buy` answers whether it was paid; `error` holds the text to show otherwise.
 */
export function usePurchase({ closeAfter = true }: { closeAfter?: boolean } = {}) {
  const webApp = useWebApp();
  const { mutate } = useSWRConfig();
  const { busy, error, run, fail, clearError } = useAction();
  const userId = useUserId();
  const catalogue = useCatalogue();
  const mine = useMySubscriptions();
  const remember = usePaidInvoices((s) => s.remember);

  async function buy(subscriptionId: Id): Promise<boolean> {
    const paid = await run(async () => {
      const item = catalogue.data?.find((i) => i.subscriptionId === subscriptionId);
      const endBefore = item ? (holdingOf(mine.data, item.subscriptionType)?.endDate ?? null) : null;
      const { invoiceLink, invoiceId } = await invoiceFor(subscriptionId);
      const status = await openInvoice(webApp, invoiceLink);
      if (status === "paid") {
        // Before the app closes: the API may learn of the payment only seconds later.
        if (item && userId !== null)
          remember({
            invoiceId,
            userId,
            subscriptionType: item.subscriptionType,
            coins: item.coins !== undefined,
            endBefore,
            paidAt: Date.now(),
          });
        if (closeAfter) setTimeout(() => webApp.close(), CLOSE_AFTER_PURCHASE_MS);
        await purchaseMade(mutate);
        return true;
      }
      fail(
        status === "unavailable"
          ? t`Cannot open the invoice. Please open the app in Telegram.`
          : t`Payment failed. Please try again.`,
      );
      return false;
    });
    return paid ?? false;
  }

  return { buy, busy, error, clearError };
}
