import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// The worker's own modules as text, for the tests that hold the source to a rule of who writes
// what (Node only: workerd has no file system).

const WORKER = join(import.meta.dirname, "..");

/** Every module of the worker (tests and their helpers aside), by path from worker/. */
export const workerSources = () =>
  readdirSync(WORKER, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.startsWith("test/"))
    .map((path) => ({ path, text: readFileSync(join(WORKER, path), "utf8") }));

/** The modules whose text matches `statement`, by path. */
export const writersOf = (sources: { path: string; text: string }[], statement: RegExp) =>
  sources.filter((s) => statement.test(s.text)).map((s) => s.path);
