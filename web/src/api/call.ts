import type { Id } from "../../../worker/contract";
import { useAuth } from "../store/auth";
import type { Answer, Calls, Route } from "./calls";
import { apiFetch } from "./client";

/** "/events/:id/nr/:itemId" → "id" | "itemId". */
type ParamNames<Path> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type PathOf<R extends Route> = R extends `${string} ${infer Path}` ? Path : never;

/** What a route needs besides its name: its path's params, its body, and for a read an optional query. */
export type CallRequest<R extends Route> = ([ParamNames<PathOf<R>>] extends [never]
  ? unknown
  : { params: Record<ParamNames<PathOf<R>>, Id | string> }) &
  (Calls[R] extends { body: infer B } ? { body: B } : unknown) &
  (R extends `GET ${string}` ? { query?: string } : unknown);

/** The request may be left out when the route needs nothing in it. */
type CallArgs<R extends Route> = object extends CallRequest<R> ? [request?: CallRequest<R>] : [request: CallRequest<R>];

/**
 * Sent with an Idempotency-Key and retried when the answer is lost (docs/DECISIONS.md, "Idempotency-Key"):
 * a bet or a coin move that went through is never made twice.
 */
const IDEMPOTENT: ReadonlySet<Route> = new Set<Route>(["POST /bets", "POST /balances/add", "POST /balances/subtract"]);

/**
 * A call to the API as the signed-in user, named as its route: `call("POST /events/:id/finalize",
 * { params: { id }, body: { winners } })`. The body and the answer are typed by api/calls.ts.
 * Reads that screens show come through `useApi` (SWR) instead.
 */
export function call<R extends Route>(route: R, ...[request]: CallArgs<R>): Promise<Answer<R>> {
  const { params, body, query } = (request ?? {}) as {
    params?: Record<string, Id | string>;
    body?: unknown;
    query?: string;
  };
  const [method, pattern] = route.split(" ") as ["GET" | "POST" | "PUT", string];
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  return apiFetch<Answer<R>>(query ? `${path}?${query}` : path, {
    method,
    body,
    token: useAuth.getState().token,
    idempotent: IDEMPOTENT.has(route),
  });
}
