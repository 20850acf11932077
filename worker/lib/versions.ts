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

/**
 * Answers 304 when the caller holds the list at these versions, else builds the list and
 * answers it with that ETag. `parts` must change whenever anything the list shows changes.
 */
export async function versioned<T>(c: Context, parts: unknown[], build: () => Promise<T>) {
  const etag = `"v${digest(JSON.stringify(parts))}"`;
  if (matches(c.req.header("If-None-Match"), etag)) return c.body(null, 304, { ETag: etag });
  const body = await build();
  c.header("ETag", etag);
  return c.json(body);
}
