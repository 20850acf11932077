import { t } from "@lingui/core/macro";
import type { BookmakerOutcome, Id } from "@worker/contract";
import { ordinal } from "@/features/results/racing";
import { isolated } from "@/ui/bidi";
import { Dialog } from "@/ui/Dialog";
import { joinList } from "@/ui/in-language";

/** What End Event will do, said before it is done. */
export function endEventText(winners: BookmakerOutcome[], deadHeat: boolean): string {
  if (winners.length === 0) return t`No outcome is at place 1: there is no winner and every bet is refunded.`;
  const names = joinList(winners.map((w) => isolated(w.title)));
  const settled = t`Winner: ${names}. Bets are settled now.`;
  if (winners.length === 1) return settled;
  const winnerCount = winners.length;
  const shared = deadHeat
    ? t`Dead heat: each is paid on 1/${winnerCount} of the stake.`
    : t`Every winner is paid in full.`;
  return `${settled} ${shared}`;
}

/** The outcomes placed behind the winner, for each-way place parts: "Placed: Bolt 2nd, Dash 3rd." */
export function placedText(placings: { itemId: Id; place: number }[], items: BookmakerOutcome[]): string {
  const placed = placings
    .filter((p) => p.place > 1)
    .sort((a, b) => a.place - b.place)
    .map((p) => isolated(`${items.find((i) => i.id === p.itemId)?.title ?? ""} ${ordinal(p.place)}`));
  const list = joinList(placed);
  return placed.length ? ` ${t`Placed: ${list}.`}` : "";
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
      title={t`End the event?`}
      buttons={[
        { label: t`Cancel`, onClick: onCancel },
        { label: t`End Event`, onClick: onConfirm, primary: true },
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
      title={t`Abandon the event?`}
      buttons={[
        { label: t`Cancel`, onClick: onCancel },
        { label: t`Abandon`, onClick: onConfirm, primary: true },
      ]}
    >
      {t`The event ends with no result and every bet is refunded.`}
    </Dialog>
  );
}
