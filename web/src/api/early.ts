import { useAuth } from "@/store/auth";
import type { Answer, Read } from "./calls";
import { apiFetch } from "./client";
import { routePath, type CallArgs } from "./route-request";

// Reads started before the screen that shows them has loaded its code (or SWR itself): at a tap
// on the button that opens it, or during the start-up wait. The screen's first fetch of the same
// key takes the answer under way instead of asking again (api/cache.tsx). No SWR here: this
// module is in the first screen's bundle, so a read starts at the tap, not after a chunk arrives.

/**
 * An early answer stands in only for a screen opened now, beside its code: one not taken within
 * this is dropped (a card hovered long before, a Start tapped late), and the screen asks afresh,
 * or it would show a list as it was (browser checks caught a book missing from /bookies).
 */
const EARLY_ANSWER_MS = 5_000;

const early = new Map<string, { answer: Promise<unknown>; at: number }>();
// The same key as SWR's for useApi: [path, token].
const keyOf = (path: string, token: string) => JSON.stringify([path, token]);

/** Starts reading `route` as the signed-in user, unless the same read is already under way. */
export function fetchEarly<R extends Read>(route: R, ...request: CallArgs<R>): Promise<Answer<R>> | undefined {
  const token = useAuth.getState().token;
  if (!token) return undefined;
  const path = routePath(route, ...request);
  const key = keyOf(path, token);
  const held = early.get(key);
  if (held && Date.now() - held.at < EARLY_ANSWER_MS) return held.answer as Promise<Answer<R>>;
  const answer = apiFetch<Answer<R>>(path, { token });
  const entry = { answer, at: Date.now() };
  early.set(key, entry);
  // A failed early read is forgotten: the screen asks again and shows its own error.
  answer.catch(() => early.get(key) === entry && early.delete(key));
  return answer;
}

/**
 * The early answer for SWR's key [path, token], handed over once, with when its read started;
 * none when there is none fresh.
 */
export function takeEarly(path: string, token: string): { answer: Promise<unknown>; at: number } | undefined {
  const key = keyOf(path, token);
  const held = early.get(key);
  early.delete(key);
  return held && Date.now() - held.at < EARLY_ANSWER_MS ? held : undefined;
}

/** A new launch (and each test) starts with none. */
export function forgetEarlyAnswers(): void {
  early.clear();
}
