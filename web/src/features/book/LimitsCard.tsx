import { t } from "@lingui/core/macro";
import { useState } from "react";
import type { BookLimits, Id } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { PenIcon } from "./icons";
import { saveBookLimits } from "@/features/limits/limits";
import { LimitFields, useLimitsForm } from "@/features/limits/LimitsForm";
import { useBookBalances } from "@/features/punters/data";
import { Dialog } from "@/ui/Dialog";

const shown = (limit: number | null) => (limit === null ? t`No limit` : String(limit));

/** The book's default limits (every punter without his own) and the cap on its open multiples, with a pen to edit them. */
export function LimitsCard({ bookmakerId }: { bookmakerId: Id }) {
  const balances = useBookBalances();
  const [editing, setEditing] = useState(false);
  const limits = balances.data?.limits;
  return (
    <section className="bk-card" aria-label={t`Limits`}>
      <div className="bk-row">
        <span className="bk-muted">{t`Limits`}</span>
        <button
          type="button"
          className="bk-icon-button"
          aria-label={t`Edit limits`}
          disabled={!limits}
          onClick={() => setEditing(true)}
        >
          <PenIcon />
        </button>
      </div>
      {limits && (
        <>
          <div className="bk-row">
            <span>{t`Max stake`}</span>
            <span>{shown(limits.maxStake)}</span>
          </div>
          <div className="bk-row">
            <span>{t`Max payout per event`}</span>
            <span>{shown(limits.maxPayoutPerEvent)}</span>
          </div>
          <div className="bk-row">
            <span>{t`Max multiples payout`}</span>
            <span>{limits.maxMultiplesPayout}</span>
          </div>
        </>
      )}
      {editing && limits && (
        <BookLimitsDialog
          bookmakerId={bookmakerId}
          limits={limits}
          onClose={() => setEditing(false)}
          onSaved={() => void balances.mutate()}
        />
      )}
    </section>
  );
}

/** Edits the book's defaults; an empty field is no limit (the multiples cap: its default of 10,000). */
function BookLimitsDialog({
  bookmakerId,
  limits,
  onClose,
  onSaved,
}: {
  bookmakerId: Id;
  limits: BookLimits;
  onClose(): void;
  onSaved(): void;
}) {
  const form = useLimitsForm({
    maxStake: limits.maxStake,
    maxPayoutPerEvent: limits.maxPayoutPerEvent,
    maxMultiplesPayout: limits.maxMultiplesPayout,
  });
  const { busy, error, run } = useAction();

  const save = () => {
    const typed = form.typed();
    if (!typed) return;
    void run(async () => {
      await saveBookLimits(bookmakerId, typed);
      onSaved();
      onClose();
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Limits`}
      buttons={[
        { label: t`Cancel`, onClick: onClose },
        { label: t`Save`, onClick: save, primary: true, disabled: busy },
      ]}
    >
      <div className="bk-form">
        <p className="bk-muted">{t`For every punter without limits of his own.`}</p>
        <LimitFields
          form={form}
          placeholders={{ maxStake: t`No limit`, maxPayoutPerEvent: t`No limit`, maxMultiplesPayout: "10000" }}
        />
        {(form.problem ?? error) && (
          <p className="bk-error" role="alert">
            {form.problem ?? error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
