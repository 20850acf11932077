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
    <table className="outcome-table bet-receipt" aria-label="Receipt">
      <thead>
        <tr>
          <th>Outcome</th>
          <th className="num">Stake</th>
          <th className="num">Odds</th>
          <th className="num">Returns</th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ item, amount, coefficient, terms }) => (
          <tr key={item.id}>
            <td>{item.title}</td>
            <td className="num">{terms ? `E/W 2 × ${formatAmount(amount)}` : formatAmount(amount)}</td>
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
