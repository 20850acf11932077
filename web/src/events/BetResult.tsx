import type { Bet } from "../../../worker/contract";
import { formatAmount } from "../ui/amount";
import { betDeductions } from "./racing";

// What became of a bet, in the punter's history (a line under the outcome) and the bookmaker's
// history of a punter (a badge on the bet's card). Which status says what lives here once; each
// screen only picks its look.

type Look = "line" | "badge";

/** Won (with what it returned) or lost; on the bookmaker's cards an unsettled bet shows Open. */
export function BetResult({ bet, look }: { bet: Bet; look: Look }) {
  const won = bet.status === "WON" && `Won ${formatAmount(bet.payout)}`;
  if (look === "line") {
    if (won) return <p className="history-won">{won}</p>;
    return bet.status === "LOST" ? <p className="hint">Lost</p> : null;
  }
  if (won) return <span className="bk-badge bk-badge-new">{won}</span>;
  if (bet.status === "LOST") return <span className="bk-badge bk-badge-bad">Lost</span>;
  return bet.status === "ACCEPTED" ? <span className="bk-badge">Open</span> : null;
}

/** A cancelled bet's refund: a withdrawn outcome's is a non-runner's, any other an abandoned event's. */
export function BetRefund({ bet, look }: { bet: Bet; look: Look }) {
  if (bet.status !== "CANCELLED") return null;
  const cause = bet.outcomeStatus === "NR" ? "Non-runner" : "Abandoned";
  return look === "line" ? (
    <p className="history-refund">{cause} / The bet has been refunded</p>
  ) : (
    <p className="bk-refund">
      <span className="bk-badge bk-badge-bad">{cause}</span> The bet has been refunded
    </p>
  );
}

/** What Rule 4 and a dead heat took from a bet that won or may still win. */
export function BetDeductions({ bet, className }: { bet: Bet; className: string }) {
  if (bet.status !== "WON" && bet.status !== "ACCEPTED") return null;
  return betDeductions(bet).map((line) => (
    <p key={line} className={className}>
      {line}
    </p>
  ));
}
