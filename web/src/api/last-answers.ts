// The last answer of each GET, with its ETag, so a poll asks "changed since?" (If-None-Match)
// and a 304 reuses what was read before. The API makes polled lists' ETags from versions and
// answers an unchanged one with a 304 after one small read; browsers and WebViews do not
// revalidate these calls by themselves (no Cache-Control, an Authorization header), so the
// app does it. Keyed by the caller's token too: dev mode switches users in one tab.

const MAX_ANSWERS = 100;
const answers = new Map<string, { etag: string; data: unknown }>();

const keyOf = (url: string, token: string | null | undefined) => `${token ?? ""} ${url}`;

/** The ETag of the answer kept for this GET, if any. */
export function keptEtag(url: string, token: string | null | undefined): string | undefined {
  return answers.get(keyOf(url, token))?.etag;
}

/** The answer kept for this GET (after a 304). */
export function keptAnswer(url: string, token: string | null | undefined): unknown {
  return answers.get(keyOf(url, token))?.data;
}

/** Keeps a GET's answer with its ETag; the oldest kept answer goes past 100. */
export function keepAnswer(url: string, token: string | null | undefined, etag: string | null, data: unknown): void {
  const key = keyOf(url, token);
  answers.delete(key);
  if (!etag) return;
  answers.set(key, { etag, data });
  if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value!);
}

/** Forgets every kept answer (sign-out, tests). */
export function forgetAnswers(): void {
  answers.clear();
}
