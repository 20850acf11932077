import { t } from "@lingui/core/macro";
import { useState } from "react";
import { termsWords } from "@/i18n/common-words";
import type { Bet, Id, PlayerEvent, PriceRequest } from "@worker/contract";
import { betRowsReturn, mostBack, stakeReturn, type StakeLine } from "./returns";
import { useHaptic } from "@/telegram/features";
import { formatAmount } from "@/ui/amount";
import { Dialog } from "@/ui/Dialog";
import { useBetting, type BetOutcome } from "./api";
import { BetReceipt, type ReceiptLine } from "./BetReceipt";
import { spAndBog } from "./EventCard";
import { hasBet, OutcomeStakes, type YourBet } from "./OutcomeStakes";
import { amountOf, exceedsCoins, staked, totalStake, type Stake } from "./volume";
import { shownTitle } from "@/i18n/common-words";
import { AskPriceDialog, type AskPriceProps } from "./AskPriceDialog";
import { PriceRequestLines } from "./PriceRequestLines";

export interface BetDialogProps {
  event: PlayerEvent;
  coins: number;
  asFractional: boolean;
  /** His bet rows with this bookmaker, once loaded: a Suspended outcome's return at the odds taken. */
  myBets: readonly Bet[] | undefined;
  /** His price requests with this bookmaker: this event's show under the table. */
  requests?: readonly PriceRequest[];
  onClose(): void;
  /** After bets were sent: refresh events, coins and history. */
}

export function BetDialog({ event, coins, asFractional, myBets, requests, onClose }: BetDialogProps) {
  const { placeBets } = useBetting(event.bookmakerId);
  const [stakes, setStakes] = useState<Record<Id, Stake>>({});
  const [eachWay, setEachWay] = useState<Record<Id, boolean>>({});
  // At SP only where the event takes SP bets: no odds sent, paid at the runner's starting price.
  const [atSp, setAtSp] = useState<Record<Id, boolean>>({});
  // Each-way only where the event has terms; the amount is then each part's stake.
  const isEachWay = (id: Id) => event.eachWay !== null && Boolean(eachWay[id]);
  const [placed, setPlaced] = useState<Set<Id>>(() => new Set());
  const [sending, setSending] = useState(false);
  const [notEnough, setNotEnough] = useState(false);
  const [result, setResult] = useState<BetOutcome[] | null>(null);
  // The bets taken in this dialog, as sent: the receipt and their Suspended lines read them.
  const [taken, setTaken] = useState<Record<Id, ReceiptLine>>({});
  const haptic = useHaptic();
  // Asking the bookmaker for what the box would refuse: from here, or from a refused bet.
  const [asking, setAsking] = useState<Omit<AskPriceProps, "event" | "onClose"> | null>(null);
  const canAsk = event.items.some((i) => i.status === "ACTIVE" && !hasBet(i, placed));

  // A preset (Max, 1/2 Max…) is worth what it is now, not when it was picked: his coins may
  // arrive after the dialog opened, and the odds and the outcome's room move with other bets.
  // 'My bet' keeps what he typed. An each-way preset is of the each-way room, each part of
  // half the coins, since both parts are staked.
  const current: Record<Id, Stake> = {};
  for (const item of event.items) {
    const stake = stakes[item.id];
    if (!stake) continue;
    const ew = isEachWay(item.id);
    current[item.id] =
      stake.choice === "custom"
        ? stake
        : {
            ...stake,
            amount: amountOf(
              stake.choice,
              event.maxTotalPayout,
              item.coefficient,
              ew ? coins / 2 : coins,
              ew ? item.eachWayMaxStake : item.maxStake,
            ),
          };
  }
  const chosen = event.items
    .filter((item) => !hasBet(item, placed) && item.status === "ACTIVE")
    .map((item) => ({
      item,
      amount: current[item.id]?.amount ?? 0,
      eachWay: isEachWay(item.id),
      atSp: event.sp && Boolean(atSp[item.id]),
    }))
    .filter((s) => s.amount > 0);
  // What leaves his coins: an each-way bet stakes its amount on both parts.
  const staking = chosen.map((s) => staked(s.amount, s.eachWay));
  const total = totalStake(staking);
  const lineOf = (s: (typeof chosen)[number]): StakeLine => ({
    amount: s.amount,
    coefficient: s.item.coefficient,
    terms: s.eachWay ? event.eachWay : null,
  });
  const yourBets = yourBetsOf(event, taken, myBets);
  const sharing = (betId: Id | undefined) => (betId === undefined ? undefined : { betId, eventId: event.eventId });

  async function bet() {
    if (exceedsCoins(staking, coins)) {
      setNotEnough(true);
      return;
    }
    setSending(true);
    const outcomes = await placeBets(event, chosen);
    setSending(false);
    const ok = chosen.filter((s) => outcomes.some((o) => o.item.id === s.item.id && o.error === null));
    const ids = ok.map((s) => s.item.id);
    setPlaced((prev) => new Set([...prev, ...ids]));
    setStakes((prev) => Object.fromEntries(Object.entries(prev).filter(([id]) => !ids.includes(Number(id)))));
    setTaken((prev) => ({
      ...prev,
      ...Object.fromEntries(
        ok.map((s) => [s.item.id, { item: s.item, ...lineOf(s), share: sharing(outcomes[chosen.indexOf(s)]?.betId) }]),
      ),
    }));
    setResult(outcomes);
    haptic(outcomes.every((o) => o.error === null) ? "success" : "error");
  }

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={shownTitle(event.title)}
        buttons={[
          { label: t`Cancel`, onClick: onClose },
          {
            label: sending ? t`Placing...` : t`Bet`,
            onClick: () => void bet(),
            primary: true,
            disabled: sending || chosen.length === 0,
          },
        ]}
      >
        <p className="hint bet-description">{event.description || t`No description`}</p>
        {event.eachWay && <p className="hint bet-terms">{termsWords(event.eachWay)}</p>}
        {spAndBog(event) && <p className="hint bet-terms">{spAndBog(event)}</p>}
        <p className="bet-coins">
          {t`Your coins:`} <b>{formatAmount(coins)}</b>
        </p>
        <OutcomeStakes
          event={event}
          coins={coins}
          asFractional={asFractional}
          placed={placed}
          stakes={current}
          onStake={(id, stake) => setStakes((prev) => ({ ...prev, [id]: stake }))}
          eachWay={eachWay}
          onEachWay={(id, on) => setEachWay((prev) => ({ ...prev, [id]: on }))}
          atSp={atSp}
          onAtSp={(id, on) => setAtSp((prev) => ({ ...prev, [id]: on }))}
          yourBets={yourBets}
        />
        {total > 0 && (
          <p className="bet-total">
            <span>
              {t`Total:`} <b>{formatAmount(total)}</b>
            </span>{" "}
            <span className="hint">
              {t`returns up to`} <b>{formatAmount(mostBack(chosen.map(lineOf)))}</b>
            </span>
          </p>
        )}
        {chosen.some((s) => s.atSp) && <p className="hint">{t`SP bets counted at today's price`}</p>}
        <PriceRequestLines event={event} requests={requests} />
        {canAsk && (
          <button
            type="button"
            className="button button-secondary button-wide ask-price-open"
            onClick={() => setAsking({})}
          >
            {t`Ask for a price`}
          </button>
        )}
      </Dialog>

      <Dialog open={notEnough} onClose={() => setNotEnough(false)}>
        {t`You don’t have enough coins to place these bets`}
      </Dialog>

      <BetResultDialog
        result={result}
        receipt={result ? result.filter((o) => o.error === null && taken[o.item.id]).map((o) => taken[o.item.id]) : []}
        asFractional={asFractional}
        onClose={() => setResult(null)}
        onAsk={(o) => {
          setResult(null);
          setAsking({ itemId: o.item.id, amount: o.amount, eachWay: o.eachWay });
        }}
      />
      {asking && <AskPriceDialog event={event} {...asking} onClose={() => setAsking(null)} />}
    </>
  );
}

/**
 * His bet on each Suspended outcome: taken in this dialog (as sent), else from his bet rows (the
 * odds taken), else his stake at the odds now, which is what a win bet returns while they stand.
 */
function yourBetsOf(event: PlayerEvent, taken: Record<Id, ReceiptLine>, myBets: readonly Bet[] | undefined) {
  const bets: Record<Id, YourBet> = {};
  for (const outcome of event.items) {
    const here = taken[outcome.id];
    if (here) {
      bets[outcome.id] = {
        stake: staked(here.amount, here.terms !== null),
        returns: stakeReturn(here.amount, here.coefficient, here.terms),
      };
    } else if (outcome.myStake > 0) {
      const rows = myBets ? betRowsReturn(myBets, event.eventId, outcome.id) : null;
      // An each-way stake's return needs its rows: the stake alone does not say it was each-way.
      const guess = event.eachWay === null ? stakeReturn(outcome.myStake, outcome.coefficient) : null;
      bets[outcome.id] = { stake: outcome.myStake, returns: rows ?? guess };
    }
  }
  return bets;
}

/** Each bet is its own: the result says which were not taken, and why, and what the taken ones return. */
function BetResultDialog({
  result,
  receipt,
  asFractional,
  onClose,
  onAsk,
}: {
  result: BetOutcome[] | null;
  receipt: ReceiptLine[];
  asFractional: boolean;
  onClose(): void;
  /** A stake over his limits may be asked of the bookmaker instead. */
  onAsk(refused: BetOutcome): void;
}) {
  const failed = result?.filter((o) => o.error !== null) ?? [];
  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      title={failed.length === 0 ? t`Your bet is successful` : t`Your bet has not been accepted`}
    >
      {failed.length > 0 && (
        <ul className="bet-failures">
          {failed.map((o) => (
            <li key={o.item.id}>
              <span>
                {o.item.title}: {o.error}
              </span>
              {o.code === "LIMIT_EXCEEDED" && (
                <button type="button" className="button button-secondary ask-price-open" onClick={() => onAsk(o)}>
                  {t`Ask the bookmaker`}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <BetReceipt lines={receipt} asFractional={asFractional} />
    </Dialog>
  );
}
