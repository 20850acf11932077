import { useLayoutEffect, useState, type ReactNode } from "react";
import { SWRConfig, unstable_serialize, type Cache, type Middleware, type SWRConfiguration, type State } from "swr";
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
      }, unusedMs),
    );
  };

  const cache: Cache = {
    keys: () => answers.keys(),
    get: (key) => answers.get(key),
    set(key, value) {
      answers.set(key, value);
      if (!readers.has(key) && !leaving.has(key)) leaveLater(key);
    },
    delete(key) {
      answers.delete(key);
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

  return { provider: () => cache, use: [keptWhileRead, earlyFirst] };
}

const isApiKey = (key: unknown): key is readonly [path: string, token: string] =>
  Array.isArray(key) && key.length === 2 && key.every((part) => typeof part === "string");

/** A key's first fetch takes the answer started before its screen loaded (api/early.ts), if any. */
const earlyFirst: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const early = () => (isApiKey(key) ? takeEarly(key[0], key[1]) : undefined);
  const first: typeof fetcher = fetcher && ((...args) => (early() as ReturnType<typeof fetcher>) ?? fetcher(...args));
  return useSWRNext(key, first, config);
};
/** A cache per app instance: nothing outlives it (and tests start clean). */
export default function SwrCache({ children }: { children: ReactNode }) {
  const [cache] = useState(() => answerCache(UNUSED_ANSWER_MS));
  return <SWRConfig value={{ ...cache, onErrorRetry }}>{children}</SWRConfig>;
}
