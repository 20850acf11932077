/**
 * Values kept in an isolate's memory (a Worker's global scope outlives a request), each with
 * the time it was read, at most `size` of them: the least recently used goes first. Only
 * values, never a read in flight: a Worker must not wait on I/O another request began.
 */
export class Kept<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();

  constructor(private readonly size: number) {}

  /** The value kept for `key`, if it was read less than `maxAgeMs` before `now`. */
  get(key: string, maxAgeMs: number, now = Date.now()): V | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (now - kept.at >= maxAgeMs) return undefined;
    this.entries.set(key, kept); // most recently used last
    return kept.value;
  }

  /** Keeps `value`, read at `at` (when the read began: what it saw is at least that new). */
  set(key: string, value: V, at = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}
