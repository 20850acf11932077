import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import {
  SWRConfig,
  unstable_serialize,
  useSWRConfig,
  type Cache,
  type Middleware,
  type SWRConfiguration,
  type State,
} from "swr";
import { takeEarly } from "./early";
import { onErrorRetry } from "./retry";

/** How long an answer no screen uses stays in the cache (the spec: "Unused cached data lives 60 s by default"). */
export const UNUSED_ANSWER_MS = 60_000;

/**
 * SWR's cache, but an answer leaves it once no mounted screen has read it for `unusedMs`: a
 * screen opened again after that loads afresh instead of showing what it held long ago. A key
 * counts as used while a hook reading it is mounted; an answer written while none is (a read
 * finishing after its screen closed) starts its time then.
 */
export function answerCache(unusedMs: number): Pick<SWRConfiguration, "provider" | "use"> {
  const answers = new Map<string, State>();
  const readers = new Map<string, number>(); // key → mounted hooks reading it
  const leaving = new Map<string, ReturnType<typeof setTimeout>>(); // key → its removal, once unused

  const stay = (key: string) => {
    clearTimeout(leaving.get(key));
    leaving.delete(key);
  };
  const leaveLater = (key: string) => {
    stay(key);
    leaving.set(
      key,
      setTimeout(() => {
        leaving.delete(key);
        answers.delete(key);
        readAt.delete(key);
      }, unusedMs),
    );
  };

  const readAt = new Map<string, number>(); // key → when its answer last changed
  const cache: Cache & { readAt(key: string): number | undefined } = {
    keys: () => answers.keys(),
    get: (key) => answers.get(key),
    readAt: (key) => readAt.get(key),
    set(key, value) {
      if (value.data !== answers.get(key)?.data) readAt.set(key, Date.now());
      answers.set(key, value);
      if (!readers.has(key) && !leaving.has(key)) leaveLater(key);
    },
    delete(key) {
      answers.delete(key);
      readAt.delete(key);
      stay(key);
    },
  };

  function read(key: string): () => void {
    readers.set(key, (readers.get(key) ?? 0) + 1);
    stay(key);
    return () => {
      const left = readers.get(key)! - 1;
      if (left > 0) return void readers.set(key, left);
      readers.delete(key);
      if (answers.has(key)) leaveLater(key);
    };
  }

  // A layout effect, so the key is marked read before SWR's own layout effect starts the fetch.
  const keptWhileRead: Middleware = (useSWRNext) => (key, fetcher, config) => {
    const cacheKey = unstable_serialize(key);
    useLayoutEffect(() => (cacheKey ? read(cacheKey) : undefined), [cacheKey]);
    return useSWRNext(key, fetcher, config);
  };

  return { provider: () => cache, use: [keptWhileRead, freshOnOpen] };
}

const isApiKey = (key: unknown): key is readonly [path: string, token: string] =>
  Array.isArray(key) && key.length === 2 && key.every((part) => typeof part === "string");

/**
 * How old an answer a screen just opened may show without asking again: the API itself accepts
 * a second-old version of a list.
 */
export const FRESH_ON_OPEN_MS = 1_000;

/**
 * A screen shows the world as it is when it opens. A key's first fetch takes the answer started
 * before its screen loaded (api/early.ts), if any, for the first paint; an answer read before the
 * screen opened (an early read started on approach or during the start-up wait, or a cached one
 * another screen read) more than FRESH_ON_OPEN_MS before is then read again at once, past SWR's
 * 2 s deduplication and the 12 s poll: a list changed elsewhere showed as it was for 12 s.
 */
const freshOnOpen: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const [openedAt] = useState(Date.now);
  const olderThanOpening = useRef(false);
  const first: typeof fetcher =
    fetcher &&
    ((...args) => {
      const early = isApiKey(key) ? takeEarly(key[0], key[1]) : undefined;
      if (!early) return fetcher(...args);
      olderThanOpening.current ||= openedAt - early.at > FRESH_ON_OPEN_MS;
      return early.answer as ReturnType<typeof fetcher>;
    });
  const swr = useSWRNext(key, first, config);
  const cacheKey = unstable_serialize(key);
  const { cache } = useSWRConfig() as { cache: Cache & { readAt?(key: string): number | undefined } };
  // Read once when the screen opens: an answer already cached, read before it opened.
  const [cachedAt] = useState(() => (cache.get(cacheKey)?.data === undefined ? undefined : cache.readAt?.(cacheKey)));
  if (cachedAt !== undefined && openedAt - cachedAt > FRESH_ON_OPEN_MS) olderThanOpening.current = true;
  const hasData = swr.data !== undefined;
  const { mutate } = swr;
  useEffect(() => {
    if (!hasData || !olderThanOpening.current) return;
    olderThanOpening.current = false;
    void mutate();
  }, [hasData, mutate]);
  return swr;
};
/** A cache per app instance: nothing outlives it (and tests start clean). */
export default function SwrCache({ children }: { children: ReactNode }) {
  const [cache] = useState(() => answerCache(UNUSED_ANSWER_MS));
  return <SWRConfig value={{ ...cache, onErrorRetry }}>{children}</SWRConfig>;
}
