import type { BookmakerOutcome, Id } from "@worker/contract";
import { ordinal } from "@/features/results/racing";
import { Dialog } from "@/ui/Dialog";

/** What End Event will do, said before it is done. */
export function endEventText(winners: BookmakerOutcome[], deadHeat: boolean): string {
  if (winners.length === 0) return "No outcome is at place 1: there is no winner and every bet is refunded.";
  const shared = deadHeat
    ? `Dead heat: each is paid on 1/${winners.length} of the stake.`
    : "Every winner is paid in full.";
  return `Winner: ${winners.map((w) => w.title).join(", ")}. Bets are settled now.${winners.length > 1 ? ` ${shared}` : ""}`;
}

/** The outcomes placed behind the winner, for each-way place parts: "Placed: Bolt 2nd, Dash 3rd." */
export function placedText(placings: { itemId: Id; place: number }[], items: BookmakerOutcome[]): string {
  const placed = placings
    .filter((p) => p.place > 1)
    .sort((a, b) => a.place - b.place)
    .map((p) => `${items.find((i) => i.id === p.itemId)?.title ?? ""} ${ordinal(p.place)}`);
  return placed.length ? ` Placed: ${placed.join(", ")}.` : "";
}

interface Confirm {
  open: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function EndEventDialog({
  open,
  onCancel,
  onConfirm,
  placings,
  items,
  deadHeat,
}: Confirm & { placings: { itemId: Id; place: number }[]; items: BookmakerOutcome[]; deadHeat: boolean }) {
  const winners = items.filter((i) => placings.some((p) => p.itemId === i.id && p.place === 1));
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="End the event?"
      buttons={[
        { label: "Cancel", onClick: onCancel },
        { label: "End Event", onClick: onConfirm, primary: true },
      ]}
    >
      {endEventText(winners, deadHeat)}
      {placedText(placings, items)}
    </Dialog>
  );
}

export function AbandonDialog({ open, onCancel, onConfirm }: Confirm) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Abandon the event?"
      buttons={[
        { label: "Cancel", onClick: onCancel },
        { label: "Abandon", onClick: onConfirm, primary: true },
      ]}
    >
      The event ends with no result and every bet is refunded.
    </Dialog>
  );
}
