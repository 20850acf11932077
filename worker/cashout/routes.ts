import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import type { CashOutOffers } from "../contract";
import { bookmakerById } from "../bookmakers/queries";
import { betOf } from "../bets/queries";
import { roomOf, unwrap } from "../events/room/rooms";
import { requireUser } from "../identity/require-user";
import { AppError, forbidden, notFound } from "../lib/errors";
import type { Rebuild } from "../idempotency/keys";
import { idempotent } from "../idempotency/middleware";
import { fromCents } from "../lib/money";
import { IdParam, validate } from "../lib/validate";
import { versioned } from "../lib/versions";
import { acceptedLanguage, en, say } from "../lib/words";
import { multipleOf } from "../multiples/queries";
import * as docs from "./docs";
import { BET_NOT_FOUND, BOOKMAKER_NOT_FOUND } from "../../common/refusals";
import { notifyAfter } from "../notifications/enqueue";
import { bigCashOutMessages, knownSmallBet } from "../notifications/triggers";
import { cashOutMultiple } from "./multiple";
import { changedValue, multipleOffer, singleOffer, UNAVAILABLE, type Offer } from "./offer";
import { multipleState, openStates, singleState } from "./queries";
import { CashOutBody, CashOutSettingBody } from "./schemas";
import {
  cashOutAuditStatement,
  cashOutSettingStatement,
  setCashOutStatement,
  toCashOutSetting,
  type CashOutSettingRow,
} from "./setting";

// Cash out (docs/rules/cash-out.md "Cash out"): the book's setting, the offers a
// punter reads (worked out from D1 as it stands: his bet, its selections now, the book's margin),
// and taking one: a single through its event's room, a multiple by its guarded batch.

const MULTIPLE_NOT_FOUND = en("Multiple not found.");

/** No offer: 409 CASH_OUT_UNAVAILABLE, its reason as a key and in the caller's words. */
const unavailable = (offer: Extract<Offer, { ok: false }>) =>
  new AppError("CASH_OUT_UNAVAILABLE", 409, UNAVAILABLE[offer.reason], { reason: offer.reason });

/** Another value than the punter was shown: 409 CASH_OUT_CHANGED with the value now. */
const changed = (valueCents: number) => {
  const { words, value } = changedValue(valueCents);
  return new AppError("CASH_OUT_CHANGED", 409, words, { value });
};

/** The offers' ETag is made from the offers: they change only when a price, a bet or the book's setting does. */
const offered = <T>(c: Context<AppEnv>, body: T) => versioned(c, [body], async () => body);

/** A cashed-out bet's or multiple's answer read back from D1, when the attempt that took it died first. */
const cashedOutAnswer: Rebuild = async (db, userId, ref) => {
  const [kind, id] = ref.split(":");
  if (kind === "multiple") return { status: 200, body: await multipleOf(db, Number(id), userId) };
  const row = await db
    .prepare(`SELECT bookmaker_id FROM bets WHERE id = ?1 AND user_id = ?2`)
    .bind(Number(id), userId)
    .first<{ bookmaker_id: number }>();
  if (!row) throw new Error(`no bet for committed key ${ref}`);
  return { status: 200, body: await betOf(db, row.bookmaker_id, userId, Number(id)) };
};

/**
 * The bookmaker's big-bet rule holds for a cash-out too: over his threshold he hears of it, after
 * the answer (the bot tells nobody else: the punter did it himself).
 */
function tellBook(
  c: Context<AppEnv>,
  bookmakerId: number,
  cashOut: Omit<Parameters<typeof bigCashOutMessages>[2], "username">,
) {
  if (knownSmallBet(bookmakerId, cashOut.valueCents)) return;
  notifyAfter(c, (env) => bigCashOutMessages(env.DB, bookmakerId, { ...cashOut, username: c.get("user").username }));
}

const BetParam = v.object({ betId: IdParam });
const MultipleParam = v.object({ multipleId: IdParam });
const BookParam = v.object({ bookmakerId: IdParam });

/** The caller's own book, or the refusal. */
async function ownBook(c: Context<AppEnv>, bookmakerId: number) {
  const row = await bookmakerById(c.env.DB, bookmakerId);
  if (!row) throw notFound(BOOKMAKER_NOT_FOUND);
  if (row.owner_id !== c.get("user").userId) throw forbidden(en("Only the bookmaker can set cash out."));
}

/** The book's cash-out setting: app.ts mounts it at /bookmakers. */
export const cashOutSettingRoutes = new Hono<AppEnv>()
  .get("/:bookmakerId/cashout", docs.getSetting, requireUser, validate("param", BookParam), async (c) => {
    const { bookmakerId } = c.req.valid("param");
    await ownBook(c, bookmakerId);
    const row = await cashOutSettingStatement(c.env.DB, bookmakerId).first<CashOutSettingRow>();
    if (!row) throw notFound(BOOKMAKER_NOT_FOUND);
    return c.json(toCashOutSetting(row));
  })
  .put(
    "/:bookmakerId/cashout",
    docs.setSetting,
    requireUser,
    validate("param", BookParam),
    validate("json", CashOutSettingBody),
    async (c) => {
      const { bookmakerId } = c.req.valid("param");
      await ownBook(c, bookmakerId);
      const body = c.req.valid("json");
      const db = c.env.DB;
      // The change and its audit row in one batch (the row reads the setting as it was).
      const [, set] = await db.batch([
        cashOutAuditStatement(db, { bookmakerId, actorId: c.get("user").userId }, body),
        setCashOutStatement(db, bookmakerId, body),
      ]);
      const saved = set.results[0] as CashOutSettingRow | undefined;
      if (!saved) throw notFound(BOOKMAKER_NOT_FOUND);
      return c.json(toCashOutSetting(saved));
    },
  );

/** The punter's offers and cash-outs: app.ts mounts them at /bets, before the bets' routes. */
export const cashOutRoutes = new Hono<AppEnv>()
  .get("/:bookmakerId/cashouts", docs.offers, requireUser, validate("param", BookParam), async (c) => {
    const { bookmakerId } = c.req.valid("param");
    const { userId } = c.get("user");
    const { singles, multiples } = await openStates(c.env.DB, bookmakerId, userId);
    const now = Date.now();
    const language = acceptedLanguage(c.req.header("Accept-Language"));
    const shown = (offer: Offer) =>
      offer.ok
        ? { value: fromCents(offer.valueCents), coefficientNow: offer.coefficientNow }
        : { reason: offer.reason, message: say(language, UNAVAILABLE[offer.reason]) };
    const body: CashOutOffers = {
      bets: singles.map((s) => ({ betId: s.betId, ...shown(singleOffer(s.setting, s.parts, s.selection, now)) })),
      multiples: multiples.map((m) => ({
        multipleId: m.multipleId,
        ...shown(multipleOffer(m.setting, m.multiple, m.legs, now)),
      })),
    };
    c.header("Vary", "Accept-Language", { append: true });
    return offered(c, body);
  })
  .get("/:betId/cashout", docs.betOffer, requireUser, validate("param", BetParam), async (c) => {
    const bet = await singleState(c.env.DB, c.req.valid("param").betId, c.get("user").userId);
    if (!bet) throw notFound(BET_NOT_FOUND);
    const offer = singleOffer(bet.setting, bet.parts, bet.selection, Date.now());
    if (!offer.ok) throw unavailable(offer);
    return offered(c, { betId: bet.betId, value: fromCents(offer.valueCents), coefficientNow: offer.coefficientNow });
  })
  .post(
    "/:betId/cashout",
    docs.cashOutBet,
    requireUser,
    idempotent(cashedOutAnswer),
    validate("param", BetParam),
    validate("json", CashOutBody),
    async (c) => {
      const { userId } = c.get("user");
      const bet = await singleState(c.env.DB, c.req.valid("param").betId, userId);
      if (!bet) throw notFound(BET_NOT_FOUND);
      // The room answers the bet as cashed out: the route reads nothing after it.
      const cashed = unwrap(
        await roomOf(c.env, bet.eventId).cashOut(bet.eventId, {
          betId: bet.betId,
          userId,
          valueCents: c.req.valid("json").value,
          idempotencyKey: c.get("idempotencyKey"),
          seen: bet,
        }),
      );
      tellBook(c, bet.bookmakerId, {
        valueCents: Math.round(cashed.payout * 100),
        event: { id: cashed.eventId, title: cashed.eventTitle, description: cashed.eventDescription },
        outcome: cashed.outcomeTitle,
      });
      return c.json(cashed, 200);
    },
  )
  .get(
    "/multiple/:multipleId/cashout",
    docs.multipleOffer,
    requireUser,
    validate("param", MultipleParam),
    async (c) => {
      const m = await multipleState(c.env.DB, c.req.valid("param").multipleId, c.get("user").userId);
      if (!m) throw notFound(MULTIPLE_NOT_FOUND);
      const offer = multipleOffer(m.setting, m.multiple, m.legs, Date.now());
      if (!offer.ok) throw unavailable(offer);
      return offered(c, { multipleId: m.multipleId, value: fromCents(offer.valueCents), coefficientNow: null });
    },
  )
  .post(
    "/multiple/:multipleId/cashout",
    docs.cashOutMultiple,
    requireUser,
    idempotent(cashedOutAnswer),
    validate("param", MultipleParam),
    validate("json", CashOutBody),
    async (c) => {
      const { userId } = c.get("user");
      const done = await cashOutMultiple(c.env.DB, {
        multipleId: c.req.valid("param").multipleId,
        userId,
        valueCents: c.req.valid("json").value,
        idempotencyKey: c.get("idempotencyKey"),
      });
      if (!done.done) {
        if (!done.offer) throw notFound(MULTIPLE_NOT_FOUND);
        throw done.offer.ok ? changed(done.offer.valueCents) : unavailable(done.offer);
      }
      const cashed = (await multipleOf(c.env.DB, done.multipleId, userId))!;
      const leg = cashed.legs.find((l) => l.result === "PENDING") ?? cashed.legs[0];
      tellBook(c, done.bookmakerId, {
        valueCents: Math.round(cashed.payout * 100),
        event: { id: leg.eventId, title: leg.eventTitle, description: leg.eventDescription },
        outcome: null,
      });
      return c.json(cashed, 200);
    },
  );
