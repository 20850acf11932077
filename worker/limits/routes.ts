import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { AppEnv, Env } from "../env";
import { bookmakerById } from "../bookmakers/queries";
import { roomOf } from "../events/room/rooms";
import { requireUser } from "../identity/require-user";
import { AppError, forbidden, notFound } from "../lib/errors";
import { IdParam, validate } from "../lib/validate";
import { ownApprovedPunter } from "../memberships/queries";
import * as docs from "./docs";
import {
  limitsAuditStatement,
  setBookLimitsStatement,
  setPunterLimitsStatement,
  toBookLimits,
  toPunterLimits,
  type BookLimitsRow,
  type PunterLimitsRow,
} from "./limits";
import { BookLimitsBody, PunterLimitsBody } from "./schemas";
import { BOOKMAKER_NOT_FOUND, NOT_YOUR_PUNTER } from "../../common/refusals";
import { en } from "../lib/words";

// The book's default limits and a punter's own: each change is saved with its audit row in one
// batch, then every open room of the book is told before the answer goes out.

/**
 * Tells every room of the book that takes bets that limits changed, before the change answers:
 * a room keeps each punter's limits with his membership (events/room/access.ts), so without this a
 * bet after the answer could still pass the old ones. Rooms not taking bets need no word: an
 * event opens again only through an admin change, after which its room reads limits anew.
 */
export async function tellOpenRooms(env: Env, bookmakerId: number): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM events WHERE bookmaker_id = ?1 AND status = 'READY_FOR_BETS' AND published_at IS NOT NULL`,
  )
    .bind(bookmakerId)
    .all<{ id: number }>();
  const told = await Promise.allSettled(results.map((e) => roomOf(env, e.id).forgetLimits()));
  // The limits are saved; sent again, the same call tells the rooms again.
  if (told.some((t) => t.status === "rejected" || !t.value.ok))
    throw new AppError(
      "UNAVAILABLE",
      503,
      en("The limits were saved but not yet applied to every open event. Please try again."),
    );
}

/**
 * Writes a change of limits (`write`: its one batch), then tells the book's open rooms before
 * answering. A write that failed may still have landed (its answer lost), so the rooms are
 * told then too, after the error's answer: forgetting costs a room one read per punter at his
 * next bet, keeping old limits would let his bets pass them.
 */
export async function saveLimits<T>(c: Context<AppEnv>, bookmakerId: number, write: () => Promise<T>): Promise<T> {
  let saved: T;
  try {
    saved = await write();
  } catch (err) {
    c.executionCtx.waitUntil(
      tellOpenRooms(c.env, bookmakerId).catch((e) =>
        console.error("rooms not told of limits that may have changed", e),
      ),
    );
    throw err;
  }
  await tellOpenRooms(c.env, bookmakerId);
  return saved;
}

/** The book's default limits: app.ts mounts them at /bookmakers. */
export const bookLimitRoutes = new Hono<AppEnv>().put(
  "/:bookmakerId/limits",
  docs.book,
  requireUser,
  validate("param", v.object({ bookmakerId: IdParam })),
  validate("json", BookLimitsBody),
  async (c) => {
    const { bookmakerId } = c.req.valid("param");
    const row = await bookmakerById(c.env.DB, bookmakerId);
    if (!row) throw notFound(BOOKMAKER_NOT_FOUND);
    if (row.owner_id !== c.get("user").userId) throw forbidden(en("Only the bookmaker can set his limits."));
    const body = c.req.valid("json");
    const db = c.env.DB;
    // The change and its audit row in one batch (the row reads the limits as they were).
    const [, set] = await saveLimits(c, bookmakerId, () =>
      db.batch([
        limitsAuditStatement(db, { bookmakerId, actorId: c.get("user").userId }, body),
        setBookLimitsStatement(db, bookmakerId, body),
      ]),
    );
    const saved = set.results[0] as BookLimitsRow | undefined;
    if (!saved) throw notFound(BOOKMAKER_NOT_FOUND);
    return c.json(toBookLimits(saved));
  },
);

/** A punter's own limits: app.ts mounts them at /balances. */
export const punterLimitRoutes = new Hono<AppEnv>().put(
  "/limits",
  docs.punter,
  requireUser,
  validate("json", PunterLimitsBody),
  async (c) => {
    const body = c.req.valid("json");
    const book = await ownApprovedPunter(c.env.DB, c.get("user").userId, body.userId, "limits");
    const db = c.env.DB;
    // The change and its audit row in one batch (the row reads his limits as they were).
    const [, set] = await saveLimits(c, book.id, () =>
      db.batch([
        limitsAuditStatement(db, { bookmakerId: book.id, actorId: c.get("user").userId, userId: body.userId }, body),
        setPunterLimitsStatement(db, book.id, body),
      ]),
    );
    const saved = set.results[0] as PunterLimitsRow | undefined;
    if (!saved) throw notFound(NOT_YOUR_PUNTER);
    return c.json(toPunterLimits(saved));
  },
);
