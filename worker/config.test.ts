import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WINDOW_SECONDS } from "./lib/rate-limit";

// wrangler.toml is what gets deployed: dev mode and secrets must never be in it (secrets are
// put with `wrangler secret put`; a worker missing one answers 500 MISCONFIGURED).

const config = env.WRANGLER_CONFIG;
const SECRETS = ["BOT_TOKEN", "JWT_SECRET", "WEBHOOK_SECRET"];
const limitOf = (name: string) => config.ratelimits?.find((r) => r.name === name)?.simple;

describe("the deployed config (wrangler.toml)", () => {
  it("never sets DEV_MODE", () => {
    expect(Object.keys(config.vars ?? {})).not.toContain("DEV_MODE");
    expect(JSON.stringify(config)).not.toMatch(/DEV_MODE/);
  });

  it("holds no secret", () => {
    for (const name of SECRETS) expect(JSON.stringify(config), name).not.toContain(name);
  });

  it("keeps logs", () => {
    expect(config.observability?.enabled).toBe(true);
  });

  it("has the four rate limits, each over the period the 429 announces", () => {
    for (const name of ["SIGN_IN_LIMIT", "WRITE_LIMIT", "BET_LIMIT", "TICKET_LIMIT"])
      expect(limitOf(name)?.period, name).toBe(WINDOW_SECONDS);
  });

  it("gives a member of staff 20 ticket lookups a window, as the counter's tests try them (vitest.config.ts)", () => {
    expect(limitOf("TICKET_LIMIT")).toEqual({ limit: 20, period: WINDOW_SECONDS });
  });

  it("lets a punter bet on every runner of a 30-runner race, and retry each once, within one window", () => {
    expect(limitOf("BET_LIMIT")!.limit).toBeGreaterThanOrEqual(60);
  });
});
