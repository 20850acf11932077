import { msg, plural, t } from "@lingui/core/macro";
import type { CatalogueItem } from "@worker/contract";
import { i18n, type MessageDescriptor } from "@/i18n/runtime";
import { Dialog } from "@/ui/Dialog";
import { formatNumber } from "@/ui/locale";

/** What the bookmaker tapped, waiting for his yes. */
export type Pending =
  { kind: "renew" | "special"; item: CatalogueItem } | { kind: "coins"; item: CatalogueItem; coins: number };

/** The confirming button's word (read at render, `i18n._(action)`) and the question, per kind of purchase. */
const CONFIRM: Record<Pending["kind"], { action: MessageDescriptor; title(p: Pending): string }> = {
  renew: { action: msg`Renew`, title: () => t`Are you sure you want to renew your subscription?` },
  coins: {
    action: msg`Purchase`,
    title: (p) => {
      const coins = p.kind === "coins" ? p.coins : 0;
      // The same in English; a plural for the languages whose words follow the number.
      return plural(coins, {
        one: `Are you sure you want to purchase a ${coins} Coin currency package?`,
        other: `Are you sure you want to purchase a ${coins} Coin currency package?`,
      });
    },
  },
  special: { action: msg`Subscribe`, title: () => t`Are you sure you want to subscribe to a special feature?` },
};

/** The spec's question before a purchase; it cannot be closed while the purchase is under way. */
export function ConfirmPurchase(props: {
  pending: Pending | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { pending, busy, onCancel, onConfirm } = props;
  const price = pending?.item.subscriptionPrice ?? 0;
  const stars = formatNumber(price);
  return (
    <Dialog
      open={pending !== null}
      onClose={() => !busy && onCancel()}
      title={pending ? CONFIRM[pending.kind].title(pending) : undefined}
      buttons={[
        { label: t`Cancel`, onClick: onCancel, disabled: busy },
        {
          label: busy ? t`Processing...` : pending ? i18n._(CONFIRM[pending.kind].action) : t`Ok`,
          onClick: onConfirm,
          primary: true,
          disabled: busy,
        },
      ]}
    >
      {pending && <p>{plural(price, { one: `Price: ${stars} Star`, other: `Price: ${stars} Stars` })}</p>}
    </Dialog>
  );
}
