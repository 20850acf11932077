import type { BookFigure, DailyFigure, Figure, Movement, PunterFigure } from "../contract";
import { fromCents } from "../lib/money";
import { PAYOUT_SQL } from "../ledger/settlement";

// Figures come from the ledger alone: every coin a punter holds got there by a ledger row, so
// summing rows by kind gives the identity opening + added − withdrawn − staked + returned =
// closing without a second source. Bets are read only for what the ledger cannot say: which
// stakes are still open, and which were settled when (hold).

/** A UTC period `[start, end)`, ISO strings as the ledger stores them. */
export interface Period {
  start: string;
  end: string;
}

export interface FigureCents {
  opening: number;
  added: number;
  withdrawn: number;
  staked: number;
  returned: number;
  closing: number;
  openStakes: number;
}

interface FigureRow extends FigureCents {
  user_id: number;
  username: string;
  approved: number;
}

export const ZERO: FigureCents = {
  opening: 0,
  added: 0,
  withdrawn: 0,
  staked: 0,
  returned: 0,
  closing: 0,
  openStakes: 0,
};

export const toFigure = (f: FigureCents): Figure => ({
  opening: fromCents(f.opening),
  added: fromCents(f.added),
  withdrawn: fromCents(f.withdrawn),
  staked: fromCents(f.staked),
  returned: fromCents(f.returned),
  net: fromCents(f.returned - f.staked),
  closing: fromCents(f.closing),
  openStakes: fromCents(f.openStakes),
});

export const sumFigures = (rows: FigureCents[]): FigureCents =>
  rows.reduce<FigureCents>(
    (t, r) => ({
      opening: t.opening + r.opening,
      added: t.added + r.added,
      withdrawn: t.withdrawn + r.withdrawn,
      staked: t.staked + r.staked,
      returned: t.returned + r.returned,
      closing: t.closing + r.closing,
      openStakes: t.openStakes + r.openStakes,
    }),
    ZERO,
  );

/**
 * The book's punter accounts with the ledger rows that credit them (or debit them: `side`)
 * up to the end of the period, summed by kind. The join walks each account's own index
 * entries, which hold every column read here, so a week of a big book never reads the table.
 * `total` sums every row whatever its kind: a kind the columns forget breaks the identity
 * rather than hide.
 */
const sideSql = (side: "to_account" | "from_account", kinds: { first: string; second: string; third: string }) => `
  SELECT a.id AS account,
    COALESCE(SUM(CASE WHEN l.created_at < ?2 THEN l.amount_cents END), 0) AS before,
    COALESCE(SUM(CASE WHEN l.created_at >= ?2 AND l.kind IN (${kinds.first}) THEN l.amount_cents END), 0) AS first,
    COALESCE(SUM(CASE WHEN l.created_at >= ?2 AND l.kind IN (${kinds.second}) THEN l.amount_cents END), 0) AS second,
    COALESCE(SUM(CASE WHEN l.created_at >= ?2 AND l.kind IN (${kinds.third}) THEN l.amount_cents END), 0) AS third,
    COALESCE(SUM(l.amount_cents), 0) AS total
  FROM accounts a JOIN ledger l ON l.${side} = a.id AND l.created_at < ?3
  WHERE a.kind = 'PUNTER' AND a.pool_owner_id = ?1 AND a.punter_id > 0
  GROUP BY a.id`;
const CREDITS = sideSql("to_account", { first: "'ALLOCATE'", second: "'PAYOUT', 'REFUND'", third: "NULL" });
// An undone result moves payouts and refunds back out of the punter: they lessen what he got back.
const DEBITS = sideSql("from_account", { first: "'WITHDRAW'", second: "'STAKE'", third: "'PAYOUT', 'REFUND'" });

/**
 * Every stake as one row: single bets (each part of an each-way bet) and multiples (lines ×
 * amount, struck once, settled when the last leg is).
 */
const STAKES = `SELECT bookmaker_id, user_id, stake_cents, status, created_at, settled_at FROM bets
  UNION ALL SELECT bookmaker_id, user_id, lines * amount_cents, status, created_at, settled_at FROM multiples`;

/** Stakes placed before the end and not settled by then, per punter. */
const OPEN_STAKES = `
  SELECT user_id, SUM(stake_cents) AS open_cents FROM (${STAKES})
  WHERE bookmaker_id = ?4 AND created_at < ?3 AND (settled_at IS NULL OR settled_at >= ?3)
  GROUP BY user_id`;

export interface PunterCents {
  userId: number;
  username: string;
  cents: FigureCents;
}

/**
 * Each punter of the book over the period: every punter account, so coins of a punter who has
 * since left still count; the counter's tickets (users below 0) are the counter's figure, not
 * punters. `punterId` narrows it to one.
 */
export async function punterFigures(
  db: D1Database,
  book: { id: number; owner_id: number },
  period: Period,
  punterId?: number,
): Promise<PunterCents[]> {
  const { results } = await db
    .prepare(
      `WITH credits AS (${CREDITS}), debits AS (${DEBITS}), open AS (${OPEN_STAKES})
       SELECT a.punter_id AS user_id, u.username, COALESCE(ms.status = 'APPROVED', 0) AS approved,
         COALESCE(cr.before, 0) - COALESCE(db.before, 0) AS opening,
         COALESCE(cr.first, 0) AS added, COALESCE(db.first, 0) AS withdrawn,
         COALESCE(db.second, 0) AS staked, COALESCE(cr.second, 0) - COALESCE(db.third, 0) AS returned,
         COALESCE(cr.total, 0) - COALESCE(db.total, 0) AS closing,
         COALESCE(o.open_cents, 0) AS openStakes
       FROM accounts a
       JOIN users u ON u.id = a.punter_id
       LEFT JOIN memberships ms ON ms.bookmaker_id = ?4 AND ms.user_id = a.punter_id
       LEFT JOIN credits cr ON cr.account = a.id
       LEFT JOIN debits db ON db.account = a.id
       LEFT JOIN open o ON o.user_id = a.punter_id
       WHERE a.kind = 'PUNTER' AND a.pool_owner_id = ?1 AND a.punter_id > 0 AND (?5 IS NULL OR a.punter_id = ?5)
       ORDER BY u.username COLLATE NOCASE, u.id`,
    )
    .bind(book.owner_id, period.start, period.end, book.id, punterId ?? null)
    .all<FigureRow>();
  // A punter who left with nothing and did nothing would only be noise in the list.
  return results.flatMap(({ user_id, username, approved, ...cents }) =>
    punterId !== undefined || approved || Object.values(cents).some(Boolean)
      ? [{ userId: user_id, username, cents }]
      : [],
  );
}

export const toPunterFigure = (p: PunterCents): PunterFigure => ({
  userId: p.userId,
  username: p.username,
  ...toFigure(p.cents),
});

/** A payout or refund counts out of the pool; moved back by an undone result, against it. ?1 = the pool owner. */
const FROM_POOL = `CASE WHEN from_account = (SELECT id FROM accounts WHERE kind = 'POOL' AND pool_owner_id = ?1) THEN amount_cents ELSE -amount_cents END`;

/** The book's side: stakes taken, what went back, the hold on settled bets and what is still at risk. */
export async function bookFigure(
  db: D1Database,
  book: { id: number; owner_id: number },
  period: Period,
): Promise<BookFigure> {
  const [moved, settled, liability] = await db.batch([
    db
      .prepare(
        `SELECT
           COALESCE(SUM(CASE WHEN kind = 'STAKE' THEN amount_cents END), 0) AS staked,
           COALESCE(SUM(CASE WHEN kind = 'PAYOUT' THEN ${FROM_POOL} END), 0) AS paid_out,
           COALESCE(SUM(CASE WHEN kind = 'REFUND' THEN ${FROM_POOL} END), 0) AS refunded
         FROM ledger WHERE pool_owner_id = ?1 AND created_at >= ?2 AND created_at < ?3`,
      )
      .bind(book.owner_id, period.start, period.end),
    db.prepare(SETTLED_STAKES).bind(book.id, period.start, period.end),
    // Per event, the outcome that would cost most: only one outcome of an event wins.
    db
      .prepare(
        `SELECT COALESCE(SUM(worst), 0) AS liability FROM (
           SELECT MAX(payout) AS worst FROM (
             SELECT b.event_id, SUM(${PAYOUT_SQL}) AS payout FROM bets b
             WHERE b.bookmaker_id = ?1 AND b.created_at < ?2 AND (b.settled_at IS NULL OR b.settled_at >= ?2)
             GROUP BY b.event_id, b.item_id)
           GROUP BY event_id
           -- A multiple owes at most every line winning.
           UNION ALL SELECT SUM(potential_cents) FROM multiples
             WHERE bookmaker_id = ?1 AND created_at < ?2 AND (settled_at IS NULL OR settled_at >= ?2))`,
      )
      .bind(book.id, period.end),
  ]);
  const m = moved.results[0] as { staked: number; paid_out: number; refunded: number };
  const s = settled.results[0] as { settled: number; action: number };
  const holdCents = s.settled - m.paid_out - m.refunded;
  return {
    staked: fromCents(m.staked),
    paidOut: fromCents(m.paid_out),
    refunded: fromCents(m.refunded),
    hold: fromCents(holdCents),
    holdPct: holdPercent(holdCents, s.action),
    openLiability: fromCents((liability.results[0] as { liability: number }).liability),
  };
}

/**
 * Stakes of bets settled in a period; `action` leaves out refunded (void) bets, which neither
 * win nor lose. A payout or refund is written at the instant its bet is settled, so the ledger's
 * returns in the same period belong to exactly these bets.
 */
const SETTLED_STAKES = `
  SELECT COALESCE(SUM(stake_cents), 0) AS settled,
    COALESCE(SUM(CASE WHEN status <> 'CANCELLED' THEN stake_cents END), 0) AS action
  FROM (${STAKES}) WHERE bookmaker_id = ?1 AND settled_at >= ?2 AND settled_at < ?3`;

/** Percent to two decimals; null when nothing was settled, as 0 % would claim a result. */
const holdPercent = (holdCents: number, actionCents: number) =>
  actionCents === 0 ? null : Math.round((holdCents * 10_000) / actionCents) / 100;

/** The book's staked, returned and hold per day; `days` are consecutive periods, oldest first. */
export async function dailyFigures(
  db: D1Database,
  book: { id: number; owner_id: number },
  days: (Period & { date: string })[],
): Promise<DailyFigure[]> {
  const bounds = JSON.stringify(days.map((d) => [d.start, d.end]));
  const [moved, settled] = await db.batch([
    db
      .prepare(
        `WITH days AS (SELECT key AS i, json_extract(value, '$[0]') AS s, json_extract(value, '$[1]') AS e FROM json_each(?2))
         SELECT d.i,
           COALESCE(SUM(CASE WHEN l.kind = 'STAKE' THEN l.amount_cents END), 0) AS staked,
           COALESCE(SUM(CASE WHEN l.kind IN ('PAYOUT', 'REFUND') THEN ${FROM_POOL.replaceAll("from_account", "l.from_account").replaceAll("amount_cents", "l.amount_cents")} END), 0) AS returned
         FROM days d CROSS JOIN ledger l ON l.pool_owner_id = ?1 AND l.created_at >= d.s AND l.created_at < d.e
         WHERE l.kind IN ('STAKE', 'PAYOUT', 'REFUND')
         GROUP BY d.i`,
      )
      .bind(book.owner_id, bounds),
    db
      .prepare(
        `WITH days AS (SELECT key AS i, json_extract(value, '$[0]') AS s, json_extract(value, '$[1]') AS e FROM json_each(?2))
         SELECT d.i, COALESCE(SUM(b.stake_cents), 0) AS settled
         FROM days d CROSS JOIN (${STAKES}) b ON b.bookmaker_id = ?1 AND b.settled_at >= d.s AND b.settled_at < d.e
         GROUP BY d.i`,
      )
      .bind(book.id, bounds),
  ]);
  const moves = new Map((moved.results as { i: number; staked: number; returned: number }[]).map((r) => [r.i, r]));
  const stakes = new Map((settled.results as { i: number; settled: number }[]).map((r) => [r.i, r.settled]));
  return days.map((d, i) => {
    const staked = moves.get(i)?.staked ?? 0;
    const returned = moves.get(i)?.returned ?? 0;
    return {
      date: d.date,
      staked: fromCents(staked),
      returned: fromCents(returned),
      hold: fromCents((stakes.get(i) ?? 0) - returned),
    };
  });
}

/** A punter's coin movements with a book in the period, newest first, signed from his side. */
export async function punterMovements(
  db: D1Database,
  ownerId: number,
  punterId: number,
  period: Period,
): Promise<Movement[]> {
  const { results } = await db
    .prepare(
      `SELECT l.id, l.kind, l.ref, l.created_at,
         CASE WHEN l.to_account = a.id THEN l.amount_cents ELSE -l.amount_cents END AS signed
       FROM accounts a JOIN ledger l ON l.to_account = a.id OR l.from_account = a.id
       WHERE a.kind = 'PUNTER' AND a.pool_owner_id = ?1 AND a.punter_id = ?2
         AND l.created_at >= ?3 AND l.created_at < ?4
       ORDER BY l.created_at DESC, l.id DESC`,
    )
    .bind(ownerId, punterId, period.start, period.end)
    .all<{ id: number; kind: Movement["kind"]; ref: string | null; created_at: string; signed: number }>();
  return results.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: fromCents(r.signed),
    ref: r.ref,
    createdAt: r.created_at,
  }));
}

export interface LedgerCsvRow {
  id: number;
  created_at: string;
  kind: string;
  from_name: string | null;
  to_name: string;
  amount_cents: number;
  ref: string | null;
}

/** The book's ledger rows in the period, oldest first, each side named ("pool" for the book's own). */
export async function ledgerRows(db: D1Database, ownerId: number, period: Period): Promise<LedgerCsvRow[]> {
  const { results } = await db
    .prepare(
      `SELECT l.id, l.created_at, l.kind, l.amount_cents, l.ref,
         CASE WHEN fa.kind = 'POOL' THEN 'pool' ELSE fu.username END AS from_name,
         CASE WHEN ta.kind = 'POOL' THEN 'pool' ELSE tu.username END AS to_name
       FROM ledger l
       JOIN accounts ta ON ta.id = l.to_account
       LEFT JOIN users tu ON tu.id = ta.punter_id
       LEFT JOIN accounts fa ON fa.id = l.from_account
       LEFT JOIN users fu ON fu.id = fa.punter_id
       WHERE l.pool_owner_id = ?1 AND l.created_at >= ?2 AND l.created_at < ?3
       ORDER BY l.created_at, l.id`,
    )
    .bind(ownerId, period.start, period.end)
    .all<LedgerCsvRow>();
  return results;
}

/**
 * The counter's tickets taken in the period (counter/tickets.ts): the cash taken for them, what
 * was paid out on them since, what they still owe, and the book's result on them. Each ticket's
 * account has taken its cash in and staked it, been paid its returns and paid them out, so
 * taken − paid − owed is exactly its stakes less its returns: the result reconciles to the cent.
 */
export async function counterFigure(db: D1Database, book: { id: number; owner_id: number }, period: Period) {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS tickets,
         COALESCE(SUM((SELECT SUM(amount_cents) FROM ledger WHERE to_account = a.id AND kind = 'CASH_IN')), 0) AS taken,
         COALESCE(SUM((SELECT SUM(amount_cents) FROM ledger WHERE from_account = a.id AND kind = 'CASH_PAID')), 0) AS paid,
         COALESCE(SUM(a.balance_cents), 0) AS owed
       FROM tickets t JOIN accounts a ON a.kind = 'PUNTER' AND a.pool_owner_id = ?2 AND a.punter_id = t.user_id
       WHERE t.bookmaker_id = ?1 AND t.created_at >= ?3 AND t.created_at < ?4`,
    )
    .bind(book.id, book.owner_id, period.start, period.end)
    .first<{ tickets: number; taken: number; paid: number; owed: number }>();
  const { tickets, taken, paid, owed } = row!;
  return {
    tickets,
    taken: fromCents(taken),
    paid: fromCents(paid),
    owed: fromCents(owed),
    result: fromCents(taken - paid - owed),
  };
}
