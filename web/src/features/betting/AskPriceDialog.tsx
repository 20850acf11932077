import { t } from "@lingui/core/macro";
import { useId, useState } from "react";
import type { Id, PlayerEvent } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { useHaptic } from "@/telegram/features";
import { formatAmount } from "@/ui/amount";
import { Dialog } from "@/ui/Dialog";
import { typedCents } from "@/ui/typed-cents";
import { usePriceRequestActions } from "./price-requests";

/** Decimal odds as typed ("5.5", "5,5"); null unless a number above 1. */
export function typedOdds(typed: string): number | null {
  const text = typed.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const odds = Number(text);
  return odds > 1 ? odds : null;
}

export interface AskPriceProps {
  event: PlayerEvent;
  /** The outcome asked about first; the punter may pick another. */
  itemId?: Id;
  /** The stake he wanted (a refused bet's), to start from. */
  amount?: number;
  eachWay?: boolean;
  onClose(): void;
}

/**
 * A bet the box would refuse (a stake over his max stake or the outcome's room, or a price above
 * the one offered), asked of the bookmaker instead: outcome, stake, price, each-way. The book
 * answers within 5 minutes; the event then shows his request as it stands.
 */
export function AskPriceDialog({ event, itemId, amount, eachWay = false, onClose }: AskPriceProps) {
  const outcomes = event.items.filter((i) => i.status === "ACTIVE" && i.myStake === 0);
  const [chosen, setChosen] = useState<Id | undefined>(itemId ?? outcomes[0]?.id);
  const picked = outcomes.find((i) => i.id === chosen);
  const [stake, setStake] = useState(amount ? String(amount) : "");
  const [price, setPrice] = useState(picked ? String(picked.coefficient) : "");
  const [ew, setEw] = useState(eachWay && event.eachWay !== null);
  const { ask } = usePriceRequestActions(event.bookmakerId);
  const { busy, error, run } = useAction();
  const haptic = useHaptic();
  const fieldId = useId();

  const cents = typedCents(stake);
  const odds = typedOdds(price);
  const valid = picked !== undefined && cents !== null && cents > 0 && odds !== null;
  const room = picked ? formatAmount(ew ? picked.eachWayMaxStake : picked.maxStake) : null;

  const send = () =>
    void run(async () => {
      if (!valid) return;
      await ask({
        bookmakerId: event.bookmakerId,
        eventId: event.eventId,
        eventItemId: picked.id,
        amount: cents / 100,
        coefficient: odds,
        ...(ew ? { eachWay: true } : {}),
      });
      haptic("success");
      onClose();
    });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Ask for a price`}
      buttons={[
        { label: t`Cancel`, onClick: onClose },
        { label: busy ? t`Asking...` : t`Ask the bookmaker`, onClick: send, primary: true, disabled: busy || !valid },
      ]}
    >
      <div className="ask-price">
        <p className="hint">{t`For a bigger stake or a better price than offered: the bookmaker answers within 5 minutes.`}</p>
        {/* Named by its label alone: a label around a select would name it with its options too. */}
        <label className="ask-price-field" htmlFor={`${fieldId}-outcome`}>
          {t`Outcome`}
        </label>
        <select
          id={`${fieldId}-outcome`}
          className="ask-price-select"
          value={chosen ?? ""}
          onChange={(e) => {
            const next = outcomes.find((i) => i.id === Number(e.target.value));
            setChosen(next?.id);
            if (next) setPrice(String(next.coefficient));
          }}
        >
          {outcomes.map((i) => (
            <option key={i.id} value={i.id}>
              {i.title}
            </option>
          ))}
        </select>
        <label className="ask-price-field">
          <span>{ew ? t`Stake per part` : t`Stake`}</span>
          <input inputMode="decimal" value={stake} onChange={(e) => setStake(e.target.value)} />
        </label>
        {room !== null && <p className="hint">{t`You can bet up to ${room} on it now.`}</p>}
        <label className="ask-price-field">
          <span>{t`Odds`}</span>
          <input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </label>
        {event.eachWay && (
          <label className="bet-each-way">
            <input type="checkbox" checked={ew} onChange={(e) => setEw(e.target.checked)} />
            <span>{t`Each-way`}</span>
          </label>
        )}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
