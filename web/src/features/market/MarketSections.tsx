import type { CatalogueItem, UserSubscription } from "@worker/contract";
import { holdingOf, isSubscriptionActive, renewableNow } from "./active";
import { formatAmount } from "@/ui/amount";
import { longDate, longDateOnceLoaded } from "@/ui/dates";
import { coinPackages, packageCoins, SPECIALS } from "./catalogue";
import type { Pending } from "./ConfirmPurchase";

interface SectionProps {
  items: CatalogueItem[];
  /** His subscriptions; undefined while they load. */
  mine: UserSubscription[] | undefined;
  /** A purchase is under way or a payment is being confirmed: nothing else is offered. */
  locked: boolean;
  onPick(pending: Pending): void;
}

/** His BOOKMAKER subscription's end, and Renew once renewal is allowed (confirmed here, as every purchase). */
export function SubscriptionBlock({ items, mine, locked, onPick }: SectionProps) {
  const bookmaker = items.find((i) => i.subscriptionType === "BOOKMAKER");
  const holding = holdingOf(mine, "BOOKMAKER");
  return (
    <section className="market-block" aria-label="Subscription">
      <h2 className="section-title">Subscription</h2>
      <p>
        End time: <b>{longDateOnceLoaded(mine !== undefined, holding?.endDate)}</b>
      </p>
      <button
        type="button"
        className="button button-wide"
        disabled={!bookmaker || mine === undefined || !renewableNow(holding) || locked}
        onClick={() => bookmaker && onPick({ kind: "renew", item: bookmaker })}
      >
        {bookmaker ? `Renew ${bookmaker.subscriptionPrice}` : "Loading..."}
      </button>
      <p className="hint market-note">Available only eight days before the previous one expires</p>
    </section>
  );
}

export function CoinPackages({ items, locked, onPick }: Omit<SectionProps, "mine">) {
  return (
    <section className="market-block" aria-label="Coins">
      <h2 className="section-title">Coins</h2>
      <div className="market-grid">
        {coinPackages(items).map((item) => (
          <button
            key={item.subscriptionId}
            type="button"
            className="market-item"
            disabled={locked}
            onClick={() => onPick({ kind: "coins", item, coins: packageCoins(item) })}
          >
            <span className="market-item-name">{formatAmount(packageCoins(item))} coins</span>
            <span className="market-price">{item.subscriptionPrice} Stars</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** A feature's holding as the row says it: 'Not active' only once his subscriptions are known. */
const holdingText = (mine: UserSubscription[] | undefined, active: boolean, endDate: string | null | undefined) =>
  mine === undefined ? "Loading..." : active ? `Until ${longDate(endDate)}` : "Not active";

/** The special features, each with its own end date, bought again once renewal is allowed. */
export function SpecialFeatures({ items, mine, locked, onPick }: SectionProps) {
  return (
    <section className="market-block" aria-label="Special">
      <h2 className="section-title">Special</h2>
      <div className="list">
        {SPECIALS.map(({ type, label }) => {
          const item = items.find((i) => i.subscriptionType === type);
          const holding = holdingOf(mine, type);
          const active = holding ? isSubscriptionActive(holding) : false;
          return (
            <button
              key={type}
              type="button"
              className="market-item market-special"
              disabled={!item || mine === undefined || !renewableNow(holding) || locked}
              onClick={() => item && onPick({ kind: "special", item })}
            >
              <span className="market-item-name">{label}</span>
              <span className="hint">{holdingText(mine, active, holding?.endDate)}</span>
              <span className="market-price">{item ? `${item.subscriptionPrice} Stars` : "…"}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
