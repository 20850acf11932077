import { plural, t } from "@lingui/core/macro";
import { useState } from "react";
import { useLocation } from "wouter";
import { holdingOf, renewableNow, useCatalogue, useMySubscriptions } from "./active";
import { usePurchase } from "./purchase";
import { longDate, longDateOnceLoaded } from "@/ui/dates";
import { Dialog } from "@/ui/Dialog";
import { formatNumber } from "@/ui/locale";
import { Page } from "@/ui/Page";
import "./market.css";

/** Renewing the BOOKMAKER subscription (docs/rules/screens.md, "Subscriptions and the market"). */
export function RenewSubscriptionScreen() {
  const [, navigate] = useLocation();
  const catalogue = useCatalogue();
  const mine = useMySubscriptions();
  const purchase = usePurchase();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const item = catalogue.data?.find((i) => i.subscriptionType === "BOOKMAKER");
  const holding = holdingOf(mine.data, "BOOKMAKER");
  const renewable = mine.data !== undefined && renewableNow(holding);
  const price = item?.subscriptionPrice;
  const stars = price === undefined ? "" : formatNumber(price);
  const opensOn = holding?.renewableFrom ? longDate(holding.renewableFrom) : null;

  async function renew() {
    if (!item) return;
    if (await purchase.buy(item.subscriptionId)) {
      setConfirmOpen(false);
      navigate("/mainpage", { replace: true });
    } else setConfirmOpen(false);
  }

  return (
    <Page backTo="/mainpage" className="renew">
      <h1 className="page-title">{t`Renew subscription`}</h1>
      <section className="market-block">
        <p>
          {t`End time:`}{" "}
          <b>{longDateOnceLoaded(mine.data !== undefined || mine.error !== undefined, holding?.endDate)}</b>
        </p>
        {!renewable && opensOn && (
          <p className="hint">{t`Available only eight days before the previous one expires: from ${opensOn}.`}</p>
        )}
      </section>
      <button
        type="button"
        className="button button-wide"
        disabled={!item || !renewable || purchase.busy}
        onClick={() => setConfirmOpen(true)}
      >
        {purchase.busy ? t`Creating invoice...` : price !== undefined ? subscribeText(price) : t`Loading...`}
      </button>
      {purchase.error && (
        <p className="error-text" role="alert">
          {purchase.error}
        </p>
      )}

      <Dialog
        open={confirmOpen}
        onClose={() => !purchase.busy && setConfirmOpen(false)}
        title={t`Are you sure you want to renew your subscription?`}
        buttons={[
          { label: t`Cancel`, onClick: () => setConfirmOpen(false), disabled: purchase.busy },
          {
            label: purchase.busy ? t`Processing...` : t`Yes`,
            onClick: () => void renew(),
            primary: true,
            disabled: purchase.busy,
          },
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
