import { useState } from "react";
import type { Id, PlayerEvent, PlayerEventItem } from "../../../../worker/contract";
import { useHaptic } from "../../telegram/features";
import { formatAmount } from "../../ui/amount";
import { Dialog } from "../../ui/Dialog";
import { Odds } from "../../ui/Odds";
import { placeBets, type BetOutcome } from "./place-bets";
import { VolumeSelector } from "./VolumeSelector";
import { exceedsCoins, NO_BET, totalStake, type Stake } from "./volume";

export interface BetDialogProps {
  event: PlayerEvent;
  coins: number;
  asFractional: boolean;
  onClose(): void;
  /** After bets were sent: refresh events, coins and history. */
  onPlaced(): void;
}

/** A scrollbar of its own above this many outcomes (spec "Bet dialog"). */
const SCROLL_ABOVE = 5;

/** One bet per punter per outcome: an outcome he has staked on shows 'Suspended'. */
const hasBet = (item: PlayerEventItem, placed: Set<Id>) => item.myStake > 0 || placed.has(item.id);

export function BetDialog({ event, coins, asFractional, onClose, onPlaced }: BetDialogProps) {
  const [stakes, setStakes] = useState<Record<Id, Stake>>({});
  const [placed, setPlaced] = useState<Set<Id>>(() => new Set());
  const [sending, setSending] = useState(false);
  const [notEnough, setNotEnough] = useState(false);
  const [result, setResult] = useState<BetOutcome[] | null>(null);
  const haptic = useHaptic();

  const chosen = event.items
    .filter((item) => !hasBet(item, placed) && item.status === "ACTIVE")
    .map((item) => ({ item, amount: stakes[item.id]?.amount ?? 0 }))
    .filter((s) => s.amount > 0);
  const total = totalStake(chosen.map((s) => s.amount));

  async function bet() {
    if (
      exceedsCoins(
        chosen.map((s) => s.amount),
        coins,
      )
    ) {
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

  const failed = result?.filter((o) => o.error !== null) ?? [];

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
        <p className="bet-coins">
          Your coins: <b>{formatAmount(coins)}</b>
        </p>
        <div className={event.items.length > SCROLL_ABOVE ? "bet-outcomes bet-outcomes-scroll" : "bet-outcomes"}>
          <table className="outcome-table bet-table">
            <thead>
              <tr>
                <th>Outcome</th>
                <th className="num">Odds</th>
                <th className="num">Bet</th>
              </tr>
            </thead>
            <tbody>
              {event.items.map((item) => (
                <tr key={item.id}>
                  <td>{item.title}</td>
                  <td className="num">
                    <Odds decimal={item.coefficient} fractional={item.fractalCoefficient} asFractional={asFractional} />
                  </td>
                  <td className="num bet-cell">
                    {hasBet(item, placed) ? (
                      <span className="badge badge-warn">Suspended</span>
                    ) : item.status !== "ACTIVE" ? (
                      <span className="hint">{item.status === "NR" ? "Non-runner" : item.status}</span>
                    ) : (
                      <VolumeSelector
                        outcome={item.title}
                        maxTotalPayout={event.maxTotalPayout}
                        coefficient={item.coefficient}
                        room={item.maxStake}
                        coins={coins}
                        value={stakes[item.id] ?? NO_BET}
                        onChange={(stake) => setStakes((prev) => ({ ...prev, [item.id]: stake }))}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {total > 0 && (
          <p className="bet-total">
            Total: <b>{formatAmount(total)}</b>
          </p>
        )}
      </Dialog>

      <Dialog open={notEnough} onClose={() => setNotEnough(false)}>
        You don’t have enough coins to place these bets
      </Dialog>

      <Dialog
        open={result !== null}
        onClose={() => setResult(null)}
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
    </>
  );
}
