import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { Env as WorkerEnv } from "../env";

// The tests' `env` (cloudflare:workers) is typed by Cloudflare.Env: the worker's bindings, all
// set, plus what vitest.config.ts provides for tests only.
declare global {
  namespace Cloudflare {
    interface Env extends Required<Omit<WorkerEnv, "DB" | "EVENT_ROOM">> {
      DB: D1Database;
      EVENT_ROOM: WorkerEnv["EVENT_ROOM"];
      SCHEMA_DB: D1Database;
      TEST_MIGRATIONS: D1Migration[];
      /** schema.sql, split into statements as wrangler splits migrations. */
      SCHEMA_STATEMENTS: string[];
      /** wrangler.toml as written (vitest.config.ts). */
      WRANGLER_CONFIG: Record<string, unknown> & {
        vars?: Record<string, unknown>;
        ratelimits?: { name: string; simple: { limit: number; period: number } }[];
        observability?: { enabled?: boolean };
      };
      /** A rate limiter of 3 calls per 10 s, for the rate-limit tests. */
      TIGHT_LIMIT: RateLimit;
      /** TICKET_LIMIT as deployed (20 calls per 10 s), for guessing ticket codes against it. */
      DEPLOYED_TICKET_LIMIT: RateLimit;
      PROPERTY_RUNS: string;
      PROPERTY_SEED: string;
      PROPERTY_REPLAY: string;
      PROPERTY_PATH: string;
    }
  }
}
