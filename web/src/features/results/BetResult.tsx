import { t } from "@lingui/core/macro";
import { termsWords } from "@/i18n/common-words";
import type { Bet } from "@worker/contract";
import { formatAmount } from "@/ui/amount";
import { betDeductions, spText } from "./racing";

// What became of a bet, in the punter's history (a line under the outcome) and the bookmaker's
// history of a punter (a badge on the bet's card). Which status says what lives here once; each
// screen only picks its look.

type Look = "line" | "badge";

/**
 * Won (with what it returned) or lost; on the bookmaker's cards an unsettled bet shows Open. An
 * each-way bet (`place`, its PLACE part) reads as one: what its parts returned together once
 * either paid, lost when both lost, open while either is.
 */
export function BetResult({ bet, place = null, look }: { bet: Bet; place?: Bet | null; look: Look }) {
  const one = place ? eachWayAsOne(bet, place) : bet;
  const amount = formatAmount(one.payout);
  const won = one.status === "WON" && (place ? t`Returned ${amount}` : t`Won ${amount}`);
  // The punter settled it himself, at its cash-out value (an each-way bet's, whole, on its WIN row).
  if (one.status === "CASHED_OUT") {
    const cashed = t`Cashed out ${amount}`;
    return look === "line" ? (
      <p className="history-won">{cashed}</p>
    ) : (
      <span className="bk-badge bk-badge-new">{cashed}</span>
    );
  }
  if (look === "line") {
    if (won) return <p className="history-won">{won}</p>;
    return one.status === "LOST" ? <p className="hint">{t`Lost`}</p> : null;
  }
  if (won) return <span className="bk-badge bk-badge-new">{won}</span>;
  if (one.status === "LOST") return <span className="bk-badge bk-badge-bad">{t`Lost`}</span>;
  return one.status === "ACCEPTED" ? <span className="bk-badge">{t`Open`}</span> : null;
}

/** A single's stake in a history's Bet column: an each-way bet's (`place`, its PLACE part) as its two parts, "2 × 10". */
export const betStakeText = (bet: Bet, place: Bet | null) =>
  place ? `2 × ${formatAmount(bet.money.amount)}` : formatAmount(bet.money.amount);

/** A cancelled bet's refund: a withdrawn outcome's is a non-runner's, any other an abandoned event's. */
export function BetRefund({ bet, look }: { bet: Bet; look: Look }) {
  if (bet.status !== "CANCELLED") return null;
  const cause = bet.outcomeStatus === "NR" ? t`Non-runner` : t`Abandoned`;
  // Both histories read the spec's words as it quotes them, 'Abandoned / The bet has been refunded'.
  return <p className={look === "line" ? "history-refund" : "bk-refund"}>{t`${cause} / The bet has been refunded`}</p>;
}

/** How it was priced (SP, BOG), and what Rule 4 and a dead heat took from a bet that won or may still win. */
export function BetDeductions({ bet, className }: { bet: Bet; className: string }) {
  if (bet.status !== "WON" && bet.status !== "ACCEPTED" && bet.status !== "LOST") return null;
  const priced = spText(bet);
  const lines = [...(priced ? [priced] : []), ...(bet.status === "LOST" ? [] : betDeductions(bet))];
  return lines.map((line) => (
    <p key={line} className={className}>
      {line}
    </p>
  ));
}

/** An each-way bet's overall result: open while a part is, paid when a part paid (returns summed), lost when both lost. */
function eachWayAsOne(win: Bet, place: Bet): Pick<Bet, "status" | "payout"> {
  const statuses = [win.status, place.status];
  const status = statuses.includes("CASHED_OUT")
    ? "CASHED_OUT"
    : statuses.includes("ACCEPTED")
      ? "ACCEPTED"
      : statuses.includes("WON")
        ? "WON"
        : statuses.every((s) => s === "LOST")
          ? "LOST"
          : "CANCELLED";
  return { status, payout: win.payout + place.payout };
}

/** What one part of an each-way bet came to: the place part says "placed", as the result message does. */
export function partText(bet: Bet): string {
  const place = bet.part === "PLACE";
  const amount = formatAmount(bet.payout);
  switch (bet.status) {
    case "WON":
      return place ? t`Place: placed, ${amount} returned` : t`Win: won, ${amount} returned`;
    case "LOST":
      return place ? t`Place: not placed` : t`Win: lost`;
    case "CANCELLED":
      return place ? t`Place: ${amount} refunded` : t`Win: ${amount} refunded`;
    default:
      return place ? t`Place: open` : t`Win: open`;
  }
}

/** An each-way bet's terms and its two parts, each with what it returned, under its outcome. */
export function EachWayParts({ win, place, className }: { win: Bet; place: Bet; className: string }) {
  // Cashed out whole: the bet's line says so, its parts have nothing of their own to say.
  const cashedOut = win.status === "CASHED_OUT";
  // Rule 4 is the same on both parts (shown for the bet); a dead heat for the last place is the place part's own.
  const placeOnly =
    place.status === "WON" || place.status === "ACCEPTED"
      ? betDeductions(place).filter((line) => !betDeductions(win).includes(line))
      : [];
  const terms = place.placeTerms ? termsWords(place.placeTerms) : null;
  const stake = formatAmount(win.money.amount);
  return (
    <>
      <p className={className}>{terms ? t`Each-way, ${terms}: ${stake} a part` : t`Each-way: ${stake} a part`}</p>
      {!cashedOut && <p className={className}>{partText(win)}</p>}
      {!cashedOut && <p className={className}>{partText(place)}</p>}
      {placeOnly.map((line) => (
        <p key={line} className={className}>
          {t`Place: ${line}`}
        </p>
      ))}
    </>
  );
}
