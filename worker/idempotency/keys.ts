import type { Context } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { nowIso } from "../lib/time";
import { en } from "../lib/words";

// `Idempotency-Key` on the calls that move coins (docs/decisions/api.md, "Idempotency-Key"). An attempt
// claims the key, runs, and keeps its answer; a retry replays that answer. The claim is one
// row per (user, key); the batch that moves the coins also marks the row COMMITTED, so an
// attempt that died between its batch and keeping its answer is answered from what it
// committed, never run again.

// This file: the key, and the statements a money batch carries for it (middleware.ts: the routes' side).

/** How long a key is remembered; the daily cron deletes older ones. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A claim still PENDING this long belongs to an attempt that died before its batch. */
export const STALE_CLAIM_MS = 30_000;
export const IdempotencyKey = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, en("Must be 1 to 64 letters, digits, _ or -.")),
);

/** An answer as kept: its status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/**
 * The answer of a movement that committed but whose answer was lost, rebuilt from the `ref`
 * its batch wrote with the marker (`userId` is the key's owner, the caller).
 */
export type Rebuild = (db: D1Database, userId: number, ref: string) => Promise<Answer>;

/** What the idempotent routes see: the caller's key, when he sent one. */
export interface IdempotencyEnv {
  Variables: {
    idempotencyKey?: string;
    /** idempotentInBatch: the key and the request's hash, for the batch that keeps the answer. */
    idempotency?: { key: string; hash: string };
    /** idempotentInBatch: "kept", the batch kept this answer; "seen", another attempt's answer is the key's. */
    idempotencyOutcome?: "kept" | "seen";
  };
}

/**
 * The committed marker: put it in the same `db.batch()` as the movement. When the key is
 * already COMMITTED or DONE (two attempts reached their batch, one taken over as stale) it
 * breaks the `state` CHECK, which aborts the batch like any failed money CHECK: nothing
 * moves, the money writers refuse it as they refuse an overdraft (a group of bets is retried
 * bet by bet), and the middleware then answers from the key's row, not from the refusal.
 */
export function markCommitted(
  db: D1Database,
  userId: number,
  key: string,
  ref: string | { sql: string },
): D1PreparedStatement {
  // A ref given as SQL names a row the same batch inserted first (a multiple's id).
  const [refSql, binds] = typeof ref === "string" ? ["?3", [ref]] : [ref.sql, []];
  return db
    .prepare(
      `UPDATE idempotency_keys SET state = CASE WHEN state = 'PENDING' THEN 'COMMITTED' ELSE 'ALREADY ' || state END, ref = ${refSql} WHERE user_id = ?1 AND key = ?2`,
    )
    .bind(userId, key, ...binds);
}

/**
 * The markers of many calls' keys in one statement (a group of cash-outs): `keys` as
 * [userId, key, ref] each, marked as markCommitted marks one.
 */
export const markCommittedMany = (db: D1Database, keys: [userId: number, key: string, ref: string][]) =>
  db
    .prepare(
      `UPDATE idempotency_keys SET state = CASE WHEN state = 'PENDING' THEN 'COMMITTED' ELSE 'ALREADY ' || state END,
         ref = k.ref
       FROM (SELECT json_extract(j.value, '$[0]') AS user_id, json_extract(j.value, '$[1]') AS key,
               json_extract(j.value, '$[2]') AS ref FROM json_each(?1) j) k
       WHERE idempotency_keys.user_id = k.user_id AND idempotency_keys.key = k.key`,
    )
    .bind(JSON.stringify(keys));

/** The marker for this call's key, or nothing for a call sent without one. */
export function commitMarker(
  c: Context<AppEnv & IdempotencyEnv>,
  ref: string | { sql: string },
): D1PreparedStatement[] {
  const key = c.get("idempotencyKey");
  return key === undefined ? [] : [markCommitted(c.env.DB, c.get("user").userId, key, ref)];
}

/** Statements of the daily upkeep: forget keys past their lifetime. */
export const forgetOldKeys = (db: D1Database, now: number) =>
  db.prepare(`DELETE FROM idempotency_keys WHERE created_at < ?1`).bind(nowIso(now - KEY_LIFETIME_MS));

/**
 * In an upsert of a key's row, whether the row in the table may be replaced: past its lifetime,
 * or a stale claim of the same request (an attempt that died before its write). `expiry` and
 * `stale` name the parameters that `replaceableBinds` fill, in that order.
 */
export const replaceableSql = (expiry: string, stale: string) =>
  `(idempotency_keys.created_at < ${expiry} OR (idempotency_keys.state = 'PENDING'
    AND idempotency_keys.claimed_at < ${stale} AND idempotency_keys.request_hash = excluded.request_hash))`;
export const replaceableBinds = (now: number) => [nowIso(now - KEY_LIFETIME_MS), nowIso(now - STALE_CLAIM_MS)];

/** SHA-256 of method, path and the body with its keys sorted, so key order is not "another body"; exported for tests. */
export async function requestHash(method: string, path: string, body: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`${method} ${path}\n${canonical(body)}`),
  );
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function canonical(body: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(body)));
  } catch {
    return body;
  }
}

const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const obj = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(obj)
      .sort()
      .map((k) => [k, sortKeys(obj[k])]),
  );
};
