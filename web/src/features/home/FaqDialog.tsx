import { Dialog } from "@/ui/Dialog";

export function FaqDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} title="FAQ">
      <dl className="faq">
        <dt>How many bets can I place?</dt>
        <dd>One bet per punter per outcome of an event, regardless of its size.</dd>
        <dt>Why is a bookmaker shown in red?</dt>
        <dd>A bookmaker shown in red has an expired subscription.</dd>
      </dl>
    </Dialog>
  );
}
