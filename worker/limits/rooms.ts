import type { Context } from "hono";
import type { AppEnv, Env } from "../env";
import { AppError } from "../lib/errors";
import { roomOf } from "../events/room/rooms";

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
      "The limits were saved but not yet applied to every open event. Please try again.",
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
