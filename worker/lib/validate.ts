import { vValidator } from "@hono/valibot-validator";
import type { ValidationTargets } from "hono";
import { resolver, uniqueSymbol } from "hono-openapi";
import * as v from "valibot";
import { validationError } from "./errors";
import { en, isMarked, words, type Words } from "./words";

/** What a client sends, for /openapi.json: a pipe is described up to its first transform. */
const AS_SENT = { options: { typeMode: "input", target: "draft-2020-12" } };

/**
 * `vValidator` with the project's 400 body: the first failing field is named, so a client
 * (or a bookmaker reading an error) knows what to fix. The schema is also marked for
 * hono-openapi, which reads every route's inputs from these marks into /openapi.json.
 */
export const validate = <T extends v.GenericSchema | v.GenericSchemaAsync, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) => {
  const middleware = vValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.issues[0];
      const field = v.getDotPath(issue) ?? target;
      throw validationError(field, issueWords(issue));
    }
  });
  // The mark hono-openapi's own validator() leaves; that one validates through
  // @hono/standard-validator, whose issues would not give the 400 above its field.
  Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema, AS_SENT) } });
  return middleware;
};

/**
 * What a failed check says, in words every catalogue has: a schema's own message as written
 * (marked with en()), else valibot's default ("Invalid key: Expected …", English only) put in
 * ours by the kind of check that failed. The field is named beside it, in every language.
 */
export function issueWords(issue: v.BaseIssue<unknown>): Words | string {
  if (isMarked(issue.message)) return issue.message;
  if (issue.kind === "schema") {
    if (issue.received === "undefined") return en("Required.");
    if (issue.expected === "never") return en("Not a field of this request.");
    switch (issue.type) {
      case "string":
        return en("Must be text.");
      case "number":
        return en("Must be a number.");
      case "boolean":
        return en("Must be true or false.");
      case "array":
      case "tuple":
        return en("Must be a list.");
      case "object":
      case "strict_object":
      case "loose_object":
      case "record":
        return en("Must be an object.");
      case "picklist":
      case "literal":
      case "union":
      case "variant":
      case "enum":
        return words("Must be one of {options}.", { options: (issue.expected ?? "").replace(/^\((.*)\)$/, "$1") });
    }
  }
  if (issue.type === "integer") return en("Must be a whole number.");
  return en("Not a value this field accepts.");
}

/** A rule of common/ (a text's problem, or null) as a step of a schema's pipe: the same check and message the mini-app shows. */
export const rule = (problem: (text: string) => string | null) =>
  v.rawCheck<string>(({ dataset, addIssue }) => {
    const message = dataset.typed ? problem(dataset.value) : null;
    if (message) addIssue({ message });
  });

/** A positive integer id in a path segment. */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,15}$/, en("Must be a positive integer id.")),
  v.transform(Number),
);

// RFC 3339 date-times (section 5.6): full-date "T" full-time, with "Z" or "±HH:MM".
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/i;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/**
 * An RFC 3339 date-time as the instant it names, in milliseconds since 1970: "FORMAT" for text
 * of another shape, "NO_SUCH_TIME" for a shape with impossible parts (February 30th, 24:00,
 * an offset of +25:00) or an instant outside the years 0000 to 9999 UTC. Parsed by hand, not by
 * `Date`, which rolls impossible dates over into the next month and refuses some valid
 * offsets. Fractional seconds beyond milliseconds are cut; a leap second (:60) is refused, as
 * a JavaScript time cannot hold it.
 */
export function rfc3339Millis(text: string): number | "FORMAT" | "NO_SUCH_TIME" {
  const m = RFC3339.exec(text);
  if (!m) return "FORMAT";
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const millis = m[7] ? Number(m[7].slice(0, 3).padEnd(3, "0")) : 0;
  const offsetMinutes = m[8] ? (m[8] === "-" ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10])) : 0;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return "NO_SUCH_TIME";
  if (hour > 23 || minute > 59 || second > 59) return "NO_SUCH_TIME";
  if (m[8] && (Number(m[9]) > 23 || Number(m[10]) > 59)) return "NO_SUCH_TIME";
  // Date.UTC would read the years 0 to 99 as 1900 to 1999; setUTCFullYear does not.
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, millis);
  const instant = local.getTime() - offsetMinutes * 60_000;
  const utcYear = new Date(instant).getUTCFullYear();
  return utcYear < 0 || utcYear > 9999 ? "NO_SUCH_TIME" : instant;
}
