import { env } from "cloudflare:workers";

/**
 * fast-check's run options: `numRuns` sequences from the seed in force (vitest.config.ts: the
 * commit's, a hunt's, or PROPERTY_SEED), and with PROPERTY_PATH the one failing run it names, as
 * fast-check printed them (a CI failure replayed locally). Every other `fc.assert` takes the same
 * seed from worker/test/setup-property.ts.
 */
export function propertyRuns(numRuns: number): { numRuns: number; seed: number; path?: string } {
  return { numRuns, seed: Number(env.PROPERTY_SEED), ...(env.PROPERTY_PATH ? { path: env.PROPERTY_PATH } : {}) };
}
