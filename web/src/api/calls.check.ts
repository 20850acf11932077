import type { ExtractSchema } from "hono/types";
import type { UnionToIntersection } from "hono/utils/types";
import type { AppType } from "@worker/app";
import type { Bet, BookmakerDto, BookmakerEvent, OutboxMessage } from "@worker/contract";
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
/** The query the route validates, as text (its schema's input), or undefined when it reads none. */
type RouteQuery<R> = Endpoint<R> extends { input: { query: infer Query } } ? Query : undefined;
/** What the route answers; a read's 304 (unchanged since its ETag) carries no answer of its own. */
type RouteAnswer<R> = Exclude<Endpoint<R>, { status: 304 }> extends { output: infer Answer } ? Answer : never;

type Table<T> = { [R in keyof T]: { body?: unknown; query?: unknown; answer: unknown } };

/** What an entry sends: undefined for a part it leaves out. */
type Sent<E, Part extends "body" | "query"> = Part extends keyof E ? E[Part] : undefined;
/** A query's values as they travel: numbers become text. */
type AsText<Q> = { [K in keyof Q]: Q[K] extends number ? string : Q[K] };

type QueryProblem<Q, RQ> =
  | (undefined extends Q
      ? [RQ] extends [undefined]
        ? never
        : object extends RQ
          ? never
          : "the route needs a query"
      : never)
  | ([NonNullable<Q>] extends [never]
      ? never
      : [RQ] extends [undefined]
        ? "the route reads no query"
        : [Exclude<keyof NonNullable<Q>, keyof RQ>] extends [never]
          ? [AsText<NonNullable<Q>>] extends [RQ]
            ? never
            : "the route's schema refuses this query"
          : "the route reads no such query field");

type Problem<T extends Table<T>, R extends keyof T> = [Endpoint<R>] extends [never]
  ? "no such route in worker/app.ts"
  : [Sent<T[R], "body">] extends [RouteBody<R>]
    ? [QueryProblem<Sent<T[R], "query">, RouteQuery<R>>] extends [never]
      ? [RouteAnswer<R>] extends [T[R]["answer"]]
        ? never
        : "the route answers otherwise"
      : QueryProblem<Sent<T[R], "query">, RouteQuery<R>>
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

// And reads that drifted.
// @ts-expect-error a read whose route is not there: the bets' path ends with a slash
export const noReadRoute: Matches<{ "GET /bets/:bookmakerId/history": { answer: Bet[] } }> = true;
// @ts-expect-error a read answered otherwise: the route lists the events
export const wrongReadAnswer: Matches<{ "GET /events": { query: { view: "open" }; answer: BookmakerEvent } }> = true;
// @ts-expect-error a read answered otherwise: a field the route does not give
export const missingAnswerField: Matches<{ "GET /events/:id": { answer: BookmakerEvent & { winner: string } } }> = true;
// @ts-expect-error a query field renamed
export const renamedQueryField: Matches<{ "GET /events": { query: { tab: "open" }; answer: BookmakerEvent[] } }> = true;
// @ts-expect-error a query value the route's schema refuses
export const wrongQueryValue: Matches<{ "GET /events": { query: { view: "closed" }; answer: BookmakerEvent[] } }> =
  true;
// @ts-expect-error a query the route needs left out
export const missingQuery: Matches<{ "GET /dev/outbox": { answer: OutboxMessage[] } }> = true;
// @ts-expect-error a query sent to a route that reads none
export const strayQuery: Matches<{ "GET /bookmakers": { query: { page: number }; answer: unknown } }> = true;
