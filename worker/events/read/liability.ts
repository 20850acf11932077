import type { LiabilityBoard, LiabilityEvent } from "../../contract";
import { fromCents } from "../../lib/money";
import type { OutcomeRow } from "../state";
import { bookOf, loadEvents, type ListedEvent } from "./views";
import { bookOfSql } from "../../bookmakers/access";

// The bookmaker's liability board: what each result of his open events would cost him, and his
// open multiples. Read from D1 alone, never through a room: the totals each room keeps on its
// outcomes (stakes, what they pay should they win, their place parts) give every figure but the
// bet counts, and the worst result is worked out from them as the room works it out.

/**
 * The events on the board (over `e`; `book` is the SQL naming the book): taking bets, waiting
 * for a result, or put back to draft while holding bets. A draft never published holds none.
 */
const onBoard = (book: string) =>
  `e.bookmaker_id = ${book} AND (e.status IN ('READY_FOR_BETS', 'WAITING_FOR_RESULT', 'SUSPENDED')
     OR (e.status = 'CREATED' AND EXISTS (SELECT 1 FROM event_items i WHERE i.event_id = e.id AND i.stake_cents > 0)))`;

/**
 * The caller's book and the versions of what the board shows, in one small read: the listed
 * events' ids and versions (a room bumps its event's with every bet and change), and the book's
 * multiples (how many, the newest, how many open). A multiple's potential is fixed when struck,
 * and settling or undoing one moves its event on or off the board, so these catch every change.
 */
export async function boardVersions(db: D1Database, userId: number) {
  return db
    .prepare(
      `SELECT b.id AS book_id,
         (SELECT group_concat(v) FROM (SELECT e.id || ':' || e.version AS v FROM events e WHERE ${onBoard("b.id")} ORDER BY e.id)) AS events,
         (SELECT COUNT(*) || ':' || COALESCE(MAX(m.id), 0) || ':' || COALESCE(SUM(m.status = 'ACCEPTED'), 0)
            FROM multiples m WHERE m.bookmaker_id = b.id) AS multiples
       FROM bookmakers b WHERE ${bookOfSql("?1")} ORDER BY b.owner_id = ?1 DESC LIMIT 1`,
    )
    .bind(userId)
    .first<{ book_id: number; events: string | null; multiples: string }>();
}

/** The board of book `bookId`: its open events, next to start first, and its open multiples. */
export async function liabilityBoard(db: D1Database, bookId: number): Promise<LiabilityBoard> {
  const [{ events, items }, [counted, open]] = await Promise.all([
    loadEvents(db, onBoard("?1"), [bookId]),
    db.batch([
      // An each-way bet is one bet in two rows: its WIN row counts it.
      db
        .prepare(
          `SELECT b.item_id, COUNT(*) AS bets FROM bets b
           WHERE b.event_id IN (SELECT e.id FROM events e WHERE ${onBoard("?1")}) AND b.status = 'ACCEPTED' AND b.part = 'WIN'
           GROUP BY b.item_id`,
        )
        .bind(bookId),
      db
        .prepare(
          `SELECT COUNT(*) AS open, COALESCE(SUM(potential_cents), 0) AS potential
           FROM multiples WHERE bookmaker_id = ?1 AND status = 'ACCEPTED'`,
        )
        .bind(bookId),
    ]),
  ]);
  const bets = new Map((counted.results as { item_id: number; bets: number }[]).map((r) => [r.item_id, r.bets]));
  const multiples = open.results[0] as { open: number; potential: number };
  const board = events
    .map((e) => boardEvent(e, items.get(e.id) ?? [], bets))
    .sort((a, b) => a.event.startDate.localeCompare(b.event.startDate) || a.event.id - b.event.id);
  const worstCents = board.reduce((sum, b) => sum + b.worstCents, 0) + multiples.potential;
  return {
    events: board.map((b) => b.event),
    multiples: { open: multiples.open, potential: fromCents(multiples.potential) },
    worstCase: fromCents(worstCents),
  };
}

/** One event's row of the board, and its worst result in cents for the book's total. */
function boardEvent(e: ListedEvent, items: OutcomeRow[], bets: Map<number, number>) {
  const { results } = bookOf(e, items);
  const worstCents = Math.max(0, ...results.values());
  const event: LiabilityEvent = {
    id: e.id,
    title: e.title,
    description: e.description,
    status: e.status,
    startDate: e.start_date,
    staked: fromCents(items.reduce((sum, i) => sum + i.stake_cents, 0)),
    bets: items.reduce((sum, i) => sum + (bets.get(i.id) ?? 0), 0),
    worst: fromCents(worstCents),
    cashedOut: fromCents(e.cashed_out_cents),
    sp: e.sp === 1,
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      status: i.status,
      deduction: i.deduction,
      staked: fromCents(i.stake_cents),
      bets: bets.get(i.id) ?? 0,
      payout: fromCents(results.get(i.id) ?? 0),
    })),
  };
  return { event, worstCents };
}
