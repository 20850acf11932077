import { msg, t } from "@lingui/core/macro";
import type { BookmakerDto } from "@worker/contract";
import { i18n } from "@/i18n/runtime";
import { PenIcon } from "./icons";

const DEFAULT_TERMS = msg`1 coin = 1 USD / Payment via cash, card, cripto`;

/** His name (with a pen to edit the profile) and his bookmaker id, which punters may ask for. */
export function ProfileCard({ book, onEdit }: { book: BookmakerDto; onEdit(): void }) {
  return (
    <section className="bk-card" aria-label={t`Profile`}>
      <div className="bk-row">
        <div className="bk-field">
          <span className="bk-muted">{t`Name`}</span>
          <span className="bk-strong bk-ellipsis">{book.bookmakerName}</span>
        </div>
        <button type="button" className="bk-icon-button" aria-label={t`Edit name`} onClick={onEdit}>
          <PenIcon />
        </button>
      </div>
      <div className="bk-row">
        <span className="bk-muted">{t`ID`}</span>
        <span>{book.bookmakerId}</span>
      </div>
    </section>
  );
}

/** His terms as punters read them; none written shows the spec's example. */
export function TermsCard({ terms, onEdit }: { terms: string; onEdit(): void }) {
  return (
    <section className="bk-card" aria-label={t`Terms`}>
      <div className="bk-row">
        <span className="bk-muted">{t`Terms`}</span>
        <button type="button" className="bk-icon-button" aria-label={t`Edit terms`} onClick={onEdit}>
          <PenIcon />
        </button>
      </div>
      <p className="bk-terms">{terms.trim() || i18n._(DEFAULT_TERMS)}</p>
    </section>
  );
}
