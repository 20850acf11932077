import { t } from "@lingui/core/macro";
import type { Multiple } from "@worker/contract";
import { formatAmount } from "@/ui/amount";

/**
 * A multiple's result as the singles show theirs (features/results/BetResult.tsx): a line in the punter's
 * history, a badge on the bookmaker's card. While open it says what it returns if every leg wins.
 */
export function MultipleResult({ multiple: m, look }: { multiple: Multiple; look: "line" | "badge" }) {
  const payout = formatAmount(m.payout);
  const potentialPayout = formatAmount(m.potentialPayout);
  if (look === "line") {
    switch (m.status) {
      case "WON":
        return <p className="history-won">{t`Won ${payout}`}</p>;
      case "LOST":
        return <p className="hint">{t`Lost`}</p>;
      case "CANCELLED":
        return <p className="history-refund">{t`All legs void / The bet has been refunded`}</p>;
      case "CASHED_OUT":
        return <p className="history-won">{t`Cashed out ${payout}`}</p>;
      default:
        return <p className="hint history-deduction">{t`Potential return ${potentialPayout}`}</p>;
    }
  }
  switch (m.status) {
    case "WON":
      return <span className="bk-badge bk-badge-new">{t`Won ${payout}`}</span>;
    case "LOST":
      return <span className="bk-badge bk-badge-bad">{t`Lost`}</span>;
    case "CANCELLED":
      return <span className="bk-badge bk-badge-bad">{t`Refunded ${payout}`}</span>;
    case "CASHED_OUT":
      return <span className="bk-badge bk-badge-new">{t`Cashed out ${payout}`}</span>;
    default:
      return <span className="bk-badge">{t`Open`}</span>;
  }
}
