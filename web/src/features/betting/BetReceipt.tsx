import { t } from "@lingui/core/macro";
import type { PlayerOutcome } from "@worker/contract";
import { stakeReturn, type StakeLine } from "./returns";
import { formatAmount } from "@/ui/amount";
import { Odds } from "@/ui/Odds";

/** A bet taken in the bet dialog, as it was sent. */
export interface ReceiptLine extends StakeLine {
  item: PlayerOutcome;
}

/**
 * Beside the spec's 'Your bet is successful': each bet taken, its stake, odds and what it returns
 * if it wins. An each-way bet is one line, its two parts' stake shown as "2 × 10".
 */
export function BetReceipt({ lines, asFractional }: { lines: ReceiptLine[]; asFractional: boolean }) {
  if (lines.length === 0) return null;
  return (
    <table className="outcome-table bet-receipt" aria-label={t`Receipt`}>
      <thead>
        <tr>
          <th>{t`Outcome`}</th>
          <th className="num">{t`Stake`}</th>
          <th className="num">{t`Odds`}</th>
          <th className="num">{t`Returns`}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ item, amount, coefficient, terms }) => (
          <tr key={item.id}>
            <td>{item.title}</td>
            <td className="num">{terms ? eachWayStake(amount) : formatAmount(amount)}</td>
            <td className="num">
              <Odds decimal={coefficient} fractional={item.fractalCoefficient} asFractional={asFractional} />
            </td>
            <td className="num">{formatAmount(stakeReturn(amount, coefficient, terms))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An each-way bet's stake: each of its two parts' (shown "E/W 2 × 10"). */
export function eachWayStake(amount: number) {
  const stake = formatAmount(amount);
  return t`E/W 2 × ${stake}`;
}
