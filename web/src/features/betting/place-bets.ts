import type { PlayerEvent, PlayerEventItem } from "@worker/contract";
import { call } from "@/api/call";
import { errorText } from "@/api/error-text";

export interface BetOutcome {
  item: PlayerEventItem;
  /** null when the bet was taken; the API's reason when not. */
  error: string | null;
}

/**
 * One POST /bets per outcome with a stake, in the table's order (docs/ARCHITECTURE.md, "Bet dialog"); one refusal
 * does not stop the others, each being a bet of its own.
 */
export async function placeBets(
  event: PlayerEvent,
  stakes: Array<{ item: PlayerEventItem; amount: number; eachWay?: boolean }>,
): Promise<BetOutcome[]> {
  const results: BetOutcome[] = [];
  for (const { item, amount, eachWay } of stakes) {
    if (!(amount > 0)) continue;
    try {
      await call("POST /bets", {
        body: {
          requestId: event.requestId,
          bookmakerId: event.bookmakerId,
          eventId: event.eventId,
          eventItemId: item.id,
          amount,
          coefficient: item.coefficient,
          // Each-way: `amount` is each part's stake; the server takes it twice.
          ...(eachWay ? { eachWay: true } : {}),
        },
      });
      results.push({ item, error: null });
    } catch (err) {
      results.push({ item, error: errorText(err) });
    }
  }
  return results;
}
