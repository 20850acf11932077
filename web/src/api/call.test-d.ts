import { call } from "./call";

// Type test, compiled by `tsc -p web` (npm run typecheck) and never run: each call below sends
// a body that drifted from its route's schema, and each must stay a compile error. Bodies are
// typed by api/calls.ts, which calls.check.ts holds against the worker's routes.
export function driftedCalls(eventId: number) {
  // @ts-expect-error a field renamed: the route reads `name`
  void call("POST /bookmakers/rename", { body: { title: "BigBookie" } });
  // @ts-expect-error a field of the wrong type: winners are outcome ids
  void call("POST /events/:id/finalize", { params: { id: eventId }, body: { winners: ["Red Rum"] } });
  // @ts-expect-error a required field left out: a bet names its outcome
  void call("POST /bets", { body: { bookmakerId: 1, eventId, amount: 5, coefficient: 2 } });
  // @ts-expect-error a path param left out
  void call("POST /events/:id/abandon", { params: {} });
  // @ts-expect-error a route the worker does not have
  void call("POST /events/:id/cancel", { params: { id: eventId } });
}

// And the same calls as the routes have them compile.
export function matchingCalls(eventId: number) {
  void call("POST /bookmakers/rename", { body: { name: "BigBookie" } });
  void call("POST /events/:id/finalize", { params: { id: eventId }, body: { winners: [11] } });
  void call("POST /bets", { body: { bookmakerId: 1, eventId, eventItemId: 11, amount: 5, coefficient: 2 } });
  void call("POST /events/:id/abandon", { params: { id: eventId } });
}
