import * as v from "valibot";

// The answers of the routes as valibot schemas, each in the folder whose routes answer it
// (<folder>/answers.ts; those several folders share in lib/answers.ts), gathered here: every
// schema exported below is written once, under its name, in components/schemas of /openapi.json
// (document.ts), and contract.ts derives from each the answer type the handlers are typed to
// send and the web reads, so the document and the types are one text and cannot drift. An
// answers.ts exports its named schemas only: a piece meant to be written out where it is used
// stays unexported, or goes to lib/wire.ts when folders share it.

export * from "../lib/answers";
export * from "../audit/answers";
export * from "../identity/answers";
export * from "../limits/answers";
export * from "../subscriptions/answers";
export * from "../ledger/answers";
export * from "../bookmakers/answers";
export * from "../staff/answers";
export * from "../bets/answers";
export * from "../memberships/answers";
export * from "../notifications/answers";
export * from "../multiples/answers";
export * from "../counter/answers";
export * from "../cashout/answers";
export * from "../events/answers";
export * from "../figures/answers";
export * from "../sharing/answers";
export * from "../telegram/answers";
export * from "../price-requests/answers";
export * from "../config/answers";
export * from "../dev/answers";

// openapi/'s own.

/** GET /openapi.json: the document itself, described as far as a client needs. */
export const OpenApiDocument = v.looseObject({
  openapi: v.string(),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.looseObject({})),
});
