import { t } from "@lingui/core/macro";
import { Dialog } from "@/ui/Dialog";

/** A bookmaker's Terms and Conditions; 'No terms provided' when he wrote none. */
export function TermsDialog({ open, onClose, terms }: { open: boolean; onClose(): void; terms: string | undefined }) {
  return (
    <Dialog open={open} onClose={onClose} title={t`Terms and Conditions`}>
      <p className="terms-text">{terms?.trim() ? terms : t`No terms provided`}</p>
    </Dialog>
  );
}
