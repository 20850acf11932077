import type { Context } from "hono";

// Polled lists answer "nothing changed" from versions, not from their bodies: each list reads,
// in one small indexed query, the version counters of what it shows (the events' versions,
// which their room bumps with every change, memberships, subscriptions…), and its ETag is made
// from them. An unchanged list is a 304 before any heavy query runs and without waking a room.

/** FNV-1a over the version parts: short, stable, and no internal figure shows in the header. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36) + text.length.toString(36);
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.match(/"[^"]*"/g)?.includes(etag) ?? false;

const etagOf = (parts: unknown[]) => `"v${digest(JSON.stringify(parts))}"`;

const notModified = (c: Context, etag: string) =>
  matches(c.req.header("If-None-Match"), etag) ? c.body(null, 304, { ETag: etag }) : null;

/** The caller holds the list at these versions: a 304 to answer, or null. */
export const unchanged = (c: Context, parts: unknown[]) => notModified(c, etagOf(parts));

/** The most a caller may accept: a poll answered from versions at most this old (see acceptedAgeMs). */
const MAX_ACCEPTED_AGE_MS = 2000;

/**
 * How old the versions behind a 304 may be for this caller (ms): his `Cache-Control: max-age`
 * (seconds, at most 2), 0 without one or with `no-cache`. The mini-app's polls accept a second;
 * a call right after the caller's own change accepts none, so he always sees his change.
 */
export function acceptedAgeMs(c: Context): number {
  const directives = c.req.header("Cache-Control")?.toLowerCase() ?? "";
  if (/(^|,)\s*no-cache\s*(,|$)/.test(directives)) return 0;
  const seconds = Number(/(^|,)\s*max-age\s*=\s*(\d{1,4})\s*(,|$)/.exec(directives)?.[2] ?? 0);
  return Math.min(seconds * 1000, MAX_ACCEPTED_AGE_MS);
}

/**
 * Answers 304 when the caller holds the list at these versions, else builds the list and
 * answers it with that ETag. `parts` must change whenever anything the list shows changes.
 */
export async function versioned<T>(c: Context, parts: unknown[], build: () => Promise<T>) {
  const etag = etagOf(parts);
  const unmodified = notModified(c, etag);
  if (unmodified) return unmodified;
  const body = await build();
  c.header("ETag", etag);
  return c.json(body);
}
