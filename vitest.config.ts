import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Test-only secrets; the bot token matches nothing real.
export const TEST_VARS = {
  BOT_TOKEN: "424242:test-bot-token",
  JWT_SECRET: "test-jwt-secret",
  WEBHOOK_SECRET: "test-webhook-secret",
  DEV_MODE: "true",
  WEB_ORIGIN: "http://localhost:5173",
  TELEGRAM_API_URL: "http://telegram.test",
};

export default defineConfig({
  test: {
    projects: [
      {
        // The API, inside workerd with real D1 and Durable Objects.
        plugins: [
          cloudflareTest(async () => ({
            main: "./worker/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              d1Databases: ["DB", "SCHEMA_DB"],
              bindings: {
                ...TEST_VARS,
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                SCHEMA_SQL: readFileSync("./schema.sql", "utf8"),
                // How many random sequences the property tests try; raise it for a longer hunt.
                PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? "200",
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["worker/**/*.test.ts", "common/**/*.test.ts"],
          setupFiles: ["./worker/test/apply-migrations.ts"],
        },
      },
      {
        // The mini-app's components, in a simulated DOM.
        plugins: [react()],
        test: {
          name: "web",
          include: ["web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["./web/src/test/setup.ts"],
        },
      },
    ],
  },
});
