import { linesOf, returnCents, wonFactor, type MultipleKind } from "../../common/multiples";
import { decimalText, ladderOdds, sameOdds, type Odds } from "../../common/odds";
import { BOOKMAKER_NOT_FOUND, EVENT_NOT_FOUND, SP_UNAVAILABLE } from "../../common/refusals";
import { outcomeOpenSql, outcomeRefusal, punterRefusal, type BetRefusal } from "../bets/may-bet";
import { pool, punter } from "../ledger/accounts";
import { runMoneyBatch, transferStatements } from "../ledger/transfer";
import { AppError, notFound } from "../lib/errors";
import { DEFAULT_MAX_MULTIPLES_PAYOUT_CENTS } from "../limits/limits";
import { markCommitted } from "../idempotency/keys";
import { holdsSubscriptionSql } from "../subscriptions/activity";
import { nowIso } from "../lib/time";
import type { MultipleInput } from "./schemas";
import { en, words } from "../lib/words";

// Placing a multiple (docs/rules/multiples.md, "Multiples"). No room owns it, so it is one D1
// batch, D1 being the single writer the rooms write through too: the multiple, a guarded row
// per leg, the stake's move and the idempotency marker. A guard that fails writes NULL into a
// NOT NULL column, which aborts the whole batch; the refusal is then worked out from a fresh
// read, so what the punter is told is what D1 holds, never a guess.

/** The id of the multiple the batch inserted last (AUTOINCREMENT keeps it in sqlite_sequence). */
export const NEW_MULTIPLE_ID = `(SELECT seq FROM sqlite_sequence WHERE name = 'multiples')`;

interface Book {
  owner_id: number;
  cap_cents: number;
  /** The punter's max stake in force (his own, else the book's); null: none. */
  max_stake_cents: number | null;
  member: string | null;
  subscribed_until: string | null;
  subscribed: number;
}

interface LegRow {
  leg: number;
  event_id: number | null;
  bookmaker_id: number | null;
  event_status: string | null;
  start_date: string | null;
  item_event_id: number | null;
  item_title: string | null;
  item_status: string | null;
  curr_num: number | null;
  curr_den: number | null;
  /** The bookmaker's price: an SP leg's, until the result. */
  odds_num: number | null;
  odds_den: number | null;
  event_sp: number | null;
}

/** What the book says of the punter, and each leg as D1 holds it now. */
async function readPlacement(db: D1Database, userId: number, m: MultipleInput) {
  const legs = JSON.stringify(m.legs.map((l) => [l.eventId, l.eventItemId]));
  const [book, rows] = await db.batch([
    db
      .prepare(
        `SELECT bk.owner_id, COALESCE(bk.max_multiples_payout_cents, ?3) AS cap_cents,
           (SELECT COALESCE(m.max_stake_cents, bk.max_stake_cents) FROM memberships m
              WHERE m.bookmaker_id = bk.id AND m.user_id = ?2) AS max_stake_cents,
           (SELECT status FROM memberships WHERE bookmaker_id = bk.id AND user_id = ?2) AS member,
           ${holdsSubscriptionSql("bk.owner_id", "'BOOKMAKER'", "?4")} AS subscribed
         FROM bookmakers bk WHERE bk.id = ?1`,
      )
      .bind(m.bookmakerId, userId, DEFAULT_MAX_MULTIPLES_PAYOUT_CENTS, nowIso()),
    db
      .prepare(
        `SELECT k.key AS leg, e.id AS event_id, e.bookmaker_id, e.status AS event_status, e.start_date,
           i.event_id AS item_event_id, i.title AS item_title, i.status AS item_status, i.curr_num, i.curr_den,
           i.odds_num, i.odds_den, e.sp AS event_sp
         FROM json_each(?1) k
         LEFT JOIN events e ON e.id = json_extract(k.value, '$[0]')
         LEFT JOIN event_items i ON i.id = json_extract(k.value, '$[1]')
         ORDER BY k.key`,
      )
      .bind(legs),
  ]);
  return { book: book.results[0] as Book | undefined, legs: rows.results as LegRow[] };
}

const STATUS = { FORBIDDEN: 403, NOT_FOUND: 404, EVENT_NOT_OPEN: 409 } as const;

/** A leg's price: the odds offered now, or for a leg at SP the bookmaker's price (what the cap counts). */
const legOdds = (row: LegRow, atSp: boolean): Odds =>
  atSp ? { num: row.odds_num!, den: row.odds_den! } : { num: row.curr_num!, den: row.curr_den! };

/** A refusal of the rule every bet's door asks (bets/may-bet.ts), as this route answers it. */
const refusalError = (r: BetRefusal, field?: string) =>
  new AppError(r.code, STATUS[r.code], r.message, field === undefined ? undefined : { field });

/** The first reason the multiple cannot be placed, by what D1 holds now; null when none. */
function refusal(
  userId: number,
  m: MultipleInput,
  state: Awaited<ReturnType<typeof readPlacement>>,
  now: string,
): AppError | null {
  const { book, legs } = state;
  if (!book) return notFound(BOOKMAKER_NOT_FOUND);
  const standing = punterRefusal({
    membership: book.owner_id === userId ? null : book.member,
    subscribed: book.subscribed === 1,
  });
  if (standing) return refusalError(standing);
  const staked = linesOf(m.kind, m.legs.length).length * m.amount;
  if (book.max_stake_cents !== null && staked > book.max_stake_cents) return stakeRefusal(book.max_stake_cents);
  for (const row of legs) {
    const field = `legs.${row.leg}`;
    const sent = m.legs[row.leg];
    if (row.event_id === null || row.bookmaker_id !== m.bookmakerId)
      return new AppError("NOT_FOUND", 404, EVENT_NOT_FOUND, { field });
    const closed = outcomeRefusal(
      { status: row.event_status!, startDate: row.start_date! },
      row.item_event_id === row.event_id ? { title: row.item_title!, status: row.item_status! } : undefined,
      Date.parse(now),
    );
    if (closed) return refusalError(closed, field);
    if (sent.coefficient === "SP") {
      if (row.event_sp !== 1) return new AppError("SP_UNAVAILABLE", 409, SP_UNAVAILABLE, { field });
      continue;
    }
    const offered = legOdds(row, false);
    const asked = ladderOdds(sent.coefficient);
    if (!asked || !sameOdds(asked, offered))
      return new AppError(
        "ODDS_CHANGED",
        409,
        words("The odds of {outcome} have changed.", { outcome: row.item_title! }),
        {
          field,
          coefficient: decimalText(offered),
        },
      );
  }
  return null;
}

export interface Placed {
  multipleId: number;
}

/**
 * Places the multiple, or throws the refusal. `idempotencyKey`, when the call has one, is
 * marked committed in the batch with the multiple's id as its ref.
 */
export async function placeMultiple(
  db: D1Database,
  userId: number,
  m: MultipleInput,
  idempotencyKey: string | undefined,
): Promise<Placed> {
  const now = nowIso();
  const state = await readPlacement(db, userId, m);
  const refused = refusal(userId, m, state, now);
  if (refused) throw refused;
  const ownerId = state.book!.owner_id;
  const odds = m.legs.map((l, n) => legOdds(state.legs[n], l.coefficient === "SP"));
  const lines = linesOf(m.kind, m.legs.length);
  const potential = returnCents(
    m.amount,
    lines,
    odds.map((o) => wonFactor(o)),
  );
  // Past the cap on its own: refused before any write (the batch checks it again with the other
  // open multiples).
  if (potential > state.book!.cap_cents) throw await capRefusal(db, m.bookmakerId);
  const statements = [
    insertMultipleStatement(db, { userId, ownerId, m, lines: lines.length, potential, now }),
    ...m.legs.map((leg, n) => insertLegStatement(db, m.bookmakerId, n, leg, odds[n], now)),
    ...transferStatements(db, {
      kind: "STAKE",
      poolOwnerId: ownerId,
      from: punter(ownerId, userId),
      to: pool(ownerId),
      amountCents: lines.length * m.amount,
      refSql: `'multiple:' || ${NEW_MULTIPLE_ID}`,
    }),
    ...(idempotencyKey === undefined
      ? []
      : [markCommitted(db, userId, idempotencyKey, { sql: `'multiple:' || ${NEW_MULTIPLE_ID}` })]),
  ];
  try {
    const results = await runMoneyBatch(db, statements);
    return { multipleId: (results[0].results[0] as { id: number }).id };
  } catch (err) {
    if (!(err instanceof Error) || !/NOT NULL constraint failed: multiple/.test(err.message)) throw err;
    // A guard aborted the batch: say why from what D1 holds now.
    if (/multiples\.potential_cents/.test(err.message)) throw await capRefusal(db, m.bookmakerId);
    if (/multiples\.amount_cents/.test(err.message)) {
      const caps = (await readPlacement(db, userId, m)).book;
      if (caps?.max_stake_cents != null) throw stakeRefusal(caps.max_stake_cents);
    }
    const again = refusal(userId, m, await readPlacement(db, userId, m), nowIso());
    throw again ?? new AppError("CONFLICT", 409, en("The book changed while you placed this; try again."));
  }
}

/** The punter's max stake (his own or the book's) bounds what a multiple stakes in all, lines × amount. */
const stakeRefusal = (maxStakeCents: number) =>
  new AppError("LIMIT_EXCEEDED", 409, words("Your maximum stake is {max}.", { max: coins(maxStakeCents) }), {
    field: "amount",
  });

/** The cap refused the multiple: what the book's open multiples may still take, read now. */
async function capRefusal(db: D1Database, bookmakerId: number) {
  const row = await db
    .prepare(
      `SELECT COALESCE(bk.max_multiples_payout_cents, ?2) AS cap,
         (SELECT COALESCE(SUM(potential_cents), 0) FROM multiples WHERE bookmaker_id = ?1 AND status = 'ACCEPTED') AS owed
       FROM bookmakers bk WHERE bk.id = ?1`,
    )
    .bind(bookmakerId, DEFAULT_MAX_MULTIPLES_PAYOUT_CENTS)
    .first<{ cap: number; owed: number }>();
  const cap = row?.cap ?? DEFAULT_MAX_MULTIPLES_PAYOUT_CENTS;
  const left = Math.max(0, cap - (row?.owed ?? 0));
  return new AppError(
    "LIMIT_EXCEEDED",
    409,
    words("This would take the bookmaker's open multiples past their max payout of {max}: {left} left.", {
      max: coins(cap),
      left: coins(left),
    }),
    { field: "amount" },
  );
}

const coins = (cents: number) => (cents / 100).toFixed(2);

/**
 * The multiple, guarded: the punter an approved member of a book whose subscription runs (else
 * user_id is NULL), what it stakes in all within his max stake (else amount_cents is NULL), and
 * the book's open multiples within its cap with this one (else potential_cents is NULL). It
 * answers its id.
 */
function insertMultipleStatement(
  db: D1Database,
  a: { userId: number; ownerId: number; m: MultipleInput; lines: number; potential: number; now: string },
) {
  return db
    .prepare(
      `INSERT INTO multiples (bookmaker_id, user_id, kind, legs, lines, amount_cents, potential_cents, created_at)
       VALUES (?1,
         (SELECT m.user_id FROM memberships m JOIN bookmakers bk ON bk.id = m.bookmaker_id
          WHERE m.bookmaker_id = ?1 AND m.user_id = ?2 AND m.status = 'APPROVED' AND bk.owner_id <> ?2
            AND ${holdsSubscriptionSql("bk.owner_id", "'BOOKMAKER'", "?8")}),
         ?3, ?4, ?5,
         (SELECT ?6 FROM memberships m JOIN bookmakers bk ON bk.id = m.bookmaker_id WHERE m.bookmaker_id = ?1 AND m.user_id = ?2
            AND ?5 * ?6 <= COALESCE(m.max_stake_cents, bk.max_stake_cents, ?5 * ?6)),
         CASE WHEN ?7 + (SELECT COALESCE(SUM(potential_cents), 0) FROM multiples WHERE bookmaker_id = ?1 AND status = 'ACCEPTED')
           <= (SELECT COALESCE(max_multiples_payout_cents, ?9) FROM bookmakers WHERE id = ?1) THEN ?7 END,
         ?8)
       RETURNING id`,
    )
    .bind(
      a.m.bookmakerId,
      a.userId,
      a.m.kind satisfies MultipleKind,
      a.m.legs.length,
      a.lines,
      a.m.amount,
      a.potential,
      a.now,
      DEFAULT_MAX_MULTIPLES_PAYOUT_CENTS,
    );
}

/**
 * A leg at the odds offered now, guarded: its outcome running at exactly these odds, its event
 * open and ahead, in the book (else odds_num is NULL). A leg at SP is guarded to an event taking
 * SP bets, at the bookmaker's price as read (its odds follow that price until the result).
 */
function insertLegStatement(
  db: D1Database,
  bookmakerId: number,
  n: number,
  leg: MultipleInput["legs"][number],
  odds: Odds,
  now: string,
) {
  const atSp = leg.coefficient === "SP";
  const price = atSp ? `e.sp = 1 AND i.odds_num = ?6 AND i.odds_den = ?7` : `i.curr_num = ?6 AND i.curr_den = ?7`;
  return db
    .prepare(
      // With the bookmaker's own price of this moment (book_*), the most a cash-out counts it at.
      `INSERT INTO multiple_legs (multiple_id, leg_no, event_id, item_id, odds_num, odds_den, at_sp, book_num, book_den)
       VALUES (${NEW_MULTIPLE_ID}, ?1, ?2, ?3,
         (SELECT ?6 FROM event_items i JOIN events e ON e.id = i.event_id
          WHERE i.id = ?3 AND e.id = ?2 AND e.bookmaker_id = ?4 AND ${outcomeOpenSql("e", "i", "?5")} AND ${price}),
         ?7, ?8, (SELECT odds_num FROM event_items WHERE id = ?3), (SELECT odds_den FROM event_items WHERE id = ?3))`,
    )
    .bind(n, leg.eventId, leg.eventItemId, bookmakerId, now, odds.num, odds.den, atSp ? 1 : 0);
}
