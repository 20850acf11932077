import type { ReactNode } from "react";
import type { Multiple } from "@worker/contract";
import { formatAmount } from "@/ui/amount";
import { dateTime } from "@/ui/dates";
import { Odds } from "@/ui/Odds";
import { kindWithLines } from "./kinds";
import { MultipleResult } from "./MultipleResult";
import { legResultText, stakeText } from "./results";
import { atSpText } from "../racing";
import { shownTitle } from "@/i18n/common-words";

/**
 * A multiple in the punter's history table (Outcome, Odds, Bet): its kind and date, a row per
 * leg with its result, then the stake per line × lines and the result (and `below` it, its
 * cash-out), the staked sum under Bet.
 */
export function MultipleRows({ multiple: m, below }: { multiple: Multiple; below?: ReactNode }) {
  const name = kindWithLines(m.kind, m.legs.length, m.lines);
  return (
    <tbody className="history-bet history-multiple" aria-label={name}>
      <tr className="history-event">
        <td colSpan={3}>
          <span className="history-title">{name}</span>
          <span className="hint history-date">{dateTime(m.createdAt)}</span>
        </td>
      </tr>
      {m.legs.map((leg) => (
        <tr key={leg.eventId} className="history-leg">
          <td>
            {leg.outcomeTitle}
            <span className="hint history-description">{shownTitle(leg.eventTitle)}</span>
            <span className={leg.result === "WON" ? "history-won" : "hint history-deduction"}>
              {legResultText(leg)}
            </span>
            {leg.atSp && (
              <span className="hint history-deduction">
                {atSpText(leg.result === "PENDING" ? null : leg.coefficient)}
              </span>
            )}
          </td>
          <td className="num">
            <Odds decimal={leg.coefficient} />
          </td>
          <td />
        </tr>
      ))}
      <tr>
        <td colSpan={2}>
          <span className="hint history-deduction">{stakeText(m)}</span>
          <MultipleResult multiple={m} look="line" />
          {below}
        </td>
        <td className="num">{formatAmount(m.staked)}</td>
      </tr>
    </tbody>
  );
}
