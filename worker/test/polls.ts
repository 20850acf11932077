import { expect } from "vitest";
import { call } from "./api";

// Polling a list as the mini-app does: with the ETag of the last answer, expecting a 304 while
// nothing it shows has changed.

export async function poll(path: string, token: string, etag?: string, headers: Record<string, string> = {}) {
  const res = await call("GET", path, { token, headers: { ...headers, ...(etag ? { "If-None-Match": etag } : {}) } });
  return {
    status: res.status,
    etag: res.headers.get("ETag") ?? "",
    body: res.status === 200 ? await res.json() : null,
  };
}

/** The list's ETag now, checking that asking with it again is a 304. */
export async function tagOf(path: string, token: string) {
  const first = await poll(path, token);
  expect(first.status, path).toBe(200);
  expect((await poll(path, token, first.etag)).status, `${path} unchanged`).toBe(304);
  return first.etag;
}

export type Lists = Record<string, readonly [path: string, token: string]>;

/**
 * Runs `write` and checks which lists it changed: exactly those named in `concerned` answer 200
 * to their previous ETag, the others 304.
 */
export async function expectChanged(lists: Lists, what: string, write: () => Promise<unknown>, concerned: string[]) {
  const before = Object.fromEntries(
    await Promise.all(Object.entries(lists).map(async ([k, [path, token]]) => [k, await tagOf(path, token)])),
  );
  await write();
  for (const [k, [path, token]] of Object.entries(lists)) {
    const after = await poll(path, token, before[k]);
    expect(after.status, `${what}: ${k}`).toBe(concerned.includes(k) ? 200 : 304);
  }
}
