import type { EventItem } from "../../../../worker/contract";
import { Dialog } from "../../ui/Dialog";

/** What End Event will do, said before it is done. */
export function endEventText(winners: EventItem[], deadHeat: boolean): string {
  if (winners.length === 0) return "No outcome is at place 1: there is no winner and every bet is refunded.";
  const shared = deadHeat
    ? `Dead heat: each is paid on 1/${winners.length} of the stake.`
    : "Every winner is paid in full.";
  return `Winner: ${winners.map((w) => w.title).join(", ")}. Bets are settled now.${winners.length > 1 ? ` ${shared}` : ""}`;
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
  winners,
  deadHeat,
}: Confirm & { winners: EventItem[]; deadHeat: boolean }) {
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
