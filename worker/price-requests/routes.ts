import { Hono, type Context } from "hono";
import * as v from "valibot";
import { ladderOdds } from "../../common/odds";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { idempotentInBatch } from "../idempotency/middleware";
import { AppError, notFound } from "../lib/errors";
import { IdParam, validate } from "../lib/validate";
import { en } from "../lib/words";
import { roomOf, unwrap } from "../events/room/rooms";
import { placedToBet } from "../bets/answer";
import { betRef, placedAnswer } from "../bets/replay";
import { notifyAfter } from "../notifications/enqueue";
import { answerRequest } from "./answering";
import { writeRequest } from "./asking";
import * as docs from "./docs";
import { expireDue } from "./expiry";
import { askedNotices, changedNotices } from "./notify";
import { requestById, requestsOf } from "./records";
import { AnswerBody, PriceRequestBody, PriceRequestQuery } from "./schemas";

// Price requests (docs/rules/price-requests.md): a punter asks for a bet the box refused, the
// book answers (here or from the bot's message, presses.ts), and the punter takes the offer as a
// bet struck by the event's room.

const RequestParam = v.object({ id: IdParam });
const NOT_FOUND = en("Price request not found.");

/** Tell the bot about requests that changed (answered, expired), once the answer is out. */
const tellChanged = (c: Context<AppEnv>, ids: number[]) => {
  if (ids.length) notifyAfter(c, (env) => changedNotices(env.DB, ids));
};

/** The book the caller answers for (its owner or a manager), or null: a punter reads his own. */
const answeringBook = (db: D1Database, userId: number) =>
  db
    .prepare(
      `SELECT b.id FROM bookmakers b WHERE b.owner_id = ?1
       UNION ALL SELECT s.bookmaker_id FROM staff s WHERE s.user_id = ?1 AND s.role = 'MANAGER' LIMIT 1`,
    )
    .bind(userId)
    .first<{ id: number }>();

export const priceRequestRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", docs.ask, validate("json", PriceRequestBody), async (c) => {
    const ask = c.req.valid("json");
    const { userId } = c.get("user");
    // His old request on the outcome, overdue: expired now, so it does not stand in the way.
    tellChanged(c, await expireDue(c.env.DB, { bookmakerId: ask.bookmakerId }));
    const needed = unwrap(
      await roomOf(c.env, ask.eventId).askNeeded(ask.eventId, {
        userId,
        bookmakerId: ask.bookmakerId,
        itemId: ask.eventItemId,
        stakeCents: ask.amount,
        odds: ladderOdds(ask.coefficient)!,
        eachWay: ask.eachWay,
      }),
    );
    if (!needed)
      throw new AppError("PRICE_REQUEST_NOT_NEEDED", 409, en("Your bookmaker takes this bet as it is: place it."));
    const request = await writeRequest(c.env.DB, userId, ask);
    notifyAfter(c, (env) => askedNotices(env.DB, request.id));
    return c.json(request, 201);
  })
  .get("/", docs.list, validate("query", PriceRequestQuery), async (c) => {
    const { eventId, status } = c.req.valid("query");
    const { userId } = c.get("user");
    const book = await answeringBook(c.env.DB, userId);
    tellChanged(c, await expireDue(c.env.DB, book ? { bookmakerId: book.id } : {}));
    return c.json(
      await requestsOf(c.env.DB, book ? { bookmakerId: book.id, eventId, status } : { userId, eventId, status }),
    );
  })
  .post("/:id/answer", docs.answer, validate("param", RequestParam), validate("json", AnswerBody), async (c) => {
    const { id } = c.req.valid("param");
    const answered = await answerRequest(c.env.DB, c.get("user").userId, id, c.req.valid("json"));
    tellChanged(c, answered.changed);
    if ("refusal" in answered) throw answered.refusal;
    return c.json(answered.request);
  })
  .post("/:id/take", docs.take, idempotentInBatch(placedAnswer), validate("param", RequestParam), async (c) => {
    const { id } = c.req.valid("param");
    const { userId } = c.get("user");
    const found = await requestById(c.env.DB, id);
    if (!found || found.user_id !== userId) throw notFound(NOT_FOUND);
    const expired = await expireDue(c.env.DB, { requestId: id });
    tellChanged(c, expired);
    if (found.status === "TAKEN") throw new AppError("ALREADY_TAKEN", 409, en("You have taken this offer already."));
    if (found.status !== "OFFERED" || expired.length)
      throw new AppError("OFFER_EXPIRED", 409, en("This offer has expired."));
    const keyed = c.get("idempotency");
    const place = { bookmakerId: found.bookmaker_id, eventId: found.event_id, itemId: found.item_id };
    const odds = { num: found.offer_num!, den: found.offer_den! };
    // Struck by the room like any bet, at the offer's stake and odds; its batch checks the offer stands.
    const result = await roomOf(c.env, found.event_id).placeBet(found.event_id, {
      userId,
      bookmakerId: found.bookmaker_id,
      itemId: found.item_id,
      stakeCents: found.offer_stake_cents!,
      coefficient: null,
      eachWay: found.each_way === 1,
      offer: { requestId: id, odds },
      idempotency: keyed && { ...keyed, ref: betRef(place) },
    });
    if (keyed && "code" in result && result.code === "KEY_SEEN") c.set("idempotencyOutcome", "seen");
    const placed = unwrap(result);
    if (keyed) c.set("idempotencyOutcome", "kept");
    tellChanged(c, [id]);
    return c.json(placedToBet(placed), 201);
  });
