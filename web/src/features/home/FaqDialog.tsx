import { t } from "@lingui/core/macro";
import { Dialog } from "@/ui/Dialog";

export function FaqDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} title={t`FAQ`}>
      <dl className="faq">
        <dt>{t`How many bets can I place?`}</dt>
        <dd>{t`One bet per punter per outcome of an event, regardless of its size.`}</dd>
        <dt>{t`Why is a bookmaker shown in red?`}</dt>
        <dd>{t`A bookmaker shown in red has an expired subscription.`}</dd>
      </dl>
    </Dialog>
  );
}
