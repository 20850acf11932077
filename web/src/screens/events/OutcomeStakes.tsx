import type { Id, PlayerEvent, PlayerEventItem } from "../../../../worker/contract";
import { Odds } from "../../ui/Odds";
import { VolumeSelector } from "./VolumeSelector";
import { NO_BET, type Stake } from "./volume";

/** A scrollbar of its own above this many outcomes (docs/ARCHITECTURE.md, "Bet dialog"). */
const SCROLL_ABOVE = 5;

/** One bet per punter per outcome: an outcome he has staked on shows 'Suspended'. */
export const hasBet = (item: PlayerEventItem, placed: Set<Id>) => item.myStake > 0 || placed.has(item.id);

interface OutcomeStakesProps {
  event: PlayerEvent;
  coins: number;
  asFractional: boolean;
  /** Outcomes bet on in this dialog already. */
  placed: Set<Id>;
  stakes: Record<Id, Stake>;
  onStake(itemId: Id, stake: Stake): void;
}

/** The bet dialog's table: each outcome, its odds, and a stake picker while it takes bets. */
export function OutcomeStakes({ event, coins, asFractional, placed, stakes, onStake }: OutcomeStakesProps) {
  return (
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
                    onChange={(stake) => onStake(item.id, stake)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
