import type { Bet, BookmakerEvent } from "@worker/contract";
import { useApi } from "./swr";

// Type test, compiled by `tsc -p web` (npm run typecheck) and never run: each read below names
// a route the worker does not have, sends what its route does not read, or takes its answer
// for what it is not, and each must stay a compile error. Reads are typed by api/calls.ts,
// which calls.check.ts holds against the worker's routes.
export function useDriftedReads(bookmakerId: number, eventId: number) {
  // @ts-expect-error a route the worker does not have: the bets' path ends with a slash
  useApi("GET /bets/:bookmakerId", { params: { bookmakerId } });
  // @ts-expect-error an answer taken for what it is not: the route lists his bets
  const bet: Bet | undefined = useApi("GET /bets/:bookmakerId/", { params: { bookmakerId } }).data;
  // @ts-expect-error an answer taken for what it is not: one event, not a list
  const events: BookmakerEvent[] | undefined = useApi("GET /events/:id", { params: { id: eventId } }).data;
  // @ts-expect-error a path param left out
  useApi("GET /events/:id", {});
  // @ts-expect-error a query field the route does not read
  useApi("GET /events", { query: { tab: "open" } });
  // @ts-expect-error a query the route needs left out
  useApi("GET /events", {});
  return { bet, events };
}

// And the same reads as the routes have them compile.
export function useMatchingReads(bookmakerId: number, eventId: number) {
  const bets: Bet[] | undefined = useApi("GET /bets/:bookmakerId/", { params: { bookmakerId } }).data;
  const event: BookmakerEvent | undefined = useApi("GET /events/:id", { params: { id: eventId } }).data;
  const events: BookmakerEvent[] | undefined = useApi("GET /events", { query: { view: "open" } }).data;
  // Waiting for an id: the read is not sent.
  useApi("GET /events/:id", null);
  return { bets, event, events };
}
