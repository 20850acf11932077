import * as v from "valibot";

// The pieces the API's answers are built of: every folder's answers.ts writes them out where it
// uses them, and /openapi.json never names them (only what an answers.ts exports is a named
// schema; openapi/answers.ts gathers those).

export const Id = v.pipe(v.number(), v.integer());

export const Instant = v.pipe(v.string(), v.isoTimestamp(), v.description("An ISO 8601 UTC date and time."));

export const Day = v.pipe(v.string(), v.isoDate());

export const Coins = v.pipe(v.number(), v.description("Coins, 2 decimals at most."));

export const UserRef = v.object({ internalId: Id, username: v.string() });

export const Deduction = v.pipe(v.number(), v.description("Rule 4: pence in the pound taken from winnings."));
