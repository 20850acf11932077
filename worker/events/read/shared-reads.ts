// What every punter of a book sees alike (its events, outcomes, odds, stored totals) is read
// from D1 once per version of those events and kept in the isolate's memory, so a list asked
// for by many punters after a change costs each of them only his own small read. Keyed by the
// events' versions, an entry is never stale: any change to an event bumps its version, and the
// next poll asks for another key. Read after the versions were, an entry is never older than
// its key. Kept per isolate (a Worker's global scope outlives a request), a few hundred at
// most, for a minute at most: a database restored to an earlier point can hand out version
// numbers again, and an entry outliving that would show what the restore undid.
//
// Only answers are kept, never a read in flight: a Worker must not wait on I/O begun by
// another request (workerd cancels it with the request that began it), so polls that miss at
// the same moment each read for themselves, and the first to finish keeps its answer.

import { Kept } from "../../lib/kept";

const MAX_AGE_MS = 60_000;
const entries = new Kept<unknown>(256);

/** `load()`'s answer for `key`, read again only once the key is dropped or a minute old. */
export async function sharedRead<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const kept = entries.get(key, MAX_AGE_MS, now);
  if (kept !== undefined) return kept as T;
  // A failed read throws here and keeps nothing: the next poll tries D1 again.
  const value = await load();
  entries.set(key, value, now);
  return value;
}
