import type { BookmakerDto } from "@worker/contract";
import { PenIcon } from "./icons";

const DEFAULT_TERMS = "1 coin = 1 USD / Payment via cash, card, cripto";

/** His name (with a pen to edit the profile) and his bookmaker id, which punters may ask for. */
export function ProfileCard({ book, onEdit }: { book: BookmakerDto; onEdit(): void }) {
  return (
    <section className="bk-card" aria-label="Profile">
      <div className="bk-row">
        <div className="bk-field">
          <span className="bk-muted">Name</span>
          <span className="bk-strong bk-ellipsis">{book.bookmakerName}</span>
        </div>
        <button type="button" className="bk-icon-button" aria-label="Edit name" onClick={onEdit}>
          <PenIcon />
        </button>
      </div>
      <div className="bk-row">
        <span className="bk-muted">ID</span>
        <span>{book.bookmakerId}</span>
      </div>
    </section>
  );
}

/** His terms as punters read them; none written shows the spec's example. */
export function TermsCard({ terms, onEdit }: { terms: string; onEdit(): void }) {
  return (
    <section className="bk-card" aria-label="Terms">
      <div className="bk-row">
        <span className="bk-muted">Terms</span>
        <button type="button" className="bk-icon-button" aria-label="Edit terms" onClick={onEdit}>
          <PenIcon />
        </button>
      </div>
      <p className="bk-terms">{terms.trim() || DEFAULT_TERMS}</p>
    </section>
  );
}
