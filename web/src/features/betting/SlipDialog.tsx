import { t } from "@lingui/core/macro";
import { useId, useState } from "react";
import { linesOf, type MultipleKind } from "@common/multiples";
import type { Id, Multiple, PlayerEvent } from "@worker/contract";
import { ApiError } from "@/api/client";
import { errorText } from "@/api/error-text";
import { kindWithLines } from "@/features/results/multiples/kinds";
import { useSlip, useSlips } from "@/store/slip";
import { useHaptic } from "@/telegram/features";
import { formatAmount, formatCents } from "@/ui/amount";
import { Dialog } from "@/ui/Dialog";
import { Odds } from "@/ui/Odds";
import { useBetting } from "./api";
import { atSpLabel } from "./OutcomeStakes";
import { SlipReceipt } from "./SlipReceipt";
import { refusedLeg, shownLegs, slipFigures, type ShownLeg } from "./bet-slip";
import { shownTitle } from "@/i18n/common-words";

export interface SlipDialogProps {
  bookmakerId: Id;
  events: PlayerEvent[] | undefined;
  coins: number;
  asFractional: boolean;
  onClose(): void;
  /** After a multiple was sent: refresh events, coins and history, as after a single bet. */
}

/** A refusal in the API's words, and the selection it names (by event, so removing another keeps it marked). */
interface Refusal {
  message: string;
  eventId: Id | null;
}

/**
 * The bet slip: its selections, the kinds their number allows with their lines, the stake per
 * line, the total and the return if every line wins; Place sends one POST /bets/multiple.
 */
export function SlipDialog({ bookmakerId, events, coins, asFractional, onClose }: SlipDialogProps) {
  const { placeMultiple } = useBetting(bookmakerId);
  const slip = useSlip(bookmakerId);
  const { remove, setKind, setUnit, clear, setAtSp } = useSlips.getState();
  const atSp = (leg: ShownLeg) => leg.sp && leg.atSp === true;
  const legs = shownLegs(slip.legs, events);
  const figures = slipFigures(
    slip.kind,
    legs.map((l) => l.odds),
    slip.unit,
  );
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [notEnough, setNotEnough] = useState(false);
  const [placed, setPlaced] = useState<Multiple | null>(null);
  const haptic = useHaptic();
  const unitId = useId();

  const closed = legs.some((l) => !l.open);
  const ready = figures.kind !== null && figures.unitCents !== null && !closed && !sending;

  async function place() {
    if (figures.kind === null || figures.unitCents === null) return;
    if (figures.totalCents > Math.round(coins * 100)) {
      setNotEnough(true);
      return;
    }
    setSending(true);
    setRefusal(null);
    try {
      const multiple = await placeMultiple({
        bookmakerId,
        kind: figures.kind,
        legs: legs.map((l) => ({
          eventId: l.eventId,
          eventItemId: l.eventItemId,
          coefficient: atSp(l) ? ("SP" as const) : l.odds,
        })),
        amount: figures.unitCents / 100,
      });
      clear(bookmakerId);
      setPlaced(multiple);
      haptic("success");
    } catch (err) {
      const at = refusedLeg(err instanceof ApiError ? err.field : undefined);
      setRefusal({ message: errorText(err), eventId: at === null ? null : (legs[at]?.eventId ?? null) });
      haptic("error");
    } finally {
      setSending(false);
    }
  }

  if (placed) return <SlipReceipt multiple={placed} onClose={onClose} />;
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={t`Bet slip`}
        buttons={[
          { label: t`Close`, onClick: onClose },
          { label: sending ? t`Placing...` : t`Place`, onClick: () => void place(), primary: true, disabled: !ready },
        ]}
      >
        <ul className="slip-legs" aria-label={t`Selections`}>
          {legs.map((leg) => (
            <SlipLegRow
              key={leg.eventId}
              leg={leg}
              asFractional={asFractional}
              refusal={refusal?.eventId === leg.eventId ? refusal.message : null}
              onRemove={() => remove(bookmakerId, leg.eventId)}
              atSp={atSp(leg)}
              onAtSp={(on) => setAtSp(bookmakerId, leg.eventId, on)}
            />
          ))}
        </ul>
        {legs.length === 0 && <p className="hint">{t`The slip is empty.`}</p>}
        {legs.length === 1 && <p className="hint">{t`Add an outcome of another event to make a multiple.`}</p>}
        {figures.kinds.length > 0 && (
          <fieldset className="slip-kinds">
            <legend>{t`Kind`}</legend>
            {figures.kinds.map((kind) => (
              <KindChoice
                key={kind}
                kind={kind}
                legs={legs.length}
                checked={kind === figures.kind}
                onPick={() => setKind(bookmakerId, kind)}
              />
            ))}
          </fieldset>
        )}
        <label className="slip-unit" htmlFor={unitId}>
          {t`Stake per line`}
        </label>
        <input
          id={unitId}
          className="input"
          inputMode="decimal"
          placeholder="0"
          value={slip.unit}
          onChange={(e) => setUnit(bookmakerId, e.target.value)}
        />
        <p className="bet-coins">
          {t`Your coins:`} <b>{formatAmount(coins)}</b>
        </p>
        {figures.kind !== null && figures.unitCents !== null && (
          <>
            <p className="bet-total">
              {t`Total:`} <b>{formatCents(figures.totalCents)}</b>{" "}
              <span className="hint">
                ({figures.lines} × {formatCents(figures.unitCents)})
              </span>
            </p>
            <p className="slip-return">
              {t`Potential return:`} <b>{formatCents(figures.returnCents)}</b>
            </p>
            {legs.some(atSp) && <p className="hint">{t`SP bets counted at today's price`}</p>}
          </>
        )}
        {refusal && !legs.some((l) => l.eventId === refusal.eventId) && (
          <p className="error-text" role="alert">
            {refusal.message}
          </p>
        )}
      </Dialog>

      <Dialog open={notEnough} onClose={() => setNotEnough(false)}>
        {t`You don’t have enough coins to place these bets`}
      </Dialog>
    </>
  );
}

function KindChoice(props: { kind: MultipleKind; legs: number; checked: boolean; onPick(): void }) {
  const { kind, legs, checked, onPick } = props;
  return (
    <label className="slip-kind">
      <input type="radio" name="slip-kind" checked={checked} onChange={onPick} />
      <span>{kindWithLines(kind, legs, linesOf(kind, legs).length)}</span>
    </label>
  );
}

/**
 * A selection: event, outcome and odds now (struck-through odds it was added at, if moved), and
 * Remove; a refusal that names it is said here.
 */
function SlipLegRow(props: {
  leg: ShownLeg;
  asFractional: boolean;
  refusal: string | null;
  onRemove(): void;
  atSp: boolean;
  onAtSp(on: boolean): void;
}) {
  const { leg, asFractional, refusal, onRemove, atSp, onAtSp } = props;
  const outcome = leg.outcomeTitle;
  return (
    <li
      className={refusal === null ? "slip-leg" : "slip-leg slip-leg-refused"}
      aria-label={`${shownTitle(leg.eventTitle)}, ${leg.outcomeTitle}`}
    >
      <span className="slip-leg-text">
        <span className="hint">{shownTitle(leg.eventTitle)}</span>
        <span>
          {leg.outcomeTitle}{" "}
          <b>
            <Odds decimal={leg.odds} fractional={leg.fractional} asFractional={asFractional} />
          </b>
          {leg.was !== null && (
            <>
              {" "}
              <s className="hint">
                <Odds decimal={leg.was} />
              </s>
            </>
          )}
        </span>
        {leg.sp && (
          <label className="bet-each-way slip-sp">
            <input
              type="checkbox"
              aria-label={atSpLabel(outcome)}
              checked={atSp}
              onChange={(e) => onAtSp(e.target.checked)}
            />
            <span>{t`SP`}</span>
          </label>
        )}
        {!leg.open && <span className="error-text">{t`No longer taking bets`}</span>}
        {refusal !== null && (
          <span className="error-text" role="alert">
            {refusal}
          </span>
        )}
      </span>
      <button type="button" className="link-button" aria-label={t`Remove ${outcome}`} onClick={onRemove}>
        {t`Remove`}
      </button>
    </li>
  );
}
