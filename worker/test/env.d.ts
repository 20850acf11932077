import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { Env } from "../env";

declare global {
  namespace Cloudflare {
    interface Env extends ProvidedTestEnv {}
  }
}

interface ProvidedTestEnv extends Required<Omit<Env, "DB" | "EVENT_ROOM">> {
  DB: D1Database;
  EVENT_ROOM: Env["EVENT_ROOM"];
  SCHEMA_DB: D1Database;
  TEST_MIGRATIONS: D1Migration[];
  SCHEMA_SQL: string;
  PROPERTY_RUNS: string;
}
