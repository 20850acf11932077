import { t } from "@lingui/core/macro";
import type { ReactNode } from "react";

interface BetTableProps {
  /** The punter's screens head it 'Outcome', 'Odds'; the bookmaker's in the spec's capitals. */
  look?: "punter" | "bookmaker";
  /** The third column's heading (a stake, a leg's result, a what-if or gain), or null for none. */
  column: ReactNode;
  className?: string;
  /** The rows, in one or more <tbody>: the screen's own. */
  children: ReactNode;
}

/**
 * The table the app draws bets and outcomes in: each outcome, its odds and one more column. The
 * bet dialog, both histories, a multiple's legs and the result view draw it alike.
 */
export function BetTable({ look = "punter", column, className, children }: BetTableProps) {
  const bookmaker = look === "bookmaker";
  const num = bookmaker ? "bk-num" : "num";
  return (
    <table className={[bookmaker ? "bk-table" : "outcome-table", className].filter(Boolean).join(" ")}>
      <thead>
        <tr>
          <th>{bookmaker ? t`OUTCOME` : t`Outcome`}</th>
          <th className={num}>{bookmaker ? t`ODDS` : t`Odds`}</th>
          {column !== null && <th className={num}>{column}</th>}
        </tr>
      </thead>
      {children}
    </table>
  );
}
