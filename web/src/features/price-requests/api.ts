import { useSWRConfig } from "swr";
import { partReturnCents, placeReturnCents, type PlaceTerms } from "@common/each-way";
import { ladderOdds } from "@common/odds";
import type { Bet, BookBalances, Id, LiabilityBoard, PriceRequest } from "@worker/contract";
import { call } from "@/api/call";
import { routePath, type CallRequest } from "@/api/route-request";
import { pathOf, useApi } from "@/api/swr";

// The book's side of price requests (docs/decisions/screens.md, "Price requests"): the open
// requests of the book or of one event, what the screen shows beside each (the punter's limits,
// his open bets on the event, the outcome's liability) from the reads that already exist, and the
// answer, which refreshes what it changed.

/** The book waits on a punter who asked: its open requests are asked again every 5 s. */
export const REQUESTS_POLL_MS = 5_000;

const REQUESTS = routePath("GET /price-requests", { query: {} });
const isRequests = (key: unknown) => pathOf(key).startsWith(REQUESTS);

/**
 * The book's requests that wait for an answer (PENDING) and its offers that wait for the punter
 * (OFFERED), newest first; of one event when `eventId` is given.
 */
export function useOpenPriceRequests(eventId?: Id) {
  const event = eventId === undefined ? {} : { eventId: String(eventId) };
  const poll = { refreshInterval: REQUESTS_POLL_MS };
  const pending = useApi("GET /price-requests", { query: { ...event, status: "PENDING" } }, poll);
  const offered = useApi("GET /price-requests", { query: { ...event, status: "OFFERED" } }, poll);
  return {
    pending: pending.data,
    offered: offered.data,
    error: pending.error ?? offered.error,
    loading: !pending.data && !pending.error,
    retry: () => Promise.all([pending.mutate(), offered.mutate()]),
  };
}

export type Answer = CallRequest<"POST /price-requests/:id/answer">["body"];

/** Accept, counter or decline: the lists are read again whatever the answer (it may have moved on). */
export function useAnswerPriceRequest() {
  const { mutate } = useSWRConfig();
  return (requestId: Id, answer: Answer) =>
    call("POST /price-requests/:id/answer", { params: { id: requestId }, body: answer }).finally(
      () => void mutate(isRequests),
    );
}

/** What the screen shows beside a request, from the reads the book's other screens make. */
export function useRequestContext(request: PriceRequest) {
  const balances = useApi("GET /balances");
  const bets = useApi("GET /bets/:bookmakerId/", {
    params: { bookmakerId: request.bookmakerId },
    query: { userId: request.userId },
  });
  const board = useApi("GET /events/liability", {}, { refreshInterval: REQUESTS_POLL_MS });
  const event = useApi("GET /events/:id", { params: { id: request.eventId } });
  const outcome = event.data?.items.find((i) => i.id === request.eventItemId);
  return {
    eventTitle: event.data ? event.data.title : null,
    outcome: outcome?.title ?? null,
    priceNow: outcome?.currCoefficient ?? null,
    terms: event.data?.eachWay ?? null,
    limits: punterLimits(balances.data, request.userId),
    openBets: bets.data ? openBetsOn(bets.data, request.eventId) : undefined,
    payout: outcomePayout(board.data, request.eventId, request.eventItemId),
  };
}

/** His limits in force: his own, else the book's default; null for none (undefined while they load). */
export function punterLimits(balances: BookBalances | undefined, userId: Id) {
  if (!balances) return undefined;
  const own = balances.punters.find((p) => p.user.internalId === userId)?.limits;
  return {
    maxStake: own?.maxStake ?? balances.limits.maxStake,
    maxPayoutPerEvent: own?.maxPayoutPerEvent ?? balances.limits.maxPayoutPerEvent,
  };
}

/** His open bets on the event, an each-way bet's two rows as one (its WIN row). */
export const openBetsOn = (bets: readonly Bet[], eventId: Id) =>
  bets.filter((b) => b.eventId === eventId && b.status === "ACCEPTED" && b.part === "WIN");

/** What the book pays now should the outcome win (the liability board's), or null when not on it. */
export function outcomePayout(board: LiabilityBoard | undefined, eventId: Id, itemId: Id): number | null {
  const outcome = board?.events.find((e) => e.id === eventId)?.items.find((i) => i.id === itemId);
  return outcome ? outcome.payout : null;
}

/**
 * What a bet of `amount` (each part's, each-way) at `coefficient` pays should its outcome win, in
 * the ledger's rounding: the win part, and an each-way bet's place part too.
 */
export function betReturn(amount: number, coefficient: number, terms: PlaceTerms | null): number {
  const odds = ladderOdds(coefficient) ?? { num: Math.round((coefficient - 1) * 100), den: 100 };
  const win = { stakeCents: Math.round(amount * 100), odds };
  const place = terms ? { ...win, fraction: terms.fraction } : null;
  return (partReturnCents(win) + (place ? placeReturnCents(place, win) : 0)) / 100;
}
