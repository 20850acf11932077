import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";
import { experimental_readRawConfig, unstable_splitSqlQuery } from "wrangler";
import { tempInMemory } from "./scripts/memory-tmp.mjs";
import { WEB_ALIASES, WEB_PLUGINS } from "./web/vite.config.ts";

// D1 and the rooms in memory where the machine allows (scripts/memory-tmp.mjs).
tempInMemory();

// Test-only secrets; the bot token matches nothing real.
export const TEST_VARS = {
  BOT_TOKEN: "424242:test-bot-token",
  JWT_SECRET: "test-jwt-secret",
  WEBHOOK_SECRET: "test-webhook-secret",
  DEV_MODE: "true",
  WEB_ORIGIN: "http://localhost:5173",
  TELEGRAM_API_URL: "http://telegram.test",
  // No line per request (request-log.test.ts turns it on): thousands of lines nobody reads.
  LOG_REQUESTS: "false",
};

// The deployed config as written, for the test that checks what must never be in it.
const WRANGLER_CONFIG = experimental_readRawConfig({ config: "./wrangler.toml" }).rawConfig;

// The rate limits of wrangler.toml raised out of reach: property tests fire hundreds of bets
// per user and sign everyone in from one address. TIGHT_LIMIT (3 calls a window; the binding's minute is its memory) stands in for
// a real limiter in the rate-limit tests.
const UNLIMITED = { simple: { limit: 1_000_000_000, period: 10 as const } };
const RATE_LIMITS = {
  SIGN_IN_LIMIT: { namespace_id: "1301", ...UNLIMITED },
  WRITE_LIMIT: { namespace_id: "1302", ...UNLIMITED },
  BET_LIMIT: { namespace_id: "1303", ...UNLIMITED },
  TICKET_LIMIT: { namespace_id: "1304", ...UNLIMITED },
  // TICKET_LIMIT as wrangler.toml has it (the config test holds them equal): the counter's test
  // guesses ticket codes against it (worker/counter/counter.test.ts).
  DEPLOYED_TICKET_LIMIT: { namespace_id: "1398", simple: { limit: 20, period: 10 as const } },
  TIGHT_LIMIT: { namespace_id: "1399", simple: { limit: 3, period: 60 as const } },
};

/**
 * The property tests' seed (worker/test/property.ts): PROPERTY_SEED replays a run fast-check
 * printed; PROPERTY_HUNT (`npm run test:hunt`) draws a new one; otherwise it is the commit's, so a
 * CI run is the same on every machine and a red one replays with the seed it printed, while each
 * commit still tries other sequences. Printed once, at the start.
 */
function propertySeed(): { seed: string; replay: boolean } {
  if (process.env.PROPERTY_SEED) return { seed: process.env.PROPERTY_SEED, replay: true };
  if (process.env.PROPERTY_HUNT) {
    const seed = String(Math.floor(Math.random() * 2 ** 32) | 0);
    console.log(`property tests: a hunt with seed ${seed} (replay a failure with PROPERTY_SEED=${seed} and its path)`);
    return { seed, replay: false };
  }
  let commit = "";
  try {
    commit = execFileSync("git", ["rev-parse", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    // Not a clone (an unpacked archive): a fixed seed.
  }
  const seed = String(commit ? Number.parseInt(commit.slice(0, 8), 16) | 0 : 20261129);
  console.log(
    `property tests: seed ${seed}${commit ? ` of commit ${commit.slice(0, 8)}` : ""} (PROPERTY_SEED=${seed} replays it)`,
  );
  return { seed, replay: false };
}
const PROPERTY = propertySeed();

/** The loop's targets (README); a run of named files (`vitest run worker/x.test.ts`) has none. */
const QUICK_BUDGET = { name: "npm run test:quick", budgetSeconds: 60 };
const WHOLE_BUDGET = { name: "npm test", budgetSeconds: 240 };
const SOME_FILES = process.argv.slice(2).some((arg) => arg.includes("/") || arg.includes(".test."));

/**
 * What `npm run test:quick` (`vitest run --mode quick`) leaves out: the property runs of hundreds
 * of random sequences, and the files whose tests wait on real time (the bot's queue delivering
 * and Telegram's retries backing off; a payment arriving while a screen polls). `npm test` runs
 * them all.
 */
const LONG_RUNNING = [
  "worker/events/faults.property.test.ts",
  "worker/events/doors.property.test.ts",
  "worker/multiples/faults.property.test.ts",
  "worker/cashout/farming.property.test.ts",
  "worker/events/conservation.test.ts",
  "worker/ledger/conservation.test.ts",
  "worker/figures/property.test.ts",
  "worker/notifications/triggers.test.ts",
  "worker/notifications/delivery.test.ts",
  "worker/price-requests/price-requests.test.ts",
  "web/src/features/market/paid.test.tsx",
];

export default defineConfig(({ mode }) => {
  const quick = mode === "quick";
  return {
    test: {
      // Vitest's default is one worker fewer than the cores: one on a 2-core machine, while a
      // worker spends much of its time waiting on workerd, D1 and the queue's timers. One more
      // than the cores kept both busy (test:quick 64 s with 2, 46 s with 3, 48 s with 4).
      maxWorkers: availableParallelism() + 1,
      // Each file's time, the slowest ten last (scripts/test-times.ts), beside the usual report,
      // and the run's time against its target (a minute quick, four minutes whole).
      reporters: ["default", ["./scripts/test-times.ts", SOME_FILES ? {} : quick ? QUICK_BUDGET : WHOLE_BUDGET]],
      projects: [
        {
          // The API, inside workerd with real D1 and Durable Objects.
          plugins: [
            cloudflareTest(async () => ({
              main: "./worker/index.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                d1Databases: ["DB", "SCHEMA_DB"],
                ratelimits: RATE_LIMITS,
                bindings: {
                  ...TEST_VARS,
                  TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                  // schema.sql as statements, split as wrangler splits migrations (triggers hold semicolons).
                  SCHEMA_STATEMENTS: unstable_splitSqlQuery(readFileSync("./schema.sql", "utf8")),
                  WRANGLER_CONFIG,
                  // How many random sequences the property tests try: 80 in npm test (a new seed each
                  // commit keeps them hunting), 2,000 in npm run test:hunt; PROPERTY_RUNS sets it.
                  PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? (process.env.PROPERTY_HUNT ? "2000" : "80"),
                  // The seed every property test runs from, and whether it replays a failure (with
                  // its path, as fast-check prints them): then the runs' reach is not asked.
                  PROPERTY_SEED: PROPERTY.seed,
                  PROPERTY_REPLAY: PROPERTY.replay ? "1" : "",
                  PROPERTY_PATH: process.env.PROPERTY_PATH ?? "",
                  // The bot's failed messages are retried at once, so 5 tries take no time.
                  BOT_RETRY_SECONDS: "0",
                },
                // The bot's queues as wrangler.toml has them, with batches sent after 50 ms rather than 1 s.
                queueConsumers: {
                  "bookie-notifications": {
                    maxBatchSize: 25,
                    maxBatchTimeout: 0.05,
                    maxRetries: 4,
                    deadLetterQueue: "bookie-notifications-dead",
                  },
                  "bookie-notifications-dead": { maxBatchSize: 25, maxBatchTimeout: 0.05 },
                },
              },
            })),
          ],
          test: {
            name: "worker",
            // The worker's files first, then the web's (groupOrder): run side by side they slowed
            // each other to more than both one after the other (test:quick 105 s against 46 + 29).
            sequence: { groupOrder: 0 },
            include: ["worker/**/*.test.ts", "common/**/*.test.ts"],
            exclude: [...configDefaults.exclude, "worker/**/*.node.test.ts", ...(quick ? LONG_RUNNING : [])],
            // A worker's files run one after another in one workerd, sharing its D1 and loaded
            // modules: tests use fresh ids and check what they made, and a new workerd with its
            // migrations per file cost more than most files (npm test 405 s isolated, 230 s not).
            isolate: false,
            // What the worker logs goes straight to workerd's output, not through vitest's RPC:
            // a run whose every test passed went red as a file's last lines were still on their
            // way when its worker closed ("Closing rpc while onUserConsoleLog was pending", after
            // staff/roles.test.ts, then after lib/input-defects.test.ts's refusals were logged).
            disableConsoleIntercept: true,
            setupFiles: ["./worker/test/apply-migrations.ts", "./worker/test/setup-property.ts"],
            // A test's calls go through workerd, D1 and the rooms: vitest's 5 s is not a budget that
            // holds on a busy 2-core machine. Heavier tests (property runs, races) set their own.
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          // The mini-app's components, in a simulated DOM.
          plugins: WEB_PLUGINS(),
          resolve: { alias: WEB_ALIASES },
          test: {
            name: "web",
            sequence: { groupOrder: 1 },
            // *.node.test.ts: worker code checked with Node-only tools (the OpenAPI validator reads its schemas from
            // disk), and the docs held to the code (docs/layers.node.test.ts).
            include: ["web/**/*.test.{ts,tsx}", "worker/**/*.node.test.ts", "docs/**/*.node.test.ts"],
            exclude: [...configDefaults.exclude, ...(quick ? LONG_RUNNING : [])],
            // The files share one module graph in each of a few threads, as the worker's do: a graph
            // and a process per file cost a second each (the web files took 93 s, 31 s shared).
            // setup.ts loads every module before a file's first test (a lazy import cut off by a
            // file's teardown stayed broken in a shared graph), and puts every store, storage and
            // the language back after each test.
            pool: "threads",
            isolate: false,
            environment: "happy-dom",
            // Rendering under a busy machine, and ESLint's first run (boundaries.node.test.ts), pass 5 s.
            testTimeout: 20_000,
            hookTimeout: 120_000,
            setupFiles: ["./web/src/test/setup.ts"],
          },
        },
      ],
    },
  };
});
