import type { ExtractSchema } from "hono/types";
import type { UnionToIntersection } from "hono/utils/types";
import type { AppType } from "../../../worker/app";
import type { BookmakerDto, BookmakerEvent } from "../../../worker/contract";
import type { Calls } from "./calls";

// Holds api/calls.ts against the worker's routes: `tsc -p web/tsconfig.check.json`, part of
// `npm run typecheck`. A call whose route is gone, whose body the route's schema types would
// refuse, or whose answer the route no longer gives, fails here by name.

type Routes = UnionToIntersection<ExtractSchema<AppType>>;

/** The worker's endpoint for "POST /events/:id/finalize": Hono's schema entry for the path and method. */
type Endpoint<R> = R extends `${infer Method} ${infer Path}`
  ? Path extends keyof Routes
    ? `$${Lowercase<Method>}` extends keyof Routes[Path]
      ? Routes[Path][`$${Lowercase<Method>}`]
      : never
    : never
  : never;

/** The JSON body the route validates (its schema's input), or undefined when it reads none. */
type RouteBody<R> = Endpoint<R> extends { input: { json: infer Body } } ? Body : undefined;
type RouteAnswer<R> = Endpoint<R> extends { output: infer Answer } ? Answer : never;

type Table<T> = { [R in keyof T]: { body?: unknown; answer: unknown } };

type Problem<T extends Table<T>, R extends keyof T> = [Endpoint<R>] extends [never]
  ? "no such route in worker/app.ts"
  : [T[R]["body"]] extends [RouteBody<R>]
    ? [RouteAnswer<R>] extends [T[R]["answer"]]
      ? never
      : "the route answers otherwise"
    : "the route's schema refuses this body";

/** `true` when every call matches its route; otherwise "route: what is wrong", for each that does not. */
type Matches<T extends Table<T>> = [{ [R in keyof T]: Problem<T, R> }[keyof T]] extends [never]
  ? true
  : { [R in keyof T & string]: [Problem<T, R>] extends [never] ? never : `${R}: ${Problem<T, R>}` }[keyof T & string];

export const everyCallMatchesItsRoute: Matches<Calls> = true;

// The check at work on calls that drifted: each line must stay an error.
type Rename = { answer: BookmakerDto };
// @ts-expect-error a field renamed
export const renamedField: Matches<{ "POST /bookmakers/rename": Rename & { body: { title: string } } }> = true;
// @ts-expect-error a field of the wrong type
export const wrongType: Matches<{
  "POST /events/:id/finalize": { body: { winners: string[] }; answer: BookmakerEvent };
}> = true;
// @ts-expect-error a body the route needs left out
export const missingBody: Matches<{ "POST /events/:id/live": { answer: BookmakerEvent } }> = true;
// @ts-expect-error a route that is not there
export const noRoute: Matches<{ "POST /bookmakers/retitle": Rename & { body: { name: string } } }> = true;
// @ts-expect-error an answer the route does not give
export const wrongAnswer: Matches<{ "POST /bookmakers/rename": { body: { name: string }; answer: BookmakerEvent } }> =
  true;
