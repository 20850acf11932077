// What every punter of a book sees alike (its events, outcomes, odds, stored totals) is read
// from D1 once per version of those events and kept in the isolate's memory, so a list asked
// for by many punters after a change costs each of them only his own small read. Keyed by the
// events' versions, an entry is never stale: any change to an event bumps its version, and the
// next poll asks for another key. Read after the versions were, an entry is never older than
// its key. Kept per isolate (a Worker's global scope outlives a request), a few hundred at
// most, for a minute at most: a database restored to an earlier point can hand out version
// numbers again, and an entry outliving that would show what the restore undid.

const MAX_ENTRIES = 256;
const MAX_AGE_MS = 60_000;
const entries = new Map<string, { read: Promise<unknown>; at: number }>();

/** `load()`'s answer for `key`, read once while it stays among the most recently used. */
export function sharedRead<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const kept = entries.get(key);
  entries.delete(key);
  if (kept && now - kept.at < MAX_AGE_MS) {
    // Most recently used last: the first key is the one to drop.
    entries.set(key, kept);
    return kept.read as Promise<T>;
  }
  const read = load();
  const entry = { read, at: now };
  // A failed read is not kept: the next poll tries D1 again.
  read.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return read;
}
