import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { Schema } from "hono/types";
import type { OpenAPIV3_1 } from "openapi-types";
import type { AppEnv } from "../env";
import type { ErrorCode } from "../contract";
import type { Refusal } from "../lib/route-doc";
import { DEV_ONLY, nameEveryAnswer, REFUSALS, TAGS } from "./describe";
import { ERROR_CODES, ErrorBody, errorResponses } from "./errors";

// /openapi.json: the app's routes as hono-openapi reads them (each route's doc() and its
// validate() schemas), with the answers every route shares added from what each one declares.

type Operation = OpenAPIV3_1.OperationObject<{ [REFUSALS]?: Refusal[]; [DEV_ONLY]?: true }>;

const INTRODUCTION = `The API of the Bookie mini-app, generated from its routes (worker/openapi/).

- **Signing in**: the mini-app sends Telegram's init data to \`POST /auth/telegram\` and gets a session
  token; every other route but the public ones needs \`Authorization: Bearer <token>\` (\`JWT <token>\` too).
- **A book's routes** answer its owner and his staff as their role allows (CLERK: the book's events,
  counter bets, tickets; MANAGER: also odds, drafts, non-runners, results, punters and coins; the
  owner alone: subscriptions, staff, limits, cash out, figures, audit, the profile); anything else is
  a \`403 FORBIDDEN\` that writes nothing.
- **Amounts** are coins as JSON numbers with 2 decimals at most; **dates** are ISO 8601 UTC strings.
- **Reads** carry an \`ETag\`: send it back in \`If-None-Match\` and an unchanged answer is a \`304\`.
- **Writes** are rate limited per user (\`429 RATE_LIMITED\` with \`Retry-After\`). The calls that move
  coins take an \`Idempotency-Key\` header, so a retry never moves them twice.
- **Errors** have one body, \`{"error": {"code", "message", …}}\`; \`message\` is written for the user.
  Each route lists the codes it may answer:

| code | status | meaning |
|---|---|---|
${Object.entries(ERROR_CODES)
  .map(([code, { status, meaning }]) => `| ${code} | ${status} | ${meaning} |`)
  .join("\n")}
`;

/** Every route's answers: its own, its refusals, and the ones shared by routes like it. */
function finish(method: string, op: Operation) {
  const refusals: [ErrorCode, number][] = (op[REFUSALS] ?? []).map((r) =>
    typeof r === "string" ? [r, ERROR_CODES[r].status] : [r[0], r[1]],
  );
  const shared = (code: ErrorCode) => refusals.push([code, ERROR_CODES[code].status]);
  const callers = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (op.parameters?.length || op.requestBody) shared("VALIDATION");
  if (callers.length > 0) {
    shared("UNAUTHENTICATED");
    // A session, a ticket or the webhook's token is checked against a secret the server may lack.
    shared("MISCONFIGURED");
  }
  // requireUser counts a signed-in user's writes.
  if (callers.includes("session") && method !== "get") shared("RATE_LIMITED");
  if (op[DEV_ONLY]) shared("NOT_FOUND");
  shared("INTERNAL");
  delete op[REFUSALS];
  op.responses = {
    ...op.responses,
    ...(method === "get" ? { 304: { description: "Not modified: the answer still matches If-None-Match." } } : {}),
    ...errorResponses(refusals),
  };
  if (!op.parameters?.length) delete op.parameters;
}

/** The OpenAPI 3.1 document of `app`. */
export async function contractDocument<S extends Schema>(app: Hono<AppEnv, S>): Promise<OpenAPIV3_1.Document> {
  nameEveryAnswer();
  const document = (await generateSpecs(app, {
    documentation: {
      info: { title: "Bookie API", version: "1", description: INTRODUCTION },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        schemas: { Error: ErrorBody },
        securitySchemes: {
          session: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "The token POST /auth/telegram answers.",
          },
          downloadTicket: {
            type: "apiKey",
            in: "query",
            name: "ticket",
            description:
              "The ticket in a link GET /figures/link/{file} or GET /audit/link answers: a CSV download without the header.",
          },
          telegramSecret: {
            type: "apiKey",
            in: "header",
            name: "X-Telegram-Bot-Api-Secret-Token",
            description: "The webhook's secret, which Telegram sends with every update.",
          },
        },
      },
    },
    // Every route is listed, described or not: the contract test names those that are not.
    includeEmptyPaths: true,
    // figures.csv and ledger.csv are routes, not static files.
    excludeStaticFile: false,
    // Our 400 is the error body, added with the other shared answers.
    defaultValidationErrorResponse: false,
  })) as OpenAPIV3_1.Document;
  for (const item of Object.values(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) finish(method, op as Operation);
  }
  return document;
}
