import type { Id } from "@worker/contract";
import type { Calls, Route } from "./calls";

/** "/events/:id/nr/:itemId" → "id" | "itemId". */
type ParamNames<Path> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type PathOf<R extends Route> = R extends `${string} ${infer Path}` ? Path : never;

/** A query as api/calls.ts types it: sent as text, in the order written, leaving out what is undefined. */
type Query = Record<string, string | number | undefined>;

/** What a route needs besides its name: its path's params, its body, and for a read its query. */
export type CallRequest<R extends Route> = ([ParamNames<PathOf<R>>] extends [never]
  ? unknown
  : { params: Record<ParamNames<PathOf<R>>, Id | string> }) &
  (Calls[R] extends { body: infer B } ? { body: B } : unknown) &
  (Calls[R] extends { query: infer Q } ? { query: Q } : Calls[R] extends { query?: infer Q } ? { query?: Q } : unknown);

/** The request may be left out when the route needs nothing in it. */
export type CallArgs<R extends Route> =
  object extends CallRequest<R> ? [request?: CallRequest<R>] : [request: CallRequest<R>];

/**
 * The path and query the route names with this request: `routePath("GET /bets/:bookmakerId/",
 * { params: { bookmakerId: 5 }, query: { userId: 7 } })` → "/bets/5/?userId=7".
 */
export function routePath<R extends Route>(route: R, ...[request]: CallArgs<R>): string {
  const { params, query } = (request ?? {}) as { params?: Record<string, Id | string>; query?: Query };
  const pattern = route.slice(route.indexOf(" ") + 1);
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  const fields = Object.entries(query ?? {}).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, String(value)]],
  );
  return fields.length > 0 ? `${path}?${new URLSearchParams(fields).toString()}` : path;
}
