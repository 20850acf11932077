import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { AppError, errorResponse, validationError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { issueWords } from "../lib/validate";
import { en } from "../lib/words";
import {
  IdempotencyKey,
  type IdempotencyEnv,
  KEY_LIFETIME_MS,
  type Rebuild,
  replaceableBinds,
  replaceableSql,
  requestHash,
  STALE_CLAIM_MS,
} from "./keys";

// The Idempotency-Key middleware of the money routes: claim the key, run, keep the answer;
// a retry replays it (keys.ts: the key and the statements its batch carries).

/** Pauses while another attempt holds the key: about 3 s in all before 409. */
const WAIT_STEPS_MS = [50, 100, 150, 200, 250, 300, 400, 500, 500, 500];

interface KeyRow {
  request_hash: string;
  state: "PENDING" | "COMMITTED" | "DONE";
  ref: string | null;
  status: number | null;
  body: string | null;
  claim: string;
  claimed_at: string;
  created_at: string;
}

const ROW = `SELECT request_hash, state, ref, status, body, claim, claimed_at, created_at FROM idempotency_keys WHERE user_id = ?1 AND key = ?2`;

/**
 * Middleware for a money route, after `requireUser`: without the header the call runs as
 * before (no extra D1 call); with it, the first answer per key is kept and replayed.
 */
export const idempotent = (rebuild: Rebuild) =>
  createMiddleware<AppEnv & IdempotencyEnv>(async (c, next) => {
    const header = c.req.header("Idempotency-Key");
    if (header === undefined) return next();
    const key = parseKey(header);
    const db = c.env.DB;
    const { userId } = c.get("user");
    const hash = await requestHash(c.req.method, c.req.path, await c.req.text());
    const claim = crypto.randomUUID();

    for (let attempt = 0; ; attempt++) {
      const row = await claimKey(db, userId, key, hash, claim);
      if (row.request_hash !== hash) throw keyReused();
      if (row.state === "PENDING" && row.claim === claim) break;
      if (row.state === "DONE") return replay(c, row);
      // A committed attempt keeps its answer a moment later; if it does not, it died.
      const waitedEnough = attempt === WAIT_STEPS_MS.length;
      if (row.state === "COMMITTED" && (waitedEnough || isStale(row.claimed_at)))
        return answerCommitted(c, rebuild, key, row);
      if (waitedEnough) return keyInUse(c);
      await sleep(WAIT_STEPS_MS[attempt]);
    }

    c.set("idempotencyKey", key);
    await next();
    const res = c.res;
    if (res.status < 500) {
      const kept = await keep(
        db,
        userId,
        key,
        { status: res.status, text: await res.clone().text() },
        res.ok ? "OWN_OR_COMMITTED" : "OWN",
        claim,
      );
      // Our answer is the key's answer unless another attempt's got there first.
      if (kept) return;
    }
    // A 5xx is not final: the outcome is read from the row. Committed means the coins moved.
    try {
      const row = await release(db, userId, key, claim);
      if (row?.state === "DONE") c.res = replay(c, row);
      else if (row?.state === "COMMITTED") c.res = await answerCommitted(c, rebuild, key, row);
    } catch (err) {
      console.error("idempotency key left pending", err);
    }
  });

function parseKey(header: string): string {
  const parsed = v.safeParse(IdempotencyKey, header);
  if (!parsed.success) throw validationError("Idempotency-Key", issueWords(parsed.issues[0]));
  return parsed.output;
}

/**
 * `idempotent` for a route whose write keeps the answer in its own batch (a bet: the room's
 * group writes the key's row DONE with the 201, bets/answer.ts), so a bet costs the key
 * no round trip of its own: no claim before, no keeping after. The route sets `idempotency`'s
 * outcome: "kept" when its batch kept the answer. Any other answer below 500 (a refusal, a
 * 400) is kept here unless the key already has a live row, whose answer is then the key's; so
 * is a row found after a 5xx (the batch may have committed). A live row of the same key is
 * another attempt's (the room makes a retry wait for an attempt of the same key in flight, and
 * answers "seen"), or the key with another body: 422. While no answer is kept yet, the attempt
 * waits about 3 s for one, then answers 409 IDEMPOTENCY_KEY_IN_USE.
 */
export const idempotentInBatch = (rebuild: Rebuild) =>
  createMiddleware<AppEnv & IdempotencyEnv>(async (c, next) => {
    const header = c.req.header("Idempotency-Key");
    if (header === undefined) return next();
    const key = parseKey(header);
    const hash = await requestHash(c.req.method, c.req.path, await c.req.text());
    c.set("idempotency", { key, hash });
    await next();
    const outcome = c.get("idempotencyOutcome");
    if (outcome === "kept") return;
    const db = c.env.DB;
    const { userId } = c.get("user");
    const res = c.res;
    if (outcome !== "seen" && res.status < 500) {
      const text = await res.clone().text();
      if (await keepFirst(db, userId, key, hash, { status: res.status, text })) return;
    }
    c.res = await answerFromRow(c, rebuild, key, hash, res.status < 500 ? null : res);
  });

/** Keeps an answer as the key's unless the key has a live row (an expired one is replaced); true when kept. */
async function keepFirst(
  db: D1Database,
  userId: number,
  key: string,
  hash: string,
  answer: { status: number; text: string },
): Promise<boolean> {
  const now = Date.now();
  const kept = await db
    .prepare(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, state, status, body, claim, claimed_at, created_at)
       VALUES (?1, ?2, ?3, 'DONE', ?4, ?5, 'answer', ?6, ?6)
       ON CONFLICT (user_id, key) DO UPDATE SET
         request_hash = excluded.request_hash, state = 'DONE', ref = NULL, status = excluded.status, body = excluded.body,
         claim = excluded.claim, claimed_at = excluded.claimed_at, created_at = excluded.created_at
       WHERE ${replaceableSql("?7", "?8")}
       RETURNING status`,
    )
    .bind(userId, key, hash, answer.status, answer.text, nowIso(now), ...replaceableBinds(now))
    .first();
  return kept !== null;
}

/**
 * The key's answer as its row says: replayed when kept, rebuilt when committed without one, 422
 * for another body; with no answer yet, a wait, then `failed` (our own 5xx) or 409 IN_USE.
 */
async function answerFromRow(
  c: Context<AppEnv & IdempotencyEnv>,
  rebuild: Rebuild,
  key: string,
  hash: string,
  failed: Response | null,
): Promise<Response> {
  const { userId } = c.get("user");
  for (let attempt = 0; ; attempt++) {
    const row = await c.env.DB.prepare(ROW).bind(userId, key).first<KeyRow>();
    const live = row !== null && Date.parse(row.created_at) >= Date.now() - KEY_LIFETIME_MS;
    if (live && row.request_hash !== hash) return errorResponse(c, keyReused());
    if (live && row.state === "DONE") return replay(c, row);
    if (live && row.state === "COMMITTED") return answerCommitted(c, rebuild, key, row);
    // Our own failure, with nothing committed under the key: the failure is the answer.
    if (failed && !live) return failed;
    if (attempt === WAIT_STEPS_MS.length) return failed ?? keyInUse(c);
    await sleep(WAIT_STEPS_MS[attempt]);
  }
}

/** Claims the key (a new one, an expired one, or a stale claim) and reads its row, in one round trip. */
async function claimKey(db: D1Database, userId: number, key: string, hash: string, claim: string): Promise<KeyRow> {
  const now = Date.now();
  const [, read] = await db.batch([
    db
      .prepare(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, state, claim, claimed_at, created_at)
         VALUES (?1, ?2, ?3, 'PENDING', ?4, ?5, ?5)
         ON CONFLICT (user_id, key) DO UPDATE SET
           request_hash = excluded.request_hash, state = 'PENDING', ref = NULL, status = NULL, body = NULL,
           claim = excluded.claim, claimed_at = excluded.claimed_at,
           created_at = CASE WHEN idempotency_keys.created_at < ?6 THEN excluded.created_at ELSE idempotency_keys.created_at END
         WHERE idempotency_keys.created_at < ?6
            OR (idempotency_keys.state = 'PENDING' AND idempotency_keys.claimed_at < ?7 AND idempotency_keys.request_hash = excluded.request_hash)`,
      )
      .bind(userId, key, hash, claim, nowIso(now), nowIso(now - KEY_LIFETIME_MS), nowIso(now - STALE_CLAIM_MS)),
    db.prepare(ROW).bind(userId, key),
  ]);
  return read.results[0] as KeyRow;
}

/**
 * Keeps an answer as the key's; null when the row is no longer ours to answer. A refusal
 * (`OWN`) is kept only while our claim holds and nothing committed; a success also over a
 * COMMITTED marker, which is its own batch's.
 */
async function keep(
  db: D1Database,
  userId: number,
  key: string,
  answer: { status: number; text: string },
  when: "OWN" | "OWN_OR_COMMITTED" | "COMMITTED",
  claim = "",
) {
  const condition = {
    OWN: `state = 'PENDING' AND claim = ?5`,
    OWN_OR_COMMITTED: `((state = 'PENDING' AND claim = ?5) OR state = 'COMMITTED')`,
    COMMITTED: `state = 'COMMITTED'`,
  }[when];
  const binds = [userId, key, answer.status, answer.text, ...(when === "COMMITTED" ? [] : [claim])];
  return db
    .prepare(
      `UPDATE idempotency_keys SET state = 'DONE', status = ?3, body = ?4 WHERE user_id = ?1 AND key = ?2 AND ${condition} RETURNING status`,
    )
    .bind(...binds)
    .first<{ status: number }>();
}

/** After a 5xx: lets the next retry take our claim at once, and reads where the key stands. */
async function release(db: D1Database, userId: number, key: string, claim: string): Promise<KeyRow | null> {
  const [, read] = await db.batch([
    db
      .prepare(
        `UPDATE idempotency_keys SET claimed_at = ?4 WHERE user_id = ?1 AND key = ?2 AND state = 'PENDING' AND claim = ?3`,
      )
      .bind(userId, key, claim, nowIso(0)),
    db.prepare(ROW).bind(userId, key),
  ]);
  return (read.results[0] as KeyRow | undefined) ?? null;
}

/** A movement committed without a kept answer: rebuild it from the ref and keep it. */
async function answerCommitted(
  c: Context<AppEnv & IdempotencyEnv>,
  rebuild: Rebuild,
  key: string,
  row: KeyRow,
): Promise<Response> {
  const { userId } = c.get("user");
  const answer = await rebuild(c.env.DB, userId, row.ref ?? "");
  const text = JSON.stringify(answer.body);
  await keep(c.env.DB, userId, key, { status: answer.status, text }, "COMMITTED");
  // Whichever attempt kept its answer first, the row now says what every retry hears.
  const kept = await c.env.DB.prepare(ROW).bind(userId, key).first<KeyRow>();
  return replay(c, kept?.state === "DONE" ? kept : { ...row, status: answer.status, body: text });
}

/** The key came with another request's body: 422, whichever attempt finds it. */
const keyReused = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", 422, en("This Idempotency-Key was sent with another request."));

/** Another attempt of the key has no answer yet after the waits: 409, to be tried again in a second. */
function keyInUse(c: Context): Response {
  c.header("Retry-After", "1");
  return errorResponse(
    c,
    new AppError("IDEMPOTENCY_KEY_IN_USE", 409, en("A request with this Idempotency-Key is still being processed.")),
  );
}

function replay(c: Context, row: Pick<KeyRow, "status" | "body">): Response {
  c.header("Idempotency-Replayed", "true");
  return c.body(row.body ?? "", (row.status ?? 200) as ContentfulStatusCode, { "Content-Type": "application/json" });
}

const isStale = (claimedAt: string) => Date.parse(claimedAt) < Date.now() - STALE_CLAIM_MS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
