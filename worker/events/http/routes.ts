import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { BookmakerEvent, SettlementSize } from "../../contract";
import type { AppEnv, Env } from "../../env";
import { requireUser } from "../../identity/require-user";
import { balanceOf, pool } from "../../ledger/accounts";
import { AppError, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import { IdParam, validate } from "../../lib/validate";
import { noProfile, type BookmakerRow } from "../../bookmakers/queries";
import { bookOfSql, callerOf, requireBook, type BookAccess, type Caller, type Power } from "../../bookmakers/access";
import { holdsSubscription, holdsSubscriptionSql } from "../../subscriptions/activity";
import { versioned } from "../../lib/versions";
import * as docs from "./docs";
import { COUNTRIES, SPORTS } from "../catalog";
import { allow, newEventId, roomOf, unwrap } from "../room/rooms";
import { OPEN_SQL } from "../state";
import type { RoomResult } from "../room-result";
import { OddsBody, DatesBody, DraftBody, FinalizeBody, WithdrawBody, SaveBody, DraftOutcomesBody } from "../schemas";
import { bookmakerEvents } from "../read/views";
import { boardVersions, liabilityBoard } from "../read/liability";
import { hasResult, UNSETTLE_WINDOW_MS, type RunFacts } from "../rules/guards";
import { reversalSizeStatement } from "../../ledger/settlement";
import { TAKEN_BACK_SQL } from "../../multiples/settlement";
import { fromCents } from "../../lib/money";
import { EVENT_NOT_FOUND } from "../../../common/refusals";
import { en } from "../../lib/words";

const HISTORY_DAYS = 30;
const EventParam = v.object({ id: IdParam });
const DraftParam = v.object({ draftId: IdParam });
const ListQuery = v.object({
  view: v.optional(v.picklist(["open", "history", "all"], en("Must be open, history or all.")), "all"),
});

/** The two facts guards.ts's canRunEvents decides on, read for the caller's book; the room decides. */
async function runFacts(env: Env, book: BookmakerRow): Promise<RunFacts> {
  const [subscribed, poolCents] = await Promise.all([
    holdsSubscription(env.DB, book.owner_id, "BOOKMAKER", nowIso()),
    balanceOf(env.DB, pool(book.owner_id)),
  ]);
  return { subscribed, poolCents };
}

async function oneEvent(env: Env, book: BookmakerRow, eventId: number): Promise<BookmakerEvent> {
  const withWhatIf = await holdsSubscription(env.DB, book.owner_id, "WHAT_IF", nowIso());
  const [event] = await bookmakerEvents(env.DB, `e.id = ?1 AND e.bookmaker_id = ?2`, [eventId, book.id], withWhatIf);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

/**
 * Runs one change through the event's room, then answers the event as its bookmaker now sees it.
 * The room tells whoever the change concerns (the bot's messages follow what happened, not the route).
 */
async function change(
  c: Context<AppEnv>,
  eventId: number,
  power: Power,
  run: (room: ReturnType<typeof roomOf>, caller: Caller, book: BookAccess) => Promise<RoomResult>,
) {
  const { userId } = c.get("user");
  const book = await requireBook(c.env.DB, userId, power);
  unwrap(await run(roomOf(c.env, eventId), callerOf(userId, book), book));
  return c.json(await oneEvent(c.env, book, eventId));
}

// The reference lists take the token per route: a use() would reach every path under their
// prefix, the events' own among them.

/** GET /events/types: app.ts mounts it at /events, before the events' routes (/events/:id). */
export const eventTypeRoutes = new Hono<AppEnv>().get("/types", docs.sports, requireUser, (c) =>
  c.json(SPORTS.map((eventTypeName) => ({ eventTypeName }))),
);

/** GET /countries: app.ts mounts it at that path. */
export const countryRoutes = new Hono<AppEnv>().get("/", docs.countries, requireUser, (c) =>
  c.json(COUNTRIES.map((countryName) => ({ countryName }))),
);

export const draftRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", docs.createDraft, validate("json", DraftBody), async (c) => {
    const input = c.req.valid("json");
    const { userId } = c.get("user");
    const book = await requireBook(c.env.DB, userId, "ODDS");
    if (input.bookmakerId !== book.id)
      throw new AppError("FORBIDDEN", 403, en("You can create events only for your own book."));
    const eventId = newEventId();
    const facts = await runFacts(c.env, book);
    const { eventId: created } = unwrap(
      await roomOf(c.env, eventId).createDraft(eventId, book.id, callerOf(userId, book), input, facts),
    );
    return c.json({ eventId: created });
  })
  .post(
    "/:draftId/updateCoefficients",
    docs.replaceOutcomes,
    validate("param", DraftParam),
    validate("json", DraftOutcomesBody),
    async (c) => {
      const { draftId } = c.req.valid("param");
      const { items, rule4, deadHeat, eachWay, sp, bog } = c.req.valid("json");
      return change(c, draftId, "ODDS", (room, caller) =>
        room.replaceOutcomes(draftId, caller, items, { rule4, deadHeat, eachWay, sp, bog }),
      );
    },
  );

export const eventRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.list, validate("query", ListQuery), async (c) => {
    const { userId } = c.get("user");
    const { view } = c.req.valid("query");
    const since = new Date(Date.now() - HISTORY_DAYS * 864e5).toISOString();
    const open = `e.status IN ${OPEN_SQL}`;
    const history = `e.status IN ('CALCULATED', 'CANCELLED') AND e.settled_at >= ?2`;
    const where = view === "open" ? open : view === "history" ? history : `(${open} OR (${history}))`;
    // The caller's book, the what-if feature, the listed events' ids and versions: an unchanged list is a 304 from this one read.
    const state = await c.env.DB.prepare(
      `SELECT b.id AS book_id, ${holdsSubscriptionSql("b.owner_id", "'WHAT_IF'", "?3")} AS what_if,
         (SELECT group_concat(v) FROM (SELECT e.id || ':' || e.version AS v FROM events e WHERE e.bookmaker_id = b.id AND ${where} ORDER BY e.id)) AS events
       FROM bookmakers b WHERE ${bookOfSql("?1")} ORDER BY b.owner_id = ?1 DESC LIMIT 1`,
    )
      .bind(userId, since, nowIso())
      .first<{ book_id: number; what_if: number; events: string | null }>();
    if (!state) throw noProfile();
    const withWhatIf = state.what_if === 1;
    const binds = view === "open" ? [state.book_id] : [state.book_id, since];
    return versioned(c, [view, withWhatIf, state.events], () =>
      bookmakerEvents(c.env.DB, `e.bookmaker_id = ?1 AND ${where}`, binds, withWhatIf),
    );
  })
  .post(
    "/",
    docs.publish,
    validate(
      "json",
      v.object({ draftId: v.pipe(v.number(en("Must be a draft id.")), v.safeInteger(en("Must be a draft id."))) }),
    ),
    async (c) => {
      const { draftId } = c.req.valid("json");
      const { userId } = c.get("user");
      const book = await requireBook(c.env.DB, userId, "ODDS");
      unwrap(await roomOf(c.env, draftId).publish(draftId, callerOf(userId, book), await runFacts(c.env, book)));
      return c.json({ id: draftId });
    },
  )
  // Before "/:id", which would take "liability" for an id.
  .get("/liability", docs.liability, async (c) => {
    const state = await boardVersions(c.env.DB, c.get("user").userId);
    if (!state) throw noProfile();
    return versioned(c, [state.events, state.multiples], () => liabilityBoard(c.env.DB, state.book_id));
  })
  // Any signed-in user: a shared link names the event, and the mini-app needs its book to open it or to join.
  .get("/:id/book", docs.book, validate("param", EventParam), async (c) => {
    const row = await c.env.DB.prepare(`SELECT bookmaker_id FROM events WHERE id = ?1 AND published_at IS NOT NULL`)
      .bind(c.req.valid("param").id)
      .first<{ bookmaker_id: number }>();
    if (!row) throw notFound(EVENT_NOT_FOUND);
    return c.json({ bookmakerId: row.bookmaker_id });
  })
  .get("/:id", docs.one, validate("param", EventParam), async (c) => {
    const book = await requireBook(c.env.DB, c.get("user").userId, "EVENTS");
    return c.json(await oneEvent(c.env, book, c.req.valid("param").id));
  })
  .post("/:id/draft", docs.suspend, validate("param", EventParam), async (c) => {
    const { id } = c.req.valid("param");
    return change(c, id, "ODDS", (room, caller) => room.suspend(id, caller));
  })
  .post(
    "/:id/live",
    docs.reopen,
    validate("param", EventParam),
    validate("json", v.object({ eventId: v.optional(v.unknown()) })),
    async (c) => {
      const { id } = c.req.valid("param");
      return change(c, id, "ODDS", async (room, caller, book) => room.publish(id, caller, await runFacts(c.env, book)));
    },
  )
  .post("/:id/abandon", docs.abandon, validate("param", EventParam), async (c) => {
    const { id } = c.req.valid("param");
    return change(c, id, "RESULTS", (room, caller) => room.abandon(id, caller));
  })
  .post(
    "/:id/nr/:itemId",
    docs.nonRunner,
    validate("param", v.object({ id: IdParam, itemId: IdParam })),
    validate("json", WithdrawBody),
    async (c) => {
      const { id, itemId } = c.req.valid("param");
      const rules = c.req.valid("json");
      return change(c, id, "RESULTS", (room, caller) => room.withdraw(id, caller, itemId, rules));
    },
  )
  .post("/:id/finalize", docs.finalize, validate("param", EventParam), validate("json", FinalizeBody), async (c) => {
    const { id } = c.req.valid("param");
    const { placings, field, rules, sps } = c.req.valid("json");
    return change(c, id, "RESULTS", (room, caller) => room.finalize(id, caller, placings, field, rules, sps));
  })
  .post("/:id/unsettle", docs.undo, validate("param", EventParam), async (c) => {
    const { id } = c.req.valid("param");
    return change(c, id, "RESULTS", (room, caller) => room.undo(id, caller));
  })
  .get("/:id/settlement", docs.settlement, validate("param", EventParam), async (c) => {
    // What "Undo result" would move back, for its confirmation.
    const book = await requireBook(c.env.DB, c.get("user").userId, "RESULTS");
    const { id } = c.req.valid("param");
    const event = await oneEvent(c.env, book, id);
    allow(hasResult(event));
    const settledAt = event.settledAt!; // hasResult allowed only a settled event
    const size = await reversalSizeStatement(c.env.DB, id, settledAt, TAKEN_BACK_SQL).first<{
      bets: number;
      cents: number;
    }>();
    const answer: SettlementSize = {
      bets: size?.bets ?? 0,
      coins: fromCents(size?.cents ?? 0),
      undoUntil: new Date(Date.parse(settledAt) + UNSETTLE_WINDOW_MS).toISOString(),
    };
    return c.json(answer);
  })
  .post("/:id/modifyDates", docs.moveDates, validate("param", EventParam), validate("json", DatesBody), async (c) => {
    const { id } = c.req.valid("param");
    const { startDate, endDate } = c.req.valid("json");
    // New dates may take a started event back to taking bets: the room asks what reopening asks.
    return change(c, id, "ODDS", async (room, caller, book) =>
      room.moveDates(id, caller, startDate, endDate, await runFacts(c.env, book)),
    );
  })
  .post("/:id/save", docs.save, validate("param", EventParam), validate("json", SaveBody), async (c) => {
    const { id } = c.req.valid("param");
    const { startDate, endDate, live, ...odds } = c.req.valid("json");
    const dates = startDate && endDate ? { startDate, endDate } : undefined;
    return change(c, id, "ODDS", async (room, caller, book) =>
      room.save(id, caller, { dates, odds, live }, await runFacts(c.env, book)),
    );
  })
  .post("/:id/coefficients", docs.setOdds, validate("param", EventParam), validate("json", OddsBody), async (c) => {
    const { id } = c.req.valid("param");
    const { items, returnPrice, maxTotalPayout, botEqualizer, rule4, deadHeat, eachWay, sp, bog } = c.req.valid("json");
    return change(c, id, "ODDS", (room, caller) =>
      room.setOdds(id, caller, {
        items,
        returnPrice,
        maxTotalPayout,
        botEqualizer,
        rule4,
        deadHeat,
        eachWay,
        sp,
        bog,
      }),
    );
  });
