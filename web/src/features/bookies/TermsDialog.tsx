import { Dialog } from "@/ui/Dialog";

/** A bookmaker's Terms and Conditions; 'No terms provided' when he wrote none. */
export function TermsDialog({ open, onClose, terms }: { open: boolean; onClose(): void; terms: string | undefined }) {
  return (
    <Dialog open={open} onClose={onClose} title="Terms and Conditions">
      <p className="terms-text">{terms?.trim() ? terms : "No terms provided"}</p>
    </Dialog>
  );
}
