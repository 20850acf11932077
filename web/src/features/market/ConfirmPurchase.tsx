import type { CatalogueItem } from "@worker/contract";
import { Dialog } from "@/ui/Dialog";

/** What the bookmaker tapped, waiting for his yes. */
export type Pending =
  { kind: "renew" | "special"; item: CatalogueItem } | { kind: "coins"; item: CatalogueItem; coins: number };

const CONFIRM: Record<Pending["kind"], { action: string; title(p: Pending): string }> = {
  renew: { action: "Renew", title: () => "Are you sure you want to renew your subscription?" },
  coins: {
    action: "Purchase",
    title: (p) => `Are you sure you want to purchase a ${p.kind === "coins" ? p.coins : 0} Coin currency package?`,
  },
  special: { action: "Subscribe", title: () => "Are you sure you want to subscribe to a special feature?" },
};

/** The spec's question before a purchase; it cannot be closed while the purchase is under way. */
export function ConfirmPurchase(props: {
  pending: Pending | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { pending, busy, onCancel, onConfirm } = props;
  return (
    <Dialog
      open={pending !== null}
      onClose={() => !busy && onCancel()}
      title={pending ? CONFIRM[pending.kind].title(pending) : undefined}
      buttons={[
        { label: "Cancel", onClick: onCancel, disabled: busy },
        {
          label: busy ? "Processing..." : pending ? CONFIRM[pending.kind].action : "Ok",
          onClick: onConfirm,
          primary: true,
          disabled: busy,
        },
      ]}
    >
      {pending && <p>Price: {pending.item.subscriptionPrice} Stars</p>}
    </Dialog>
  );
}
