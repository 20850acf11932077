import { useState } from "react";
import { termsText } from "../../../../common/each-way";
import type { Id, PlayerEvent } from "../../../../worker/contract";
import { useHaptic } from "../../telegram/features";
import { formatAmount } from "../../ui/amount";
import { Dialog } from "../../ui/Dialog";
import { placeBets, type BetOutcome } from "./place-bets";
import { hasBet, OutcomeStakes } from "./OutcomeStakes";
import { amountOf, exceedsCoins, staked, totalStake, type Stake } from "./volume";

export interface BetDialogProps {
  event: PlayerEvent;
  coins: number;
  asFractional: boolean;
  onClose(): void;
  /** After bets were sent: refresh events, coins and history. */
  onPlaced(): void;
}

export function BetDialog({ event, coins, asFractional, onClose, onPlaced }: BetDialogProps) {
  const [stakes, setStakes] = useState<Record<Id, Stake>>({});
  const [eachWay, setEachWay] = useState<Record<Id, boolean>>({});
  // Each-way only where the event has terms; the amount is then each part's stake.
  const isEachWay = (id: Id) => event.eachWay !== null && Boolean(eachWay[id]);
  const [placed, setPlaced] = useState<Set<Id>>(() => new Set());
  const [sending, setSending] = useState(false);
  const [notEnough, setNotEnough] = useState(false);
  const [result, setResult] = useState<BetOutcome[] | null>(null);
  const haptic = useHaptic();

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
    .map((item) => ({ item, amount: current[item.id]?.amount ?? 0, eachWay: isEachWay(item.id) }))
    .filter((s) => s.amount > 0);
  // What leaves his coins: an each-way bet stakes its amount on both parts.
  const staking = chosen.map((s) => staked(s.amount, s.eachWay));
  const total = totalStake(staking);

  async function bet() {
    if (exceedsCoins(staking, coins)) {
      setNotEnough(true);
      return;
    }
    setSending(true);
    const outcomes = await placeBets(event, chosen);
    setSending(false);
    const taken = outcomes.filter((o) => o.error === null).map((o) => o.item.id);
    setPlaced((prev) => new Set([...prev, ...taken]));
    setStakes((prev) => Object.fromEntries(Object.entries(prev).filter(([id]) => !taken.includes(Number(id)))));
    setResult(outcomes);
    haptic(outcomes.every((o) => o.error === null) ? "success" : "error");
    onPlaced();
  }

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={event.title}
        buttons={[
          { label: "Cancel", onClick: onClose },
          {
            label: sending ? "Placing..." : "Bet",
            onClick: () => void bet(),
            primary: true,
            disabled: sending || chosen.length === 0,
          },
        ]}
      >
        <p className="hint bet-description">{event.description || "No description"}</p>
        {event.eachWay && <p className="hint bet-terms">{termsText(event.eachWay)}</p>}
        <p className="bet-coins">
          Your coins: <b>{formatAmount(coins)}</b>
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
        />
        {total > 0 && (
          <p className="bet-total">
            Total: <b>{formatAmount(total)}</b>
          </p>
        )}
      </Dialog>

      <Dialog open={notEnough} onClose={() => setNotEnough(false)}>
        You don’t have enough coins to place these bets
      </Dialog>

      <BetResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}

/** Each bet is its own: the result says which were not taken, and why. */
function BetResultDialog({ result, onClose }: { result: BetOutcome[] | null; onClose(): void }) {
  const failed = result?.filter((o) => o.error !== null) ?? [];
  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      title={failed.length === 0 ? "Your bet is successful" : "Your bet has not been accepted"}
    >
      {failed.length > 0 && (
        <ul className="bet-failures">
          {failed.map((o) => (
            <li key={o.item.id}>
              {o.item.title}: {o.error}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
