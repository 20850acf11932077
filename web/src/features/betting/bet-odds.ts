import { fractionalText, ladderOdds } from "@common/odds";
import type { Bet, PlayerEvent, PlayerOutcome } from "@worker/contract";
import { partText } from "@/features/results/BetResult";
import { betDeductions, spText } from "@/features/results/racing";
import type { ResultOutcome } from "@/features/results/outcome";

/**
 * The event's outcomes with the odds the punter's bets were taken at: a non-runner reprices
 * the others, but a bet is paid at the odds it was taken at, less what the racing rules took;
 * an each-way bet's place part says what it returned.
 */
export function atOddsTaken(event: PlayerEvent, bets: readonly Bet[] | undefined): (PlayerOutcome & ResultOutcome)[] {
  return event.items.map((item) => {
    const mine = bets?.filter((b) => b.eventId === event.eventId && b.eventItemId === item.id) ?? [];
    // An each-way bet is two rows: the WIN part carries the odds and the rules' notes, the PLACE part its return.
    const bet = mine.find((b) => b.part !== "PLACE");
    const place = mine.find((b) => b.part === "PLACE");
    if (!bet) return item;
    const odds = ladderOdds(bet.coefficient);
    return {
      ...item,
      coefficient: bet.coefficient,
      fractalCoefficient: item.fractalCoefficient && odds ? fractionalText(odds) : item.fractalCoefficient,
      notes: [
        // A BOG bet paid at the SP says so; a bet at SP reads the runner's SP on its row.
        ...(bet.atSp || !bet.paidAtSp ? [] : [spText(bet)!]),
        ...betDeductions(bet),
        ...(place && place.status !== "ACCEPTED" ? [partText(place)] : []),
      ],
    };
  });
}
