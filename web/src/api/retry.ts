import type { Cache, SWRConfiguration } from "swr";

/** The longest a screen waits between tries of a read that keeps failing. */
export const MAX_RETRY_MS = 30_000;

type OnErrorRetry = NonNullable<SWRConfiguration["onErrorRetry"]>;

/** The screen's own poll interval for this key, or 0 when it does not poll. */
function pollMsOf(key: string, config: Parameters<OnErrorRetry>[2]): number {
  const interval = config.refreshInterval;
  if (typeof interval === "number") return interval;
  if (typeof interval !== "function") return 0;
  // An interval that depends on the answer (the events near a start) is read from the last one.
  const cache = (config as { cache?: Cache }).cache;
  return interval(cache?.get(key)?.data);
}

/**
 * How long before trying again a read that failed `retryCount` times in a row. SWR stops
 * polling a key while it holds an error and retries it after 5 s × 2^n (n the failures so far;
 * about 21 minutes between tries after eight): one lost answer left a race's odds frozen for
 * up to 15 s, and an outage of a few minutes froze every screen for many more. A polled read is
 * tried again after its own interval, doubling with each failure up to 30 s; a read that is
 * not polled starts from SWR's interval. Randomised by ±50 % (within the 30 s) so phones
 * that lost the API together do not come back in step.
 */
export function retryDelayMs(baseMs: number, retryCount: number, random = Math.random()): number {
  const backoff = baseMs * 2 ** Math.max(0, retryCount - 1);
  return Math.round(Math.min(backoff * (0.5 + random), MAX_RETRY_MS));
}

export const onErrorRetry: OnErrorRetry = (_error, key, config, revalidate, opts) => {
  const poll = pollMsOf(key, config);
  setTimeout(() => void revalidate(opts), retryDelayMs(poll > 0 ? poll : config.errorRetryInterval, opts.retryCount));
};
