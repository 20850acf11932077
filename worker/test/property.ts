import { env } from "cloudflare:workers";

/**
 * fast-check's run options: `numRuns` sequences, or, when PROPERTY_SEED (and PROPERTY_PATH) are
 * set, the one failing run they name, as fast-check printed them (a CI failure replayed locally).
 */
export function propertyRuns(numRuns: number): { numRuns: number; seed?: number; path?: string } {
  if (!env.PROPERTY_SEED) return { numRuns };
  return { numRuns, seed: Number(env.PROPERTY_SEED), ...(env.PROPERTY_PATH ? { path: env.PROPERTY_PATH } : {}) };
}
