import { useSWRConfig } from "swr";
import type { Id, PlayerEvent, PlayerOutcome } from "@worker/contract";
import { call } from "@/api/call";
import { ApiError } from "@/api/client";
import { errorText } from "@/api/error-text";
import { routePath, type CallRequest } from "@/api/route-request";
import { pathOf } from "@/api/swr";

// The punter's bets: each write, and what it changes in SWR's cache read afresh beside it, so
// the screens that placed it need not know what to refresh.

export interface BetOutcome {
  item: PlayerOutcome;
  /** The bet taken (an each-way bet's WIN row), which its receipt shares. */
  betId?: Id;
  /** null when the bet was taken; the API's reason when not. */
  error: string | null;
  /** The refusal's code: LIMIT_EXCEEDED lets him ask the bookmaker instead. */
  code?: string;
  /** What was sent: a refused stake is where asking the bookmaker starts. */
  amount?: number;
  eachWay?: boolean;
}

/**
 * One POST /bets per outcome with a stake, in the table's order (docs/rules/betting.md, "Bet dialog"); one refusal
 * does not stop the others, each being a bet of its own.
 */
export async function placeBets(
  event: PlayerEvent,
  stakes: Array<{ item: PlayerOutcome; amount: number; eachWay?: boolean; atSp?: boolean }>,
): Promise<BetOutcome[]> {
  const results: BetOutcome[] = [];
  for (const { item, amount, eachWay, atSp } of stakes) {
    if (!(amount > 0)) continue;
    try {
      const bet = await call("POST /bets", {
        body: {
          requestId: event.requestId,
          bookmakerId: event.bookmakerId,
          eventId: event.eventId,
          eventItemId: item.id,
          amount,
          // At SP: no odds, the runner's starting price pays it.
          ...(atSp ? { atSp: true } : { coefficient: item.coefficient }),
          // Each-way: `amount` is each part's stake; the server takes it twice.
          ...(eachWay ? { eachWay: true } : {}),
        },
      });
      results.push({ item, error: null, betId: bet.betId });
    } catch (err) {
      results.push({
        item,
        error: errorText(err),
        code: err instanceof ApiError ? err.code : undefined,
        amount,
        eachWay,
      });
    }
  }
  return results;
}

/** A multiple (POST /bets/multiple): its legs at the odds the slip shows, `amount` a unit's stake. */
const placeMultiple = (body: CallRequest<"POST /bets/multiple">["body"]) => call("POST /bets/multiple", { body });

/**
 * What bets with a bookmaker change (docs/rules/screens.md, "Polling"): his events for the
 * punter (their odds and the stakes offered), the punter's coins there, his bets, the bookmaker
 * lists.
 */
export function touchedByBets(bookmakerId: Id) {
  const events = routePath("GET /player/events/:bookmakerId", { params: { bookmakerId } });
  const coins = routePath("GET /balances/:bookmakerId", { params: { bookmakerId } });
  return (key: unknown) => {
    const path = pathOf(key);
    return path === events || path === coins || path.startsWith("/bets/") || path === "/bookmakers";
  };
}

/**
 * Placing bets with one bookmaker. Whether they were taken or refused, what they touch is read
 * afresh: odds or an event may have moved under a refusal, and the list shows them as they are.
 */
export function useBetting(bookmakerId: Id) {
  const { mutate } = useSWRConfig();
  const betsPlaced = () => void mutate(touchedByBets(bookmakerId));
  return {
    placeBets: (...args: Parameters<typeof placeBets>) => placeBets(...args).finally(betsPlaced),
    placeMultiple: (...args: Parameters<typeof placeMultiple>) => placeMultiple(...args).finally(betsPlaced),
  };
}
