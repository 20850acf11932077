// The worker as the benchmarks run it: the real worker and EventRoom, with the D1 binding and
// the rooms' namespace wrapped to count D1 queries, rows read and written (from each result's
// `meta`, as D1 reports them) and Durable Object calls, in the worker and in its rooms alike
// (one isolate in workerd). GET /__bench/meter answers the counts; POST /__bench/meter resets
// them. The bets' rate limiter can be called alone (/__bench/limit), and a call marked
// X-Bench-No-Limit runs with every limiter saying yes (what a bet costs without the binding,
// which Miniflare emulates with a Durable Object). Also a bare Durable Object that takes a bet in
// its own SQLite with no auth and no D1: the ceiling of this stack on this machine. None of this
// is in the deployed worker (wrangler.toml's main is worker/index.ts; worker/config/bench-only.node.test.ts).
import { DurableObject } from "cloudflare:workers";
import worker, { EventRoom as RealRoom } from "../../worker/index";
import type { Env } from "../../worker/env";

interface Meter {
  queries: number;
  rowsRead: number;
  rowsWritten: number;
  roomCalls: number;
}
const meter: Meter = { queries: 0, rowsRead: 0, rowsWritten: 0, roomCalls: 0 };

function count(meta: D1Meta | undefined) {
  meter.queries++;
  meter.rowsRead += meta?.rows_read ?? 0;
  meter.rowsWritten += meta?.rows_written ?? 0;
}

const realOf = new WeakMap<object, D1PreparedStatement>();

function meteredStatement(stmt: D1PreparedStatement): D1PreparedStatement {
  const wrapped = new Proxy(stmt, {
    get(target, prop) {
      if (prop === "bind") return (...values: unknown[]) => meteredStatement(target.bind(...values));
      if (prop === "run" || prop === "all")
        return async () => {
          const result = await target[prop]();
          count(result.meta);
          return result;
        };
      // first() carries no meta: run as all() and take the first row, as D1 does.
      if (prop === "first")
        return async (column?: string) => {
          const result = await target.all<Record<string, unknown>>();
          count(result.meta);
          const row = result.results[0];
          if (row === undefined) return null;
          return column === undefined ? row : row[column];
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  realOf.set(wrapped, stmt);
  return wrapped;
}

function meteredD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => meteredStatement(target.prepare(query));
      if (prop === "batch")
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => realOf.get(s) ?? s));
          for (const r of results) count(r.meta);
          return results;
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function meteredRooms(ns: Env["EVENT_ROOM"]): Env["EVENT_ROOM"] {
  return new Proxy(ns, {
    get(target, prop) {
      if (prop === "get")
        return (id: DurableObjectId) => {
          const stub = target.get(id);
          return new Proxy(stub, {
            get(s, method) {
              const value = Reflect.get(s, method);
              if (typeof method !== "string" || method === "then" || typeof value !== "function") return value;
              return (...args: unknown[]) => {
                meter.roomCalls++;
                return Reflect.apply(value, s, args);
              };
            },
          });
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const metered = new WeakMap<object, Env>();
function meteredEnv(env: Env): Env {
  // BENCH_METER=off runs the worker unwrapped, to show what the metering itself costs.
  if ((env as unknown as { BENCH_METER?: string }).BENCH_METER === "off") return env;
  let m = metered.get(env);
  if (!m) {
    m = { ...env, DB: meteredD1(env.DB), EVENT_ROOM: meteredRooms(env.EVENT_ROOM) };
    metered.set(env, m);
  }
  return m;
}

export class EventRoom extends RealRoom {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, meteredEnv(env));
  }
}

interface BareBet {
  userId: number;
  eventItemId: number;
  amount: number;
  coefficient: number;
}

/** One bet as the room takes it, stripped to its SQLite: a balance checked and debited, the bet kept once per punter and outcome. */
export class BareRoom extends DurableObject {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS balances (user_id INTEGER PRIMARY KEY, cents INTEGER NOT NULL CHECK (cents >= 0))`,
    );
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS bets (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, user_id INTEGER NOT NULL, stake_cents INTEGER NOT NULL, odds REAL NOT NULL, created_at TEXT NOT NULL, UNIQUE (item_id, user_id))`,
    );
  }

  fund(userId: number, cents: number) {
    this.ctx.storage.sql.exec(
      `INSERT INTO balances (user_id, cents) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET cents = excluded.cents`,
      userId,
      cents,
    );
  }

  bet(b: BareBet): { ok: true; betId: number } | { ok: false; code: string } {
    const cents = Math.round(b.amount * 100);
    return this.ctx.storage.transactionSync(() => {
      const row = this.ctx.storage.sql
        .exec<{ cents: number }>(`SELECT cents FROM balances WHERE user_id = ?`, b.userId)
        .toArray()[0];
      if (!row || row.cents < cents) return { ok: false as const, code: "INSUFFICIENT_COINS" };
      const taken =
        this.ctx.storage.sql
          .exec(`SELECT 1 FROM bets WHERE item_id = ? AND user_id = ?`, b.eventItemId, b.userId)
          .toArray().length > 0;
      if (taken) return { ok: false as const, code: "BET_EXISTS" };
      this.ctx.storage.sql.exec(`UPDATE balances SET cents = cents - ? WHERE user_id = ?`, cents, b.userId);
      const id = this.ctx.storage.sql
        .exec<{ id: number }>(
          `INSERT INTO bets (item_id, user_id, stake_cents, odds, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
          b.eventItemId,
          b.userId,
          cents,
          b.coefficient,
          new Date().toISOString(),
        )
        .one().id;
      return { ok: true as const, betId: id };
    });
  }
}

interface BenchEnv extends Env {
  BARE_ROOM: DurableObjectNamespace<BareRoom>;
}

/** A limiter that always says yes. */
const ALWAYS = { limit: async () => ({ success: true }) } as unknown as RateLimit;

/**
 * The env a call runs with: metered; quiet, with no queue (a call marked X-Bench-Quiet enqueues no
 * bot messages, as a worker without the queue would not); unlimited, with every limiter saying
 * yes. Made once per isolate and kind, not per call: the bench's own cost stays out of a bet's.
 */
const envs = new Map<string, Env>();
function envFor(env: Env, quiet: boolean, unlimited: boolean): Env {
  const key = `${quiet}:${unlimited}`;
  let made = envs.get(key);
  if (!made || (made as unknown as { base: Env }).base !== env) {
    made = {
      ...meteredEnv(env),
      ...(quiet ? { NOTIFICATIONS: undefined } : {}),
      ...(unlimited ? { SIGN_IN_LIMIT: ALWAYS, WRITE_LIMIT: ALWAYS, BET_LIMIT: ALWAYS, TICKET_LIMIT: ALWAYS } : {}),
    };
    Object.defineProperty(made, "base", { value: env });
    envs.set(key, made);
  }
  return made;
}

const bareRoom = (env: BenchEnv, eventId: number) => env.BARE_ROOM.get(env.BARE_ROOM.idFromName(String(eventId)));

export default {
  ...worker,
  async fetch(request: Request, env: BenchEnv, ctx: ExecutionContext) {
    const url = new URL(request.url);
    if (url.pathname === "/__bench/meter") {
      const answer = Response.json({ ...meter });
      if (request.method === "POST") Object.assign(meter, { queries: 0, rowsRead: 0, rowsWritten: 0, roomCalls: 0 });
      return answer;
    }
    if (url.pathname === "/__bench/bare/fund" && request.method === "POST") {
      const { eventId, userId, amount } = await request.json<{ eventId: number; userId: number; amount: number }>();
      await bareRoom(env, eventId).fund(userId, Math.round(amount * 100));
      return new Response(null, { status: 204 });
    }
    if (url.pathname === "/__bench/bare/bets" && request.method === "POST") {
      const body = await request.json<BareBet & { eventId: number }>();
      const result = await bareRoom(env, body.eventId).bet(body);
      // ?log: one line logged per call, as the API's request log writes (worker/lib/request-log.ts).
      if (url.searchParams.has("log"))
        console.log(
          JSON.stringify({
            requestId: crypto.randomUUID(),
            method: request.method,
            route: url.pathname,
            status: result.ok ? 201 : 409,
            ms: 0,
            userId: body.userId,
          }),
        );
      return Response.json(result, { status: result.ok ? 201 : 409 });
    }
    // A bet handed straight to the event's room, past the HTTP layer (routing, auth, validation,
    // the answer): what the room and its D1 writes cost alone, beside the bare room.
    if (url.pathname === "/__bench/room/bets" && request.method === "POST") {
      const body = await request.json<BareBet & { eventId: number; bookmakerId: number }>();
      const result = await env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(String(body.eventId))).placeBet(body.eventId, {
        userId: body.userId,
        itemId: body.eventItemId,
        stakeCents: Math.round(body.amount * 100),
        coefficient: body.coefficient,
        bookmakerId: body.bookmakerId,
      });
      return Response.json(result, { status: result.ok ? 201 : 409 });
    }
    // The bets' rate limiter called alone (what each bet pays for it); answers 201 when counted.
    if (url.pathname === "/__bench/limit" && request.method === "POST") {
      const { key } = await request.json<{ key: string }>();
      const { success } = await env.BET_LIMIT.limit({ key });
      return new Response(null, { status: success ? 201 : 429 });
    }
    return worker.fetch(
      request,
      envFor(env, request.headers.has("X-Bench-Quiet"), request.headers.has("X-Bench-No-Limit")),
      ctx,
    );
  },
  scheduled: (controller: ScheduledController, env: Env, ctx: ExecutionContext) =>
    worker.scheduled(controller, meteredEnv(env), ctx),
};
