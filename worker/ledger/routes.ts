import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { BookBalances } from "../contract";
import type { AppEnv } from "../env";
import { auditStatement } from "../audit/record";
import { requireUser } from "../identity/require-user";
import { notFound } from "../lib/errors";
import { commitMarker, type Rebuild } from "../idempotency/keys";
import { idempotent } from "../idempotency/middleware";
import { IdParam, validate } from "../lib/validate";
import { noProfile } from "../bookmakers/queries";
import { requireBook } from "../bookmakers/access";
import { toBookLimits } from "../limits/limits";
import { ownApprovedPunter } from "../memberships/queries";
import { balanceOf, balanceSql, pool, punter } from "./accounts";
import { fromCents, money, PositiveCoins } from "../lib/money";
import { bookBalancesState, ledgerPage, punterBalanceInBook, punterBalances } from "./queries";
import { versioned } from "../lib/versions";
import * as docs from "./docs";
import { runMoneyBatch, transferStatements } from "./transfer";
import { notifyAfter } from "../notifications/enqueue";
import { coinsMessages } from "../notifications/triggers";
import { BOOKMAKER_NOT_FOUND, NOT_YOUR_PUNTER } from "../../common/refusals";
import { en } from "../lib/words";

const UserId = v.pipe(
  v.number(en("Must be a user id.")),
  v.safeInteger(en("Must be a user id.")),
  v.minValue(1, en("Must be a user id.")),
);

const Note = v.pipe(v.string(en("Must be text.")), v.maxLength(200, en("Maximum 200 characters.")));

const MoveBody = v.object({
  userId: UserId,
  balance: v.object({ amount: PositiveCoins, currency: v.optional(v.literal("COIN", en("The currency is COIN."))) }),
  /** Why, kept with the move in the audit log. */
  note: v.optional(Note),
});

const NoteBody = v.object({ userId: UserId, note: Note });

const LedgerQuery = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, en("Must be 1 to 200.")),
      v.transform(Number),
      v.minValue(1, en("Must be 1 to 200.")),
      v.maxValue(200, en("Must be 1 to 200.")),
    ),
    "50",
  ),
  before: v.optional(IdParam),
});

/** A coin move's answer after its batch committed but the answer was lost: the punter's balance now. */
const movedAnswer: Rebuild = async (db, callerId, ref) => {
  // "punter:<userId>:<ownerId>", the book's owner named since staff move coins too; an older
  // key's ref names the punter alone, its caller the owner.
  const [userId, ownerId = callerId] = ref.slice("punter:".length).split(":").map(Number);
  return { status: 200, body: { userId, balance: money(await balanceOf(db, punter(ownerId, userId))) } };
};

/**
 * "+" (ALLOCATE, pool → punter: the pool must cover it) or "−" (WITHDRAW, punter → pool: his
 * account's CHECK refuses an overdraft), his balance read inside the same batch.
 */
async function moveCoins(
  c: Context<AppEnv>,
  { userId, balance, note }: v.InferOutput<typeof MoveBody>,
  added: boolean,
) {
  const { userId: actorId } = c.get("user");
  const book = await ownApprovedPunter(c.env.DB, actorId, userId);
  const ownerId = book.owner_id;
  const account = punter(ownerId, userId);
  const results = await runMoneyBatch(c.env.DB, [
    ...transferStatements(c.env.DB, {
      kind: added ? "ALLOCATE" : "WITHDRAW",
      poolOwnerId: ownerId,
      ...(added ? { from: pool(ownerId), to: account, mustCover: true } : { from: account, to: pool(ownerId) }),
      amountCents: balance.amount,
    }),
    ...commitMarker(c, `punter:${userId}:${ownerId}`),
    auditStatement(c.env.DB, {
      bookmakerId: book.id,
      actorId,
      action: added ? "COINS_ADDED" : "COINS_WITHDRAWN",
      userId,
      after: { amount: fromCents(balance.amount) },
      note: note || null,
    }),
    balanceSql(c.env.DB, account),
  ]);
  const balanceCents = lastBalance(results);
  // A replayed answer never reaches here (the idempotency middleware answers it), so one move is one message.
  notifyAfter(c, (env) => coinsMessages(env.DB, book, userId, { added, amountCents: balance.amount, balanceCents }));
  return c.json({ userId, balance: money(balanceCents) });
}

export const balanceRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.book, async (c) => {
    const ownerId = (await requireBook(c.env.DB, c.get("user").userId, "COINS")).owner_id;
    const state = await bookBalancesState(c.env.DB, ownerId);
    if (!state) throw noProfile();
    return versioned(c, [ownerId, state.version, state.ledger], async (): Promise<BookBalances> => {
      const [poolCents, punters] = await Promise.all([
        balanceOf(c.env.DB, pool(ownerId)),
        punterBalances(c.env.DB, state.id, ownerId),
      ]);
      return { balance: money(poolCents), punters, limits: toBookLimits(state) };
    });
  })

  // Before "/:bookmakerId", which would otherwise take "ledger" for an id.
  .get("/ledger", docs.ledger, validate("query", LedgerQuery), async (c) => {
    const { userId } = c.get("user");
    await requireBook(c.env.DB, userId, "OWNER");
    const { limit, before } = c.req.valid("query");
    return c.json(await ledgerPage(c.env.DB, userId, limit, before));
  })

  // One read for a 304 or a 200 alike: the balance is the whole answer, and its own version.
  .get("/:bookmakerId", docs.mine, validate("param", v.object({ bookmakerId: IdParam })), async (c) => {
    const row = await punterBalanceInBook(c.env.DB, c.req.valid("param").bookmakerId, c.get("user").userId);
    if (!row) throw notFound(BOOKMAKER_NOT_FOUND);
    return versioned(c, [row.balance_cents], async () => money(row.balance_cents));
  })

  .post("/add", docs.add, idempotent(movedAnswer), validate("json", MoveBody), (c) =>
    moveCoins(c, c.req.valid("json"), true),
  )
  .post("/subtract", docs.subtract, idempotent(movedAnswer), validate("json", MoveBody), (c) =>
    moveCoins(c, c.req.valid("json"), false),
  )

  .post("/addNote", docs.note, validate("json", NoteBody), async (c) => {
    const { userId, note } = c.req.valid("json");
    const book = await requireBook(c.env.DB, c.get("user").userId, "PUNTERS");
    const res = await c.env.DB.prepare(
      `UPDATE memberships SET note = ?3 WHERE bookmaker_id = ?1 AND user_id = ?2 RETURNING id`,
    )
      .bind(book.id, userId, note)
      .all();
    if (res.results.length !== 1) throw notFound(NOT_YOUR_PUNTER);
    return c.json({ userId, note });
  });

/** The balance read by the batch's last statement, inside the same transaction as the move. */
const lastBalance = (results: D1Result[]) =>
  (results[results.length - 1].results[0] as { balance_cents: number }).balance_cents;
