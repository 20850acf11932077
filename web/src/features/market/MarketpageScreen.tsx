import { t } from "@lingui/core/macro";
import { useState } from "react";
import { useOffer } from "./useOffer";
import { useHistoryState } from "wouter/use-browser-location";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";
import { useUserId } from "@/store/auth";
import { useCatalogue, useMySubscriptions } from "./active";
import { usePaymentConfirmation } from "./paid";
import { PaymentNotice } from "./PaymentNotice";
import { usePurchase } from "./purchase";
import { formatAmount } from "@/ui/amount";
import { Dialog } from "@/ui/Dialog";
import { Page } from "@/ui/Page";
import { ConfirmPurchase, type Pending } from "./ConfirmPurchase";
import { CoinPackages, SpecialFeatures, SubscriptionBlock } from "./MarketSections";
import type { MarketpageState } from "@/navigation/marketpage";
import "./market.css";

/**
 * The bookmaker's market: his subscription, coin packages and special features
 * (docs/rules/screens.md, "Subscriptions and the market").
 */
export function MarketpageScreen() {
  const state = useHistoryState<MarketpageState | null>();
  const items = useCatalogue().data ?? [];
  const mine = useMySubscriptions().data;
  const pool = useApi("GET /balances", {}, { refreshInterval: POLL_MS });
  const purchase = usePurchase();
  const [pending, setPending] = useState<Pending | null>(null);
  const [paid, setPaid] = useState(false);
  // A payment Telegram reported but the API has not applied yet: nothing is offered meanwhile.
  const payment = usePaymentConfirmation(useUserId());
  const confirming = payment.state === "confirming";
  const sections = { items, mine, locked: purchase.busy || confirming, onPick: setPending };
  useOffer(state?.offer, { ...sections, locked: sections.locked || pending !== null });

  async function confirm() {
    if (!pending) return;
    const ok = await purchase.buy(pending.item.subscriptionId);
    setPending(null);
    setPaid(ok);
  }

  return (
    <Page backTo={state?.from === "home" ? "/home" : "/mainpage"} className="market">
      <h1 className="page-title">{t`Market`}</h1>
      {pool.data && (
        <p className="market-pool">
          {t`My coins:`} <b>{formatAmount(pool.data.balance.amount)}</b>
        </p>
      )}
      <PaymentNotice payment={payment} />
      <SubscriptionBlock {...sections} />
      <CoinPackages {...sections} />
      <SpecialFeatures {...sections} />

      <ConfirmPurchase
        pending={pending}
        busy={purchase.busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
      <Dialog open={purchase.error !== null} onClose={purchase.clearError}>
        {purchase.error}
      </Dialog>
      <Dialog open={paid} onClose={() => setPaid(false)} title={t`Thank you`}>
        {t`Your purchase is complete.`}
      </Dialog>
    </Page>
  );
}
