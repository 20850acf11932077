import { useAuth } from "@/store/auth";
import type { Answer, Route } from "./calls";
import { apiFetch } from "./client";
import { forgetEarlyAnswers } from "./early";
import { routePath, type CallArgs } from "./route-request";

/**
 * Sent with an Idempotency-Key and retried when the answer is lost (docs/decisions/api.md, "Idempotency-Key"):
 * a bet or a coin move that went through is never made twice.
 */
const IDEMPOTENT: ReadonlySet<Route> = new Set<Route>([
  "POST /bets",
  "POST /bets/multiple",
  "POST /bets/:betId/cashout",
  "POST /bets/multiple/:multipleId/cashout",
  "POST /balances/add",
  "POST /balances/subtract",
  "POST /counter/bets",
  "POST /price-requests/:id/take",
]);

/**
 * A call to the API as the holder of `token` (null: a public read, sent without one), named as
 * its route. The request and the answer are typed by api/calls.ts.
 */
export function callAs<R extends Route>(token: string | null, route: R, ...request: CallArgs<R>): Promise<Answer<R>> {
  const { body } = (request[0] ?? {}) as { body?: unknown };
  const method = route.slice(0, route.indexOf(" ")) as "GET" | "POST" | "PUT" | "DELETE";
  // A write may change what an early read (api/early.ts) answered: the screens ask afresh.
  if (method !== "GET") forgetEarlyAnswers();
  return apiFetch<Answer<R>>(routePath(route, ...request), {
    method,
    body,
    token,
    idempotent: IDEMPOTENT.has(route),
  });
}

/**
 * A call to the API as the signed-in user, named as its route: `call("POST /events/:id/finalize",
 * { params: { id }, body: { winners } })`. Reads that screens show come through `useApi` (SWR) instead.
 */
export const call = <R extends Route>(route: R, ...request: CallArgs<R>): Promise<Answer<R>> =>
  callAs(useAuth.getState().token, route, ...request);
