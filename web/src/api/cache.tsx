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

/** When the newest read of a key began (an early read: when it began, not when it was taken), and whether it has answered. */
interface KeyRead {
  startedAt: number;
  pending: boolean;
}

/** The cache's account of its keys' reads (answerCache), which freshOnOpen keeps and reads. */
interface ReadsKept {
  began(key: string, at: number, answer: Promise<unknown>): void;
  newestRead(key: string): KeyRead | undefined;
}

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
  // key → its newest read: the one SWR shows the answer of, or deduplicates a new fetch onto.
  const reads = new Map<string, KeyRead>();

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
        reads.delete(key);
      }, unusedMs),
    );
  };

  const cache: Cache & ReadsKept = {
    keys: () => answers.keys(),
    get: (key) => answers.get(key),
    set(key, value) {
      answers.set(key, value);
      if (!readers.has(key) && !leaving.has(key)) leaveLater(key);
    },
    delete(key) {
      answers.delete(key);
      reads.delete(key);
      stay(key);
    },
    began(key, at, answer) {
      const read = { startedAt: at, pending: true };
      reads.set(key, read);
      const answered = () => void (read.pending = false);
      answer.then(answered, answered);
    },
    newestRead: (key) => reads.get(key),
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
 * How old a read a screen just opened may show without asking again: the API itself accepts
 * a second-old version of a list.
 */
export const FRESH_ON_OPEN_MS = 1_000;

/**
 * A screen shows the world as it is when it opens. How old an answer is counts from when its
 * read began, not from when it arrived: a list read before an event was published elsewhere
 * and answered slowly (the start-up's reads, after a reload, on a phone's network) is as old as
 * its question. So the screen reads its key again at once, past SWR's 2 s deduplication and the
 * 12 s poll, when the key's newest read began more than FRESH_ON_OPEN_MS before it opened:
 * - an answer another screen read, cached (shown meanwhile, as the first paint);
 * - a read another screen began that is still under way (not waited for: SWR would take its
 *   answer as the screen's own, and Events showed 'No events yet' for 12 s after a reload);
 * - an early read (api/early.ts) started on approach or during the start-up wait, which the
 *   key's first fetch takes for the first paint.
 */
const freshOnOpen: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const [openedAt] = useState(Date.now);
  const cacheKey = unstable_serialize(key);
  const { cache } = useSWRConfig() as { cache: Cache & Partial<ReadsKept> };
  // Read once when the screen opens: the key's newest read, answered (and cached) or under way.
  const [readAgainNow] = useState(() => {
    const newest = cacheKey ? cache.newestRead?.(cacheKey) : undefined;
    const held = newest?.pending || cache.get(cacheKey)?.data !== undefined;
    return newest !== undefined && held && openedAt - newest.startedAt > FRESH_ON_OPEN_MS;
  });
  const readAgain = useRef(readAgainNow);
  const earlyTooOld = useRef(false);
  const timed: typeof fetcher =
    fetcher &&
    ((...args) => {
      const early = isApiKey(key) ? takeEarly(key[0], key[1]) : undefined;
      const answer = (early ? early.answer : fetcher(...args)) as ReturnType<typeof fetcher>;
      cache.began?.(cacheKey, early ? early.at : Date.now(), Promise.resolve(answer));
      if (early && openedAt - early.at > FRESH_ON_OPEN_MS) earlyTooOld.current = true;
      return answer;
    });
  const swr = useSWRNext(key, timed, config);
  const hasData = swr.data !== undefined;
  const { mutate } = swr;
  useEffect(() => {
    // An early answer is shown first, then read again; anything else older than the opening is read again now.
    if (!readAgain.current && !(earlyTooOld.current && hasData)) return;
    readAgain.current = false;
    earlyTooOld.current = false;
    // Another hook of the key, opened with this one, may have read it again already.
    const newest = cache.newestRead?.(cacheKey);
    if (newest && openedAt - newest.startedAt <= FRESH_ON_OPEN_MS) return;
    void mutate();
  }, [hasData, mutate, cache, cacheKey, openedAt]);
  return swr;
};
/** A cache per app instance: nothing outlives it (and tests start clean). */
export default function SwrCache({ children }: { children: ReactNode }) {
  const [cache] = useState(() => answerCache(UNUSED_ANSWER_MS));
  return <SWRConfig value={{ ...cache, onErrorRetry }}>{children}</SWRConfig>;
}
