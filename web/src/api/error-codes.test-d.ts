import { ApiError } from "./client";

// Type test, compiled by `tsc -p web` (npm run typecheck) and never run: a failure's code is
// one of the worker's (ErrorCode in worker/contract.ts), so a misspelt one is a compile error.
export function misspeltCodes(err: ApiError) {
  // @ts-expect-error a code the worker never answers: it says INSUFFICIENT_COINS
  const short = err.code === "INSUFICIENT_COINS";
  // @ts-expect-error a code the worker never answers: it says NAME_TAKEN
  const taken = new ApiError(409, "NAME_TAKN", "This name is taken.");
  return { short, taken };
}

// And the worker's own codes compile.
export function knownCodes(err: ApiError) {
  const short = err.code === "INSUFFICIENT_COINS";
  const taken = new ApiError(409, "NAME_TAKEN", "This name is taken.");
  return { short, taken };
}
