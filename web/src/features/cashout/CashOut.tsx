import { t } from "@lingui/core/macro";
import { useState } from "react";
import type { Id } from "@worker/contract";
import { ApiError } from "@/api/client";
import { errorText } from "@/api/error-text";
import { useApi } from "@/api/swr";
import { useAction } from "@/api/useAction";
import { formatAmount } from "@/ui/amount";
import { Dialog } from "@/ui/Dialog";
import { takeCashOut, useAfterCashOut, type CashOutTarget, type Shown } from "./offers";
import "./cashout.css";

/** How often the value is asked again while the punter looks at it. */
const DIALOG_POLL_MS = 3_000;

/**
 * Under an open bet: 'Cash out N' while the book offers it, its reason when it does not (an
 * event started, a selection suspended); nothing while the offers load or with cash out off.
 */
export function CashOutLine(props: {
  bookmakerId: Id;
  target: CashOutTarget;
  offer: Shown | undefined;
  /** What the bet returns should it win. */
  returns: number;
  label: string;
}) {
  const { offer } = props;
  const [open, setOpen] = useState(false);
  if (!offer) return null;
  if (!("value" in offer)) return offer.message && <p className="hint cash-out-why">{offer.message}</p>;
  const value = formatAmount(offer.value);
  const bet = props.label;
  return (
    <>
      <button
        type="button"
        className="button button-secondary cash-out-button"
        aria-label={t`Cash out ${value}: ${bet}`}
        onClick={() => setOpen(true)}
      >
        {t`Cash out ${value}`}
      </button>
      {open && <CashOutDialog {...props} shown={offer.value} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The confirm: the value now (asked again every few seconds), what the bet returns if it wins,
 * Cancel / Cash out. A value that moved since it was shown is refused by the API; the dialog
 * then shows the value now and asks again.
 */
function CashOutDialog(props: {
  bookmakerId: Id;
  target: CashOutTarget;
  returns: number;
  shown: number;
  onClose(): void;
}) {
  const { bookmakerId, target, returns, onClose } = props;
  const after = useAfterCashOut(bookmakerId);
  const [changed, setChanged] = useState(false);
  const [closedWhy, setClosedWhy] = useState<string | null>(null);
  const poll = { refreshInterval: DIALOG_POLL_MS };
  const bet = useApi("GET /bets/:betId/cashout", "betId" in target ? { params: { betId: target.betId } } : null, poll);
  const multiple = useApi(
    "GET /bets/multiple/:multipleId/cashout",
    "multipleId" in target ? { params: { multipleId: target.multipleId } } : null,
    poll,
  );
  const fresh = "betId" in target ? bet : multiple;
  const value = fresh.data?.value ?? props.shown;
  const unavailable = closedWhy ?? (fresh.error?.code === "CASH_OUT_UNAVAILABLE" ? fresh.error.message : null);
  const { busy, error, run } = useAction({
    text: (err) => (err instanceof ApiError && err.code === "CASH_OUT_CHANGED" ? "" : errorText(err)),
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      if (err.code === "CASH_OUT_CHANGED") {
        setChanged(true);
        void fresh.mutate();
      } else if (err.code === "CASH_OUT_UNAVAILABLE") setClosedWhy(err.message);
    },
  });
  const take = () =>
    void run(async () => {
      await takeCashOut(target, value);
      after();
      onClose();
    });
  const amount = formatAmount(value);
  const back = formatAmount(returns);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Cash out`}
      buttons={[
        { label: t`Cancel`, onClick: onClose },
        { label: t`Cash out`, onClick: take, primary: true, disabled: busy || unavailable !== null },
      ]}
    >
      <div className="cash-out-dialog">
        <p className="cash-out-value" aria-live="polite">
          {changed ? t`The cash-out value changed to ${amount}: cash out?` : t`Cash out now for ${amount}`}
        </p>
        <p className="hint">{t`If it wins, the bet returns ${back}.`}</p>
        {(unavailable ?? error) && (
          <p className="error-text" role="alert">
            {unavailable ?? error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
