import { useState } from "react";
import { useLocation } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import type { BookBalances, CatalogueItem } from "../../../../worker/contract";
import { useApi } from "../../api/swr";
import { POLL_MS } from "../../config";
import {
  holdingOf,
  isSubscriptionActive,
  renewableNow,
  useCatalogue,
  useMySubscriptions,
} from "../../subscriptions/active";
import { CONFIRMING_TEXT, NOT_CONFIRMED_TEXT, usePaymentConfirmation } from "../../subscriptions/paid";
import { usePurchase } from "../../subscriptions/purchase";
import { useUserId } from "../../store/auth";
import { formatAmount } from "../../ui/amount";
import { longDate } from "../../ui/dates";
import { Dialog } from "../../ui/Dialog";
import { Page } from "../../ui/Page";
import { coinPackages, packageCoins, SPECIALS } from "./catalogue";
import type { MarketpageState } from "./state";
import "./market.css";

type Pending = { kind: "special"; item: CatalogueItem } | { kind: "coins"; item: CatalogueItem; coins: number };

const CONFIRM: Record<Pending["kind"], { action: string; title(p: Pending): string }> = {
  coins: {
    action: "Purchase",
    title: (p) => `Are you sure you want to purchase a ${p.kind === "coins" ? p.coins : 0} Coin currency package?`,
  },
  special: { action: "Subscribe", title: () => "Are you sure you want to subscribe to a special feature?" },
};

/** The bookmaker's market: his subscription, coin packages and special features (spec "marketpage"). */
export function MarketpageScreen() {
  const state = useHistoryState<MarketpageState | null>();
  const [, navigate] = useLocation();
  const catalogue = useCatalogue();
  const mine = useMySubscriptions();
  const pool = useApi<BookBalances>("/balances", { refreshInterval: POLL_MS });
  const purchase = usePurchase();
  const [pending, setPending] = useState<Pending | null>(null);
  const [paid, setPaid] = useState(false);
  // A payment Telegram reported but the API has not applied yet: nothing is offered meanwhile.
  const payment = usePaymentConfirmation(useUserId());
  const confirming = payment.state === "confirming";

  const items = catalogue.data ?? [];
  const bookmaker = items.find((i) => i.subscriptionType === "BOOKMAKER");
  const bookmakerHolding = holdingOf(mine.data, "BOOKMAKER");
  const loaded = mine.data !== undefined;

  async function confirm() {
    if (!pending) return;
    const ok = await purchase.buy(pending.item.subscriptionId);
    setPending(null);
    setPaid(ok);
  }

  return (
    <Page backTo={state?.from === "home" ? "/home" : "/mainpage"} className="market">
      <h1 className="page-title">Market</h1>
      {pool.data && (
        <p className="market-pool">
          My coins: <b>{formatAmount(pool.data.balance.amount)}</b>
        </p>
      )}

      {confirming && (
        <p className="market-confirming" role="status">
          {CONFIRMING_TEXT}
        </p>
      )}

      <section className="market-block" aria-label="Subscription">
        <h2 className="section-title">Subscription</h2>
        <p>
          End time: <b>{longDate(bookmakerHolding?.endDate)}</b>
        </p>
        <button
          type="button"
          className="button button-wide"
          disabled={!bookmaker || !loaded || !renewableNow(bookmakerHolding) || purchase.busy || confirming}
          onClick={() => navigate("/renewsubscription")}
        >
          {bookmaker ? `Renew ${bookmaker.subscriptionPrice}` : "Loading..."}
        </button>
        <p className="hint market-note">Available only eight days before the previous one expires</p>
      </section>

      <section className="market-block" aria-label="Coins">
        <h2 className="section-title">Coins</h2>
        <div className="market-grid">
          {coinPackages(items).map((item) => (
            <button
              key={item.subscriptionId}
              type="button"
              className="market-item"
              disabled={purchase.busy || confirming}
              onClick={() => setPending({ kind: "coins", item, coins: packageCoins(item) })}
            >
              <span className="market-item-name">{formatAmount(packageCoins(item))} coins</span>
              <span className="market-price">{item.subscriptionPrice} Stars</span>
            </button>
          ))}
        </div>
      </section>

      <section className="market-block" aria-label="Special">
        <h2 className="section-title">Special</h2>
        <div className="list">
          {SPECIALS.map(({ type, label }) => {
            const item = items.find((i) => i.subscriptionType === type);
            const holding = holdingOf(mine.data, type);
            const active = holding ? isSubscriptionActive(holding) : false;
            return (
              <button
                key={type}
                type="button"
                className="market-item market-special"
                disabled={!item || !loaded || !renewableNow(holding) || purchase.busy || confirming}
                onClick={() => item && setPending({ kind: "special", item })}
              >
                <span className="market-item-name">{label}</span>
                <span className="hint">{active ? `Until ${longDate(holding?.endDate)}` : "Not active"}</span>
                <span className="market-price">{item ? `${item.subscriptionPrice} Stars` : "…"}</span>
              </button>
            );
          })}
        </div>
      </section>

      <Dialog
        open={pending !== null}
        onClose={() => !purchase.busy && setPending(null)}
        title={pending ? CONFIRM[pending.kind].title(pending) : undefined}
        buttons={[
          { label: "Cancel", onClick: () => setPending(null), disabled: purchase.busy },
          {
            label: purchase.busy ? "Processing..." : pending ? CONFIRM[pending.kind].action : "Ok",
            onClick: () => void confirm(),
            primary: true,
            disabled: purchase.busy,
          },
        ]}
      >
        {pending && <p>Price: {pending.item.subscriptionPrice} Stars</p>}
      </Dialog>
      <Dialog open={purchase.error !== null} onClose={purchase.clearError}>
        {purchase.error}
      </Dialog>
      <Dialog open={payment.state === "late"} onClose={() => payment.state === "late" && payment.dismiss()}>
        <p role="alert">{NOT_CONFIRMED_TEXT}</p>
      </Dialog>
      <Dialog open={paid} onClose={() => setPaid(false)} title="Thank you">
        Your purchase is complete.
      </Dialog>
    </Page>
  );
}
