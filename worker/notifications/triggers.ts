import type { Odds } from "../../common/odds";
import { DEFAULT_LANGUAGE, type Language } from "../../common/languages";
import { languageIn, type LanguageRow } from "../identity/users";
import {
  bigBetMessage,
  bigCashOutMessage,
  coinsMessage,
  joinRequestMessage,
  membershipMessage,
  newEventMessage,
  resultMessage,
  undoneMessage,
  type BotMessage,
  type EventInfo,
  type PlacedSp,
  type SettledBet,
  type SettledMultiple,
} from "./messages";

// What each trigger reads from D1, after its work committed, to say what happened, and in
// which language each recipient reads it.

/** Each of `userIds`' language (his choice, else Telegram's, else English), in one read. */
export async function languagesOf(db: D1Database, userIds: number[]): Promise<(userId: number) => Language> {
  if (userIds.length === 0) return () => DEFAULT_LANGUAGE;
  const { results } = await db
    .prepare(`SELECT id, language, telegram_language FROM users WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(userIds))
    .all<LanguageRow & { id: number }>();
  const byUser = new Map(results.map((row) => [row.id, languageIn(row)]));
  return (userId) => byUser.get(userId) ?? DEFAULT_LANGUAGE;
}

interface EventRow {
  id: number;
  title: string;
  description: string;
  start_date: string;
  bookmaker_id: number;
  bookmaker_name: string;
  owner_id: number;
}

async function eventInfo(db: D1Database, eventId: number): Promise<(EventInfo & { ownerId: number }) | null> {
  const row = await db
    .prepare(
      `SELECT e.id, e.title, e.description, e.start_date, e.bookmaker_id, b.name AS bookmaker_name, b.owner_id
       FROM events e JOIN bookmakers b ON b.id = e.bookmaker_id WHERE e.id = ?1`,
    )
    .bind(eventId)
    .first<EventRow>();
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.start_date,
    bookmakerId: row.bookmaker_id,
    bookmakerName: row.bookmaker_name,
    ownerId: row.owner_id,
  };
}

interface BetRow {
  user_id: number;
  outcome: string;
  stake_cents: number;
  odds_num: number;
  odds_den: number;
  status: SettledBet["status"];
  payout_cents: number;
  part: "WIN" | "PLACE";
  place: number | null;
}

/**
 * After finalize or abandon (every bet of the event) or a non-runner (the bets on that
 * outcome, refunded): one message per punter, all his bets in it. A bet he cashed out is his own
 * doing, settled before: not in it.
 */
export async function settlementMessages(
  db: D1Database,
  eventId: number,
  how: "RESULT" | "ABANDONED" | "NON_RUNNER",
  itemId?: number,
): Promise<BotMessage[]> {
  const event = await eventInfo(db, eventId);
  if (!event) return [];
  const { results } = await db
    .prepare(
      // A bet paid at SP (an SP bet, or BOG's longer SP) is told at the SP it was paid at. A
      // counter ticket's user (below 0) has no chat.
      `SELECT b.user_id, i.title AS outcome, b.stake_cents, COALESCE(b.sp_num, b.odds_num) AS odds_num,
         COALESCE(b.sp_den, b.odds_den) AS odds_den, b.status, b.payout_cents, b.part, i.place
       FROM bets b JOIN event_items i ON i.id = b.item_id
       WHERE b.event_id = ?1 AND b.status <> 'CASHED_OUT' AND (?2 IS NULL OR (b.item_id = ?2 AND b.status = 'CANCELLED'))
         AND b.user_id > 0
       ORDER BY b.user_id, i.position, b.part DESC`,
    )
    .bind(eventId, itemId ?? null)
    .all<BetRow>();
  const byPunter = new Map<number, SettledBet[]>();
  for (const r of results) {
    // An each-way bet's PLACE row follows its WIN row (part DESC): it joins that bet's line.
    if (r.part === "PLACE") {
      const win = byPunter.get(r.user_id)?.at(-1);
      if (win) win.placePart = { status: r.status, payoutCents: r.payout_cents, place: r.place };
      continue;
    }
    const odds: Odds = { num: r.odds_num, den: r.odds_den };
    const bet: SettledBet = {
      outcome: r.outcome,
      stakeCents: r.stake_cents,
      odds,
      status: r.status,
      payoutCents: r.payout_cents,
    };
    const bets = byPunter.get(r.user_id);
    if (bets) bets.push(bet);
    else byPunter.set(r.user_id, [bet]);
  }
  const multiples = await completedMultiples(db, eventId, itemId);
  const placed = how === "RESULT" ? await placedStartingPrices(db, eventId) : [];
  const punters = [...new Set([...byPunter.keys(), ...multiples.keys()])];
  const languageOf = await languagesOf(db, punters);
  return punters.map((punterId) =>
    resultMessage(
      languageOf(punterId),
      punterId,
      event,
      how,
      byPunter.get(punterId) ?? [],
      multiples.get(punterId) ?? [],
      placed,
    ),
  );
}

/** The placed runners' SPs in finishing order (none on an event without SP or BOG, whose result sets none). */
async function placedStartingPrices(db: D1Database, eventId: number): Promise<PlacedSp[]> {
  const { results } = await db
    .prepare(
      `SELECT title, sp_num, sp_den FROM event_items
       WHERE event_id = ?1 AND place IS NOT NULL AND sp_num IS NOT NULL ORDER BY place, position`,
    )
    .bind(eventId)
    .all<{ title: string; sp_num: number; sp_den: number }>();
  return results.map((r) => ({ outcome: r.title, sp: { num: r.sp_num, den: r.sp_den } }));
}

/**
 * The multiples this settlement completed, by punter: the event's result or abandonment (its
 * settlement time), or the non-runner `itemId` (its withdrawal time).
 */
async function completedMultiples(db: D1Database, eventId: number, itemId: number | undefined) {
  const { results } = await db
    .prepare(
      `SELECT m.user_id, m.kind, m.lines, m.amount_cents, m.status, m.payout_cents FROM multiples m
       WHERE m.settled_event_id = ?1 AND m.status <> 'ACCEPTED' AND m.settled_at =
         CASE WHEN ?2 IS NULL THEN (SELECT settled_at FROM events WHERE id = ?1) ELSE (SELECT withdrawn_at FROM event_items WHERE id = ?2) END
       ORDER BY m.user_id, m.id`,
    )
    .bind(eventId, itemId ?? null)
    .all<{
      user_id: number;
      kind: SettledMultiple["kind"];
      lines: number;
      amount_cents: number;
      status: SettledMultiple["status"];
      payout_cents: number;
    }>();
  const byPunter = new Map<number, SettledMultiple[]>();
  for (const r of results) {
    const m: SettledMultiple = {
      kind: r.kind,
      lines: r.lines,
      amountCents: r.amount_cents,
      status: r.status,
      payoutCents: r.payout_cents,
    };
    byPunter.set(r.user_id, [...(byPunter.get(r.user_id) ?? []), m]);
  }
  return byPunter;
}

const THRESHOLD_TTL_MS = 30_000;
const thresholds = new Map<
  number,
  { at: number; row: { owner_id: number; big_bets_over_cents: number | null } | null }
>();

async function bigBetThreshold(db: D1Database, bookmakerId: number) {
  const known = thresholds.get(bookmakerId);
  if (known && Date.now() - known.at < THRESHOLD_TTL_MS) return known.row;
  const row = await db
    .prepare(
      `SELECT b.owner_id, s.big_bets_over_cents FROM bookmakers b LEFT JOIN notification_settings s ON s.user_id = b.owner_id WHERE b.id = ?1`,
    )
    .bind(bookmakerId)
    .first<{ owner_id: number; big_bets_over_cents: number | null }>();
  thresholds.set(bookmakerId, { at: Date.now(), row });
  return row;
}

/**
 * Whether a stake is known, from the threshold this isolate remembers, to be no big bet: then
 * the route need not build a message at all (most bets are not big).
 */
export function knownSmallBet(bookmakerId: number, stakeCents: number): boolean {
  const known = thresholds.get(bookmakerId);
  if (!known || Date.now() - known.at >= THRESHOLD_TTL_MS) return false;
  return !known.row || known.row.big_bets_over_cents === null || stakeCents <= known.row.big_bets_over_cents;
}

/** Forgets a book's remembered threshold: its bookmaker just changed his settings here. */
export const forgetBigBetThreshold = (ownerId: number) => {
  for (const [id, known] of thresholds) if (known.row?.owner_id === ownerId) thresholds.delete(id);
};

/** A bet placed: the bookmaker hears of it when the stake is over his threshold. */
export async function bigBetMessages(
  db: D1Database,
  bookmakerId: number,
  bet: {
    eventId: number;
    username: string;
    stakeCents: number;
    outcome: string;
    odds: Odds;
    eventTitle: string;
    eventDescription: string;
  },
): Promise<BotMessage[]> {
  // The threshold is read at most once per book every half minute per isolate, not once per
  // bet (a busy race would pay a D1 read per bet for it); the consumer checks the switches
  // again when it sends, so a threshold just raised costs at most a message it drops.
  const owner = await bigBetThreshold(db, bookmakerId);
  if (!owner || owner.big_bets_over_cents === null || bet.stakeCents <= owner.big_bets_over_cents) return [];
  const languageOf = await languagesOf(db, [owner.owner_id]);
  const event = { id: bet.eventId, title: bet.eventTitle, description: bet.eventDescription };
  return [bigBetMessage(languageOf(owner.owner_id), owner.owner_id, event, bet)];
}

/** A cash-out: the bookmaker hears of it when its value is over his big-bet threshold. */
export async function bigCashOutMessages(
  db: D1Database,
  bookmakerId: number,
  cashOut: {
    username: string;
    valueCents: number;
    /** A single's event, or one of a multiple's. */
    event: { id: number; title: string; description: string };
    /** A single's outcome; null for a multiple. */
    outcome: string | null;
  },
): Promise<BotMessage[]> {
  const owner = await bigBetThreshold(db, bookmakerId);
  if (!owner || owner.big_bets_over_cents === null || cashOut.valueCents <= owner.big_bets_over_cents) return [];
  const languageOf = await languagesOf(db, [owner.owner_id]);
  return [bigCashOutMessage(languageOf(owner.owner_id), owner.owner_id, cashOut.event, cashOut)];
}

/** Coins added or withdrawn: the punter hears the amount, his balance and the bookmaker's note. */
export async function coinsMessages(
  db: D1Database,
  book: { id: number; name: string },
  punterId: number,
  move: { added: boolean; amountCents: number; balanceCents: number },
): Promise<BotMessage[]> {
  const row = await db
    .prepare(`SELECT note FROM memberships WHERE bookmaker_id = ?1 AND user_id = ?2`)
    .bind(book.id, punterId)
    .first<{ note: string }>();
  const languageOf = await languagesOf(db, [punterId]);
  return [coinsMessage(languageOf(punterId), punterId, book, { ...move, note: row?.note ?? "" })];
}

export async function joinRequestMessages(
  db: D1Database,
  bookmakerId: number,
  username: string,
): Promise<BotMessage[]> {
  const book = await db
    .prepare(`SELECT id, name, owner_id FROM bookmakers WHERE id = ?1`)
    .bind(bookmakerId)
    .first<{ id: number; name: string; owner_id: number }>();
  if (!book) return [];
  const languageOf = await languagesOf(db, [book.owner_id]);
  return [joinRequestMessage(languageOf(book.owner_id), book.owner_id, book, username)];
}

export async function membershipMessages(
  db: D1Database,
  bookmakerId: number,
  punterId: number,
  approved: boolean,
): Promise<BotMessage[]> {
  const book = await db
    .prepare(`SELECT id, name FROM bookmakers WHERE id = ?1`)
    .bind(bookmakerId)
    .first<{ id: number; name: string }>();
  if (!book) return [];
  const languageOf = await languagesOf(db, [punterId]);
  return [membershipMessage(languageOf(punterId), punterId, book, approved)];
}

/** A newly published event: to the book's approved punters who asked for new events. */
export async function newEventMessages(db: D1Database, eventId: number): Promise<BotMessage[]> {
  const event = await eventInfo(db, eventId);
  if (!event) return [];
  const { results } = await db
    .prepare(
      `SELECT m.user_id FROM memberships m JOIN notification_settings s ON s.user_id = m.user_id
       WHERE m.bookmaker_id = ?1 AND m.status = 'APPROVED' AND s.new_events = 1`,
    )
    .bind(event.bookmakerId)
    .all<{ user_id: number }>();
  const languageOf = await languagesOf(
    db,
    results.map((r) => r.user_id),
  );
  return results.map((r) => newEventMessage(languageOf(r.user_id), r.user_id, event));
}

/**
 * After an undo: one message to each punter whose bets or multiples on the event it opened again
 * (every settled bet of the event is ACCEPTED again; a non-runner's refunds stand).
 */
export async function undoneMessages(db: D1Database, eventId: number): Promise<BotMessage[]> {
  const event = await eventInfo(db, eventId);
  if (!event) return [];
  const { results } = await db
    .prepare(
      `SELECT user_id FROM bets WHERE event_id = ?1 AND status = 'ACCEPTED' AND user_id > 0
       UNION SELECT m.user_id FROM multiples m JOIN multiple_legs l ON l.multiple_id = m.id
         WHERE l.event_id = ?1 AND l.result = 'PENDING' AND m.status = 'ACCEPTED'
       ORDER BY 1`,
    )
    .bind(eventId)
    .all<{ user_id: number }>();
  const languageOf = await languagesOf(
    db,
    results.map((r) => r.user_id),
  );
  return results.map((r) => undoneMessage(languageOf(r.user_id), r.user_id, event));
}
