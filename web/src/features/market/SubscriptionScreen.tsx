import { plural, t } from "@lingui/core/macro";
import { useState } from "react";
import { useLocation } from "wouter";
import { useUserId } from "@/store/auth";
import { hasActiveSubscription, useCatalogue, useMySubscriptions } from "./active";
import { usePaymentConfirmation } from "./paid";
import { PaymentNotice } from "./PaymentNotice";
import { usePurchase } from "./purchase";
import { Dialog } from "@/ui/Dialog";
import { LoadFailed } from "@/ui/LoadFailed";
import { formatNumber } from "@/ui/locale";
import { Page } from "@/ui/Page";
import "./market.css";

/**
 * Becoming a bookmaker: the first BOOKMAKER period, then the profile (docs/rules/screens.md,
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
  const regularPrice = item?.regularPrice;
  // Grouped in the language's way ("2 500" in Russian), the plural still chosen by the number.
  const stars = price === undefined ? "" : formatNumber(price);
  const regular = regularPrice === undefined ? "" : formatNumber(regularPrice);
  const priceFailed = catalogue.error !== undefined && !catalogue.data;
  const paidUp = mine.data ? hasActiveSubscription(mine.data, "BOOKMAKER") : false;

  async function subscribe() {
    if (!item) return;
    setConfirmOpen(false);
    if (await purchase.buy(item.subscriptionId)) navigate("/createprofile", { replace: true });
  }

  return (
    <Page backTo="/home" className="subscription">
      <h1 className="page-title">{t`Subscription`}</h1>
      <section className="market-block">
        <p>{t`You need a subscription to use the betting functionality.`}</p>
        <p className="market-offer">{t`The first 30 days of subscription — 50 % off`}</p>
        {regularPrice !== undefined && price !== undefined && (
          <p className="hint">
            <s>{plural(regularPrice, { one: `${regular} Star`, other: `${regular} Stars` })}</s>{" "}
            {plural(price, {
              one: `${stars} Star for the first 30 days`,
              other: `${stars} Stars for the first 30 days`,
            })}
          </p>
        )}
        <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
          {t`Terms`}
        </button>
      </section>

      <PaymentNotice payment={payment} />
      {paidUp ? (
        <button
          type="button"
          className="button button-wide"
          onClick={() => navigate("/createprofile", { replace: true })}
        >
          {t`Create profile`}
        </button>
      ) : (
        <button
          type="button"
          className="button button-wide"
          disabled={price === undefined || purchase.busy || payment.state === "confirming"}
          aria-busy={price === undefined && !priceFailed}
          onClick={() => setConfirmOpen(true)}
        >
          {price === undefined ? t`Loading...` : subscribeText(price)}
        </button>
      )}
      {priceFailed && !paidUp && <LoadFailed message={t`Unexpected error.`} onRetry={() => catalogue.mutate()} />}
      {purchase.error && (
        <p className="error-text" role="alert">
          {purchase.error}
        </p>
      )}

      <Dialog open={termsOpen} onClose={() => setTermsOpen(false)} title={t`Terms`}>
        <p>{t`1 coin = 1 USD / Payment via cash, card, crypto`}</p>
      </Dialog>
      <Dialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={t`Do you want to become a bookmaker?`}
        buttons={[
          { label: t`Cancel`, onClick: () => setConfirmOpen(false) },
          { label: t`Yes`, onClick: () => void subscribe(), primary: true },
        ]}
      >
        {price !== undefined && (
          <p>
            {/* English as the spec quotes it whatever the price; the plural is for the other languages. */}
            {plural(price, { one: `Subscription price: ${stars} Stars`, other: `Subscription price: ${stars} Stars` })}
          </p>
        )}
      </Dialog>
    </Page>
  );
}

/** 'Subscribe {price}', the price grouped in the language's way. */
function subscribeText(stars: number) {
  const price = formatNumber(stars);
  return t`Subscribe ${price}`;
}
