import { plural, t } from "@lingui/core/macro";
import type { CatalogueItem, UserSubscription } from "@worker/contract";
import { i18n } from "@/i18n/runtime";
import { holdingOf, isSubscriptionActive, renewableNow } from "./active";
import { formatAmount } from "@/ui/amount";
import { formatNumber } from "@/ui/locale";
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
  const price = bookmaker?.subscriptionPrice;
  return (
    <section className="market-block" aria-label={t`Subscription`}>
      <h2 className="section-title">{t`Subscription`}</h2>
      <p>
        {t`End time:`} <b>{longDateOnceLoaded(mine !== undefined, holding?.endDate)}</b>
      </p>
      <button
        type="button"
        className="button button-wide"
        disabled={!bookmaker || mine === undefined || !renewableNow(holding) || locked}
        onClick={() => bookmaker && onPick({ kind: "renew", item: bookmaker })}
      >
        {price !== undefined ? renewText(price) : t`Loading...`}
      </button>
      <p className="hint market-note">{t`Available only eight days before the previous one expires`}</p>
    </section>
  );
}

export function CoinPackages({ items, locked, onPick }: Omit<SectionProps, "mine">) {
  return (
    <section className="market-block" aria-label={t`Coins`}>
      <h2 className="section-title">{t`Coins`}</h2>
      <div className="market-grid">
        {coinPackages(items).map((item) => (
          <button
            key={item.subscriptionId}
            type="button"
            className="market-item"
            disabled={locked}
            onClick={() => onPick({ kind: "coins", item, coins: packageCoins(item) })}
          >
            <span className="market-item-name">{coinsText(packageCoins(item))}</span>
            <span className="market-price">{starsText(item.subscriptionPrice)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** A package's coins, "10.00K coins". */
function coinsText(coins: number) {
  const amount = formatAmount(coins);
  return plural(coins, { one: `${amount} coin`, other: `${amount} coins` });
}

/** 'Renew {price}', the price grouped in the language's way. */
function renewText(stars: number) {
  const price = formatNumber(stars);
  return t`Renew ${price}`;
}

/** A price, "250 Stars". */
function starsText(price: number) {
  const stars = formatNumber(price);
  return plural(price, { one: `${stars} Star`, other: `${stars} Stars` });
}

/** A feature's holding as the row says it: 'Not active' only once his subscriptions are known. */
function holdingText(mine: UserSubscription[] | undefined, active: boolean, endDate: string | null | undefined) {
  if (mine === undefined) return t`Loading...`;
  const date = longDate(endDate);
  return active ? t`Until ${date}` : t`Not active`;
}

/** The special features, each with its own end date, bought again once renewal is allowed. */
export function SpecialFeatures({ items, mine, locked, onPick }: SectionProps) {
  return (
    <section className="market-block" aria-label={t`Special`}>
      <h2 className="section-title">{t`Special`}</h2>
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
              <span className="market-item-name">{i18n._(label)}</span>
              <span className="hint">{holdingText(mine, active, holding?.endDate)}</span>
              <span className="market-price">{item ? starsText(item.subscriptionPrice) : "…"}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
