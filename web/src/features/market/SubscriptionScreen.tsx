import { useState } from "react";
import { useLocation } from "wouter";
import { useUserId } from "@/store/auth";
import { hasActiveSubscription, useCatalogue, useMySubscriptions } from "./active";
import { usePaymentConfirmation } from "./paid";
import { PaymentNotice } from "./PaymentNotice";
import { usePurchase } from "./purchase";
import { Dialog } from "@/ui/Dialog";
import { LoadFailed } from "@/ui/LoadFailed";
import { Page } from "@/ui/Page";
import "./market.css";

/**
 * Becoming a bookmaker: the first BOOKMAKER period, then the profile (docs/ARCHITECTURE.md,
 * "Subscriptions and the market").
 */
export function SubscriptionScreen() {
  const [, navigate] = useLocation();
  const catalogue = useCatalogue();
  const mine = useMySubscriptions();
  // The new bookmaker goes on to create his profile: the app stays open.
  const purchase = usePurchase({ closeAfter: false });
  // Paid, but the API has not applied it yet (he came back, or reopened the app): never offered twice.
  const payment = usePaymentConfirmation(useUserId(), "BOOKMAKER");
  const [termsOpen, setTermsOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const item = catalogue.data?.find((i) => i.subscriptionType === "BOOKMAKER");
  const price = item?.subscriptionPrice;
  const priceFailed = catalogue.error !== undefined && !catalogue.data;
  const paidUp = mine.data ? hasActiveSubscription(mine.data, "BOOKMAKER") : false;

  async function subscribe() {
    if (!item) return;
    setConfirmOpen(false);
    if (await purchase.buy(item.subscriptionId)) navigate("/createprofile", { replace: true });
  }

  return (
    <Page backTo="/home" className="subscription">
      <h1 className="page-title">Subscription</h1>
      <section className="market-block">
        <p>You need a subscription to use the betting functionality.</p>
        <p className="market-offer">The first 30 days of subscription — 50 % off</p>
        {item?.regularPrice !== undefined && (
          <p className="hint">
            <s>{item.regularPrice} Stars</s> {item.subscriptionPrice} Stars for the first 30 days
          </p>
        )}
        <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
          Terms
        </button>
      </section>

      <PaymentNotice payment={payment} />
      {paidUp ? (
        <button
          type="button"
          className="button button-wide"
          onClick={() => navigate("/createprofile", { replace: true })}
        >
          Create profile
        </button>
      ) : (
        <button
          type="button"
          className="button button-wide"
          disabled={price === undefined || purchase.busy || payment.state === "confirming"}
          aria-busy={price === undefined && !priceFailed}
          onClick={() => setConfirmOpen(true)}
        >
          {price === undefined ? "Loading..." : `Subscribe ${price}`}
        </button>
      )}
      {priceFailed && !paidUp && <LoadFailed message="Unexpected error." onRetry={() => catalogue.mutate()} />}
      {purchase.error && (
        <p className="error-text" role="alert">
          {purchase.error}
        </p>
      )}

      <Dialog open={termsOpen} onClose={() => setTermsOpen(false)} title="Terms">
        <p>1 coin = 1 USD / Payment via cash, card, crypto</p>
      </Dialog>
      <Dialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title="Do you want to become a bookmaker?"
        buttons={[
          { label: "Cancel", onClick: () => setConfirmOpen(false) },
          { label: "Yes", onClick: () => void subscribe(), primary: true },
        ]}
      >
        <p>Subscription price: {price} Stars</p>
      </Dialog>
    </Page>
  );
}
