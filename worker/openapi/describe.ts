import { describeRoute, resolver, type ContentWithResolver, type DescribeRouteOptions } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import type * as v from "valibot";
import * as answers from "./answers";
import type { Refusal } from "./errors";

// What a route says of itself in /openapi.json: each area's in docs/<area>.ts, named in the
// route's declaration, `.post("/path", docs.name, validate(...), handler)`. Its body, path and
// query come from its validate() schemas; the answers routes share (400, 401, 429, 500, 304)
// are added by document.ts from who may call it and what it reads.

/** The reference page's groups. */
export const TAGS = {
  Identity: "Signing in, and who the caller is.",
  Bookmakers: "A bookmaker's profile, and the books a punter can join.",
  Memberships: "Join requests: a punter asks, the bookmaker approves or declines.",
  Balances: "Coins: the bookmaker's pool, his punters' balances, the ledger.",
  Events: "A bookmaker's events: drafts, publishing, odds, non-runners, results.",
  Betting: "What a punter sees and stakes.",
  Counter: "Cash bets taken at the pitch by the book and its staff, and their tickets.",
  Figures: "Who owes whom for a period, settled in cash off the platform.",
  Audit: "What changed in a book and who changed it, and the prices punters were offered.",
  Subscriptions: "The market: subscriptions and coin packages, paid in Telegram Stars.",
  Notifications: "Which messages the bot sends the caller.",
  Telegram: "Calls from Telegram itself.",
  Service: "Health, configuration and this document.",
  Dev: "Local development only (DEV_MODE=true); without it these routes answer 404.",
} as const;

/** Who may call: a signed-in user (the default), anyone, a CSV download (session or ticket), Telegram. */
export type Caller = "session" | "public" | "download" | "telegram";

export interface RouteDoc {
  tag: keyof typeof TAGS;
  /** A few words, as the reference page lists the route. */
  summary: string;
  /** What it does and answers, for a client developer. */
  description: string;
  /** The success answer: a schema of a folder's answers.ts (JSON), a CSV or HTML page, or none (204). */
  answer: v.GenericSchema | "text/csv" | "text/html" | "none";
  /** 201 when it creates, 204 when it answers nothing; 200 otherwise. */
  status?: 200 | 201 | 204;
  caller?: Caller;
  /** The refusals of the route's own rules; the shared ones are added (see above). */
  errors?: readonly Refusal[];
  /** Takes an Idempotency-Key header (a retry answers the first answer again). */
  idempotent?: true;
  /** Exists only with DEV_MODE=true. */
  devOnly?: true;
}

const SECURITY: Record<Caller, DescribeRouteOptions["security"]> = {
  session: [{ session: [] }],
  public: [],
  download: [{ session: [] }, { downloadTicket: [] }],
  telegram: [{ telegramSecret: [] }],
};

const IDEMPOTENCY_KEY: OpenAPIV3_1.ParameterObject = {
  in: "header",
  name: "Idempotency-Key",
  description:
    "The same key from the same user within 24 h answers the first answer again (same status and body) and moves nothing.",
  schema: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" },
};

/** Extensions document.ts reads: the route's own refusals, and whether it is dev-only. */
export const REFUSALS = "x-refusals";
export const DEV_ONLY = "x-dev-only";

// The answers answers.ts gathers are named schemas, each written out once in components/schemas
// (where hono-openapi lifts the $defs the conversion makes), in the order of their names: a
// bundle's namespace object lists them so, a test runner's as its modules export them.
const NAMED = {
  options: {
    target: "draft-2020-12",
    definitions: Object.fromEntries(Object.entries(answers).sort(([a], [b]) => (a < b ? -1 : 1))),
    overrideRef: ({ referenceId }: { referenceId: string }) => `#/components/schemas/${referenceId}`,
  },
};

function content(answer: Exclude<RouteDoc["answer"], "none">): ContentWithResolver {
  if (answer === "text/csv" || answer === "text/html") return { [answer]: { schema: { type: "string" } } };
  return { "application/json": { schema: resolver(answer, NAMED) } };
}

/** The route's entry in /openapi.json, as a middleware that does nothing when called. */
export function doc(route: RouteDoc) {
  const spec = {
    tags: [route.tag],
    summary: route.summary,
    description: route.devOnly ? `**Dev mode only.** ${route.description}` : route.description,
    security: SECURITY[route.caller ?? "session"],
    parameters: route.idempotent ? [IDEMPOTENCY_KEY] : [],
    responses: {
      [route.status ?? 200]:
        route.answer === "none"
          ? { description: "No content." }
          : { description: route.status === 201 ? "Created." : "OK.", content: content(route.answer) },
    },
    [REFUSALS]: [
      ...(route.errors ?? []),
      ...(route.idempotent ? (["IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"] as const) : []),
    ],
    ...(route.devOnly ? { [DEV_ONLY]: true } : {}),
  };
  return describeRoute(spec);
}
