import { vValidator } from "@hono/valibot-validator";
import type { ValidationTargets } from "hono";
import * as v from "valibot";
import { validationError } from "./errors";

/**
 * `vValidator` with the project's 400 body: the first failing field is named, so a client
 * (or a bookmaker reading an error) knows what to fix.
 */
export const validate = <T extends v.GenericSchema | v.GenericSchemaAsync, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  vValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.issues[0];
      const field = v.getDotPath(issue) ?? target;
      throw validationError(field, issue.message);
    }
  });

/** A positive integer id in a path segment. */
export const IdParam = v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, "Must be a positive integer id."), v.transform(Number));
