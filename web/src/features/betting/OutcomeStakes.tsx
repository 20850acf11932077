import { t } from "@lingui/core/macro";
import { Fragment, useState } from "react";
import type { PlaceTerms } from "@common/each-way";
import type { Id, PlayerEvent, PlayerOutcome } from "@worker/contract";
import { PriceHistory } from "@/features/results/PriceHistory";
import { stakeReturn } from "./returns";
import { formatAmount } from "@/ui/amount";
import { Odds, oddsText } from "@/ui/Odds";
import { eachWayStake } from "./BetReceipt";
import { VolumeSelector } from "./VolumeSelector";
import { NO_BET, type Stake } from "./volume";
import { BetTable } from "@/ui/BetTable";

/** A scrollbar of its own above this many outcomes (docs/rules/betting.md, "Bet dialog"). */
const SCROLL_ABOVE = 5;

/** One bet per punter per outcome: an outcome he has staked on shows 'Suspended'. */
export const hasBet = (item: PlayerOutcome, placed: Set<Id>) => item.myStake > 0 || placed.has(item.id);

interface OutcomeStakesProps {
  event: PlayerEvent;
  coins: number;
  asFractional: boolean;
  /** Outcomes bet on in this dialog already. */
  placed: Set<Id>;
  stakes: Record<Id, Stake>;
  onStake(itemId: Id, stake: Stake): void;
  /** Outcomes backed each-way: offered only where the event has each-way terms. */
  eachWay: Record<Id, boolean>;
  onEachWay(itemId: Id, on: boolean): void;
  /** Outcomes backed at SP: offered only where the event takes SP bets. */
  atSp: Record<Id, boolean>;
  onAtSp(itemId: Id, on: boolean): void;
  /** His bet on an outcome marked Suspended: what he staked and, when known, what it returns. */
  yourBets: Record<Id, YourBet>;
}

export interface YourBet {
  stake: number;
  returns: number | null;
}

/** The bet dialog's table: each outcome, its odds, and a stake picker while it takes bets. */
export function OutcomeStakes(props: OutcomeStakesProps) {
  const { event, coins, asFractional, placed, stakes, onStake, eachWay, onEachWay, atSp, onAtSp, yourBets } = props;
  // A tap on an outcome's odds shows its price since publication under it; another tap hides it.
  const [pricesOf, setPricesOf] = useState<Id | null>(null);
  return (
    <div className={event.items.length > SCROLL_ABOVE ? "bet-outcomes bet-outcomes-scroll" : "bet-outcomes"}>
      <BetTable column={t`Bet`} className="bet-table">
        <tbody>
          {event.items.map((item) => (
            <Fragment key={item.id}>
              <tr>
                <td>{item.title}</td>
                <td className="num">
                  <button
                    type="button"
                    className="odds-tap"
                    // The name starts with the odds it shows (WCAG 2.5.3, label in name).
                    aria-label={priceHistoryLabel(item, asFractional)}
                    aria-expanded={pricesOf === item.id}
                    onClick={() => setPricesOf(pricesOf === item.id ? null : item.id)}
                  >
                    <Odds decimal={item.coefficient} fractional={item.fractalCoefficient} asFractional={asFractional} />
                  </button>
                </td>
                <td className="num bet-cell">
                  {hasBet(item, placed) ? (
                    <>
                      <span className="badge badge-warn">{t`Suspended`}</span>
                      {yourBets[item.id] && <YourBetLine bet={yourBets[item.id]} />}
                    </>
                  ) : item.status !== "ACTIVE" ? (
                    <span className="hint">{item.status === "NR" ? t`Non-runner` : item.status}</span>
                  ) : (
                    <>
                      <VolumeSelector
                        outcome={item.title}
                        maxTotalPayout={event.maxTotalPayout}
                        coefficient={item.coefficient}
                        room={eachWay[item.id] ? item.eachWayMaxStake : item.maxStake}
                        coins={eachWay[item.id] ? coins / 2 : coins}
                        value={stakes[item.id] ?? NO_BET}
                        onChange={(stake) => onStake(item.id, stake)}
                      />
                      {event.eachWay && (
                        <EachWayToggle
                          outcome={item.title}
                          on={Boolean(eachWay[item.id])}
                          amount={stakes[item.id]?.amount ?? 0}
                          onChange={(on) => onEachWay(item.id, on)}
                        />
                      )}
                      {event.sp && (
                        <label className="bet-each-way">
                          <input
                            type="checkbox"
                            aria-label={atSpLabel(item.title)}
                            checked={Boolean(atSp[item.id])}
                            onChange={(e) => onAtSp(item.id, e.target.checked)}
                          />
                          <span>{t`SP`}</span>
                        </label>
                      )}
                      <StakeReturns
                        amount={stakes[item.id]?.amount ?? 0}
                        coefficient={item.coefficient}
                        terms={eachWay[item.id] ? event.eachWay : null}
                      />
                    </>
                  )}
                </td>
              </tr>
              {pricesOf === item.id && (
                <tr className="price-row">
                  <td colSpan={3}>
                    <PriceHistory bookmakerId={event.bookmakerId} eventId={event.eventId} itemId={item.id} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </BetTable>
    </div>
  );
}

/** The SP box's name: a bet at SP on the outcome. */
export const atSpLabel = (outcome: string) => t`At SP on ${outcome}`;

/** The odds button's name: the odds it shows, then what a tap shows. */
function priceHistoryLabel(item: PlayerOutcome, asFractional: boolean) {
  const odds = oddsText(item.coefficient, item.fractalCoefficient, asFractional);
  const outcome = item.title;
  return t`${odds}: price history of ${outcome}`;
}

/** E/W on one outcome: the stake shown is each part's, and twice it is staked. */
function EachWayToggle(props: { outcome: string; on: boolean; amount: number; onChange(on: boolean): void }) {
  const { outcome, on, amount, onChange } = props;
  return (
    <label className="bet-each-way">
      <input
        type="checkbox"
        aria-label={t`Each-way on ${outcome}`}
        checked={on}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{on && amount > 0 ? eachWayStake(amount) : t`E/W`}</span>
    </label>
  );
}

/** Under a chosen stake: what it returns should the outcome win (each-way: both parts, as when it wins). */
function StakeReturns({
  amount,
  coefficient,
  terms,
}: {
  amount: number;
  coefficient: number;
  terms: PlaceTerms | null;
}) {
  if (!(amount > 0)) return null;
  const back = formatAmount(stakeReturn(amount, coefficient, terms));
  return <span className="hint bet-returns">{t`returns ${back}`}</span>;
}

/** "Your bet: 100 → 200": the stake on a Suspended outcome and what it returns if it wins. */
function YourBetLine({ bet }: { bet: YourBet }) {
  const stake = formatAmount(bet.stake);
  const returns = bet.returns === null ? null : formatAmount(bet.returns);
  return (
    <span className="hint bet-returns">
      {returns === null ? t`Your bet: ${stake}` : t`Your bet: ${stake} → ${returns}`}
    </span>
  );
}
