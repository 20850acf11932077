import { describeRoute, resolver, type ContentWithResolver, type DescribeRouteOptions } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import type * as v from "valibot";
import type { ErrorCode } from "../contract";

// What a route says of itself in /openapi.json: its words in the docs.ts beside its routes
// (`<folder>/docs.ts`, `events/http/docs.ts`), named in the route's declaration,
// `.post("/path", docs.name, validate(...), handler)`. Its body, path and query come from its
// validate() schemas; the answers routes share (400, 401, 429, 500, 304) are added by
// openapi/document.ts from who may call it and what it reads. Here, below every folder, so each
// folder's docs.ts may call doc(); the document itself is built in openapi/.

/** The reference page's groups (their descriptions: TAGS, openapi/describe.ts). */
export type Tag =
  | "Identity"
  | "Bookmakers"
  | "Memberships"
  | "Balances"
  | "Events"
  | "Betting"
  | "Counter"
  | "Price requests"
  | "Figures"
  | "Audit"
  | "Subscriptions"
  | "Notifications"
  | "Sharing"
  | "Telegram"
  | "Service"
  | "Dev";

/** Who may call: a signed-in user (the default), anyone, a CSV download (session or ticket), Telegram. */
export type Caller = "session" | "public" | "download" | "telegram";

/** A refusal a route answers: its code, with its status when not the code's usual one. */
export type Refusal = ErrorCode | readonly [ErrorCode, number];

export interface RouteDoc {
  tag: Tag;
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

// The answers openapi/answers.ts gathers are named schemas, each written out once in
// components/schemas (where hono-openapi lifts the $defs the conversion makes). The document
// hands them over (nameAnswers) before it converts a route's answer: no folder here may import
// the gathering, which imports every folder.
let named: Record<string, v.GenericSchema> = {};

const NAMED = {
  options: {
    target: "draft-2020-12",
    // Read when a route's answer is converted, while the document is made.
    get definitions() {
      return named;
    },
    overrideRef: ({ referenceId }: { referenceId: string }) => `#/components/schemas/${referenceId}`,
  },
};

/**
 * The schemas a route's answer may name, in the order of their names: a bundle's namespace object
 * lists them so, a test runner's as its modules export them, and the document is the same in both.
 */
export function nameAnswers(answers: Record<string, v.GenericSchema>) {
  named = Object.fromEntries(Object.entries(answers).sort(([a], [b]) => (a < b ? -1 : 1)));
}

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
