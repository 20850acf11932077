import type { Multiple } from "@worker/contract";
import { formatAmount } from "@/ui/amount";

/**
 * A multiple's result as the singles show theirs (features/results/BetResult.tsx): a line in the punter's
 * history, a badge on the bookmaker's card. While open it says what it returns if every leg wins.
 */
export function MultipleResult({ multiple: m, look }: { multiple: Multiple; look: "line" | "badge" }) {
  const won = `Won ${formatAmount(m.payout)}`;
  const potential = `Potential return ${formatAmount(m.potentialPayout)}`;
  if (look === "line") {
    switch (m.status) {
      case "WON":
        return <p className="history-won">{won}</p>;
      case "LOST":
        return <p className="hint">Lost</p>;
      case "CANCELLED":
        return <p className="history-refund">All legs void / The bet has been refunded</p>;
      default:
        return <p className="hint history-deduction">{potential}</p>;
    }
  }
  switch (m.status) {
    case "WON":
      return <span className="bk-badge bk-badge-new">{won}</span>;
    case "LOST":
      return <span className="bk-badge bk-badge-bad">Lost</span>;
    case "CANCELLED":
      return <span className="bk-badge bk-badge-bad">Refunded {formatAmount(m.payout)}</span>;
    default:
      return <span className="bk-badge">Open</span>;
  }
}
