import type { Answer, Calls, Route } from "../../web/src/api/calls";
import { json } from "./api";

// The API typed for tests by the table the mini-app calls it through (web/src/api/calls.ts,
// which `npm run typecheck` holds against the worker's routes): `send("POST /drafts", {token,
// body})` checks the route, its params, query and body, and types the answer, so a test helper
// and the mini-app cannot part from the routes. Calls go through the exported worker's fetch
// with the real bindings (`json`, test/api.ts); `call` stays for what a typed call cannot send
// on purpose (broken JSON, a wrong type, a missing token).

type PathOf<R extends Route> = R extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;
type Part<R extends Route, K extends string> = Calls[R] extends { [key in K]?: infer T } ? T : never;

export type SendOptions<R extends Route> = {
  token?: string;
  /** The status expected: 200, or 201 for a POST that creates (as `json`). */
  expect?: number;
  headers?: Record<string, string>;
} & ([ParamNames<PathOf<R>>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<PathOf<R>>, string | number> }) &
  ([Part<R, "query">] extends [never] ? { query?: never } : { query?: Part<R, "query"> }) &
  ([Part<R, "body">] extends [never] ? { body?: never } : { body?: Part<R, "body"> });

/** Calls `route` ("METHOD /path/:param") and answers its JSON, typed as the mini-app reads it. */
export function send<R extends Route>(route: R, options: SendOptions<R>): Promise<Answer<R>> {
  const [method, pattern] = route.split(" ") as [string, string];
  const params = (options.params ?? {}) as Record<string, string | number>;
  let path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = options.query as Record<string, string | number | undefined> | undefined;
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    if (search.size > 0) path += `?${search}`;
  }
  return json<Answer<R>>(method, path, {
    token: options.token,
    body: options.body,
    headers: options.headers,
    expect: options.expect,
  });
}
