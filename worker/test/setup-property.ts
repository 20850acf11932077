import { env } from "cloudflare:workers";
import fc from "fast-check";

// Every property test runs from the seed in force (vitest.config.ts), so `npm test` tries the
// same sequences on every machine for a commit, and a failure replays with the seed it printed.
fc.configureGlobal({ seed: Number(env.PROPERTY_SEED) });
