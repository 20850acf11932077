import { t } from "@lingui/core/macro";
import type { Id, PlayerOutcome } from "@worker/contract";
import { ShareButton } from "@/features/sharing/ShareButton";
import { stakeReturn, type StakeLine } from "./returns";
import { formatAmount } from "@/ui/amount";
import { Odds } from "@/ui/Odds";

/** A bet taken in the bet dialog, as it was sent. */
export interface ReceiptLine extends StakeLine {
  item: PlayerOutcome;
  /** The bet taken and its event, to share. */
  share?: { betId: Id; eventId: Id };
}

/**
 * Beside the spec's 'Your bet is successful': each bet taken, its stake, odds and what it returns
 * if it wins, then a Share of each (the bot's card of it). An each-way bet is one line, its two
 * parts' stake shown as "2 × 10".
 */
export function BetReceipt({ lines, asFractional }: { lines: ReceiptLine[]; asFractional: boolean }) {
  if (lines.length === 0) return null;
  const shared = lines.flatMap(({ item: outcome, share }) => (share ? [{ title: outcome.title, ...share }] : []));
  return (
    <>
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
          {lines.map(({ item: outcome, amount, coefficient, terms }) => (
            <tr key={outcome.id}>
              <td>{outcome.title}</td>
              <td className="num">{terms ? eachWayStake(amount) : formatAmount(amount)}</td>
              <td className="num">
                <Odds decimal={coefficient} fractional={outcome.fractalCoefficient} asFractional={asFractional} />
              </td>
              <td className="num">{formatAmount(stakeReturn(amount, coefficient, terms))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shared.map(({ title, betId, eventId }) => (
        <ShareButton
          key={betId}
          target={{ kind: "BET", id: betId }}
          startParam={`ev_${eventId}`}
          label={shared.length > 1 ? t`Share the bet on ${title}` : t`Share the bet`}
        />
      ))}
    </>
  );
}

/** An each-way bet's stake: each of its two parts' (shown "E/W 2 × 10"). */
export function eachWayStake(amount: number) {
  const stake = formatAmount(amount);
  return t`E/W 2 × ${stake}`;
}
