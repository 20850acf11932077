import { useState } from "react";
import { useSWRConfig } from "swr";
import type { Id, PriceRequest } from "@worker/contract";
import { call } from "@/api/call";
import { routePath, type CallRequest } from "@/api/route-request";
import { pathOf, useApi } from "@/api/swr";
import { touchedByBets } from "./api";

// The punter's price requests (docs/decisions/screens.md, "Price requests"): a bet beyond what
// the box takes, asked of the book; his requests as they stand; taking an offer. Each write
// refreshes what it changes here, beside it.

/** How often his requests are asked again while one waits for the book or for him. */
export const OPEN_REQUEST_POLL_MS = 2_000;

/** An offer stands 60 s: tapping Take after it is OFFER_EXPIRED. */
export const offerStands = (request: PriceRequest, now = Date.now()) =>
  request.status === "OFFERED" && request.offer !== null && Date.parse(request.offer.expiresAt) > now;

/** Waiting for the book, or an offer he may still take. */
export const isOpenRequest = (request: PriceRequest, now = Date.now()) =>
  request.status === "PENDING" || offerStands(request, now);

const REQUESTS = routePath("GET /price-requests", { query: {} });
const isRequests = (key: unknown) => pathOf(key).startsWith(REQUESTS);

/**
 * His requests with one book, newest first, polled every 2 s while one is open (the book may
 * answer at any moment, an offer stands a minute) and not at all otherwise: asking starts it.
 */
export function useMyPriceRequests(bookmakerId: Id | null) {
  const [pollMs, setPollMs] = useState(0);
  const read = useApi("GET /price-requests", bookmakerId === null ? null : { query: {} }, {
    refreshInterval: pollMs,
    onSuccess: (all) => setPollMs(all.some((r) => isOpenRequest(r)) ? OPEN_REQUEST_POLL_MS : 0),
  });
  return { ...read, data: read.data?.filter((r) => r.bookmakerId === bookmakerId) };
}

/**
 * The latest request on each outcome of an event, newest first: what the event screen shows.
 * A taken one is his bet from then on, and one that ended more than ten minutes ago is history.
 */
export function latestRequests(requests: readonly PriceRequest[] | undefined, eventId: Id, now = Date.now()) {
  const seen = new Set<Id>();
  const latest: PriceRequest[] = [];
  for (const r of requests ?? []) {
    if (r.eventId !== eventId || seen.has(r.eventItemId)) continue;
    seen.add(r.eventItemId);
    if (r.status === "TAKEN") continue;
    const at = Date.parse(r.offer?.expiresAt ?? r.createdAt);
    if (!isOpenRequest(r, now) && now - at > 10 * 60_000) continue;
    latest.push(r);
  }
  return latest;
}

export type AskBody = CallRequest<"POST /price-requests">["body"];

/** Asking the book and taking its offer, each refreshing what it changed. */
export function usePriceRequestActions(bookmakerId: Id) {
  const { mutate } = useSWRConfig();
  const betsTouched = touchedByBets(bookmakerId);
  return {
    /** POST /price-requests: his requests are read again, and polled while it waits. */
    ask: async (body: AskBody) => {
      const asked = await call("POST /price-requests", { body });
      await mutate(isRequests);
      return asked;
    },
    /** Takes the offer as a bet (Idempotency-Key: a lost answer is asked again, never taken twice). */
    take: (requestId: Id) =>
      call("POST /price-requests/:id/take", { params: { id: requestId } }).finally(
        () => void mutate((key) => isRequests(key) || betsTouched(key)),
      ),
    /** A refusal may mean the request moved on (expired, taken elsewhere): read it again. */
    refresh: () => void mutate(isRequests),
  };
}
