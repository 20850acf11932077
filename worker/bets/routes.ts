import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { idempotentInBatch } from "../idempotency/middleware";
import { IdParam, validate } from "../lib/validate";
import { roomOf, unwrap } from "../events/room/rooms";
import { BetBody } from "./schemas";
import { HistoryQuery, historyWindow, mayRead, STAFF_ROLE_SQL, type HistoryAccess } from "./history";
import { placedToBet } from "./answer";
import { betHistory } from "./queries";
import { versioned } from "../lib/versions";
import * as docs from "./docs";
import { betRef, placedAnswer } from "./replay";
import { notifyAfter } from "../notifications/enqueue";
import { bigBetMessages, knownSmallBet } from "../notifications/triggers";

async function history(c: Context<AppEnv>, bookmakerId: number, query: v.InferOutput<typeof HistoryQuery>) {
  const { userId } = c.get("user");
  const { subject, ownerAsking, since } = historyWindow(userId, query);
  const state = await historyState(c.env.DB, bookmakerId, subject, since, userId);
  mayRead(state, userId, ownerAsking);
  return versioned(c, [subject, state.bets, state.events], () => betHistory(c.env.DB, bookmakerId, subject, since));
}

/**
 * Who may read the history (the book's owner, the caller's staff role, whether `userId` belongs to the book), and what
 * it shows: the punter's bets (count, newest) and the events they are on (every settlement,
 * non-runner, undo or rename bumps its event's version). One indexed read; null with no book.
 */
function historyState(db: D1Database, bookmakerId: number, userId: number, since: string, callerId: number) {
  return db
    .prepare(
      `SELECT bk.owner_id, ${STAFF_ROLE_SQL},
         EXISTS (SELECT 1 FROM memberships m WHERE m.bookmaker_id = ?1 AND m.user_id = ?2) AS member,
         (SELECT COUNT(*) || '.' || COALESCE(MAX(b.id), 0) FROM bets b WHERE b.bookmaker_id = ?1 AND b.user_id = ?2 AND b.created_at >= ?3) AS bets,
         (SELECT group_concat(v) FROM (SELECT DISTINCT e.id || ':' || e.version AS v FROM bets b JOIN events e ON e.id = b.event_id
            WHERE b.bookmaker_id = ?1 AND b.user_id = ?2 AND b.created_at >= ?3 ORDER BY 1)) AS events
       FROM bookmakers bk WHERE bk.id = ?1`,
    )
    .bind(bookmakerId, userId, since, callerId)
    .first<HistoryAccess & { bets: string; events: string | null }>();
}

const BookParam = v.object({ bookmakerId: IdParam });

export const betRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", docs.place, idempotentInBatch(placedAnswer), validate("json", BetBody), async (c) => {
    const bet = c.req.valid("json");
    const { bookmakerId, eventId, eventItemId } = bet;
    const { userId } = c.get("user");
    const keyed = c.get("idempotency");
    // The room checks membership, subscription and the punter's limits itself, keeping the
    // answers; a key's row rides in the bet's batch: the hot path is one RPC and one D1 batch.
    const result = await roomOf(c.env, bet.eventId).placeBet(bet.eventId, {
      userId,
      itemId: bet.eventItemId,
      stakeCents: bet.amount,
      coefficient: bet.coefficient ?? null,
      atSp: bet.atSp,
      eachWay: bet.eachWay,
      bookmakerId: bet.bookmakerId,
      idempotency: keyed && { ...keyed, ref: betRef({ bookmakerId, eventId, itemId: eventItemId }) },
    });
    // Another attempt of the key answered: the middleware answers what it answered.
    if (keyed && "code" in result && result.code === "KEY_SEEN") c.set("idempotencyOutcome", "seen");
    const placed = unwrap(result);
    if (keyed) c.set("idempotencyOutcome", "kept");
    if (!knownSmallBet(bet.bookmakerId, placed.stakeCents))
      notifyAfter(c, (env) =>
        bigBetMessages(env.DB, bet.bookmakerId, {
          eventId: placed.eventId,
          username: c.get("user").username,
          stakeCents: placed.stakeCents,
          outcome: placed.outcomeTitle,
          odds: placed.odds,
          eventTitle: placed.eventTitle,
          eventDescription: placed.eventDescription,
        }),
      );
    // The same text as the answer the bet's batch kept under its key (betAnswerText).
    return c.json(placedToBet(placed), 201);
  })
  .get("/:bookmakerId", docs.history, validate("param", BookParam), validate("query", HistoryQuery), (c) =>
    history(c, c.req.valid("param").bookmakerId, c.req.valid("query")),
  )
  .get("/:bookmakerId/", docs.history, validate("param", BookParam), validate("query", HistoryQuery), (c) =>
    history(c, c.req.valid("param").bookmakerId, c.req.valid("query")),
  );
