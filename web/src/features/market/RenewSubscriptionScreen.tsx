import { useState } from "react";
import { useLocation } from "wouter";
import { holdingOf, renewableNow, useCatalogue, useMySubscriptions } from "./active";
import { usePurchase } from "./purchase";
import { longDate, longDateOnceLoaded } from "@/ui/dates";
import { Dialog } from "@/ui/Dialog";
import { Page } from "@/ui/Page";
import "./market.css";

/** Renewing the BOOKMAKER subscription (docs/ARCHITECTURE.md, "Subscriptions and the market"). */
export function RenewSubscriptionScreen() {
  const [, navigate] = useLocation();
  const catalogue = useCatalogue();
  const mine = useMySubscriptions();
  const purchase = usePurchase();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const item = catalogue.data?.find((i) => i.subscriptionType === "BOOKMAKER");
  const holding = holdingOf(mine.data, "BOOKMAKER");
  const renewable = mine.data !== undefined && renewableNow(holding);

  async function renew() {
    if (!item) return;
    if (await purchase.buy(item.subscriptionId)) {
      setConfirmOpen(false);
      navigate("/mainpage", { replace: true });
    } else setConfirmOpen(false);
  }

  return (
    <Page backTo="/mainpage" className="renew">
      <h1 className="page-title">Renew subscription</h1>
      <section className="market-block">
        <p>
          End time: <b>{longDateOnceLoaded(mine.data !== undefined || mine.error !== undefined, holding?.endDate)}</b>
        </p>
        {!renewable && holding?.renewableFrom && (
          <p className="hint">
            Available only eight days before the previous one expires: from {longDate(holding.renewableFrom)}.
          </p>
        )}
      </section>
      <button
        type="button"
        className="button button-wide"
        disabled={!item || !renewable || purchase.busy}
        onClick={() => setConfirmOpen(true)}
      >
        {purchase.busy ? "Creating invoice..." : item ? `Subscribe ${item.subscriptionPrice}` : "Loading..."}
      </button>
      {purchase.error && (
        <p className="error-text" role="alert">
          {purchase.error}
        </p>
      )}

      <Dialog
        open={confirmOpen}
        onClose={() => !purchase.busy && setConfirmOpen(false)}
        title="Are you sure you want to renew your subscription?"
        buttons={[
          { label: "Cancel", onClick: () => setConfirmOpen(false), disabled: purchase.busy },
          {
            label: purchase.busy ? "Processing..." : "Yes",
            onClick: () => void renew(),
            primary: true,
            disabled: purchase.busy,
          },
        ]}
      >
        {item && <p>Subscription price: {item.subscriptionPrice} Stars</p>}
      </Dialog>
    </Page>
  );
}
