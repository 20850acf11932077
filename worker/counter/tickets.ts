import type { Bet, Ticket, TicketStatus } from "../contract";
import { auditStatement } from "../audit/record";
import { cash, openAccount, punter } from "../ledger/accounts";
import { transferStatements } from "../ledger/transfer";
import { fromCents } from "../lib/money";

// The counter's tickets (docs/rules/staff.md, "The counter").
// A ticket is a punter that is not a person: a user of its own (below 0) with an account in the
// book. Its bet is struck by the event's room in the batch of any other bet (bet-group.ts), with
// these statements around it: the cash taken comes in (CASH_IN) and is staked from the ticket's
// account as a punter's coins are. Settlement then pays the ticket's account like any punter's,
// so the account holds what the ticket owes until it is paid out into the book's CASH account.

/** A ticket's user's name: a space, so no Telegram username (and no lookup by one) is ever it. */
export const TICKET_USERNAME = "counter ticket";

/** A counter bet's ticket, as the room writes it with the bet. */
export interface TicketOpening {
  code: string;
  /** The ticket's own user (below 0), the bet's punter. */
  userId: number;
  /** The member of the book (or its owner) who took it. */
  takenBy: number;
}

/**
 * A counter bet's own statements around its group's (events/room/bet-group.ts), given to the
 * event's room as a kind of bet (room.ts): the cash taken comes in before the stakes move, the
 * ticket after the bet's rows.
 */
export function counterBetStatements(
  db: D1Database,
  t: Omit<TicketOpening, "userId"> & {
    ownerId: number;
    stakedCents: number;
    row: { userId: number; bookmakerId: number; eventId: number; itemId: number; createdAt: string };
  },
) {
  const ticket = { ...t, ...t.row };
  return { before: cashTakenStatements(db, ticket), after: [ticketStatement(db, ticket)] };
}

/** Before the bet's stake: the ticket's user and account, and the cash taken into it. */
function cashTakenStatements(
  db: D1Database,
  t: TicketOpening & { ownerId: number; stakedCents: number; createdAt: string },
): D1PreparedStatement[] {
  return [
    db
      .prepare(`INSERT INTO users (id, username, first_name, created_at, updated_at) VALUES (?1, ?2, '', ?3, ?3)`)
      .bind(t.userId, TICKET_USERNAME, t.createdAt),
    openAccount(db, punter(t.ownerId, t.userId)),
    ...transferStatements(db, {
      kind: "CASH_IN",
      poolOwnerId: t.ownerId,
      from: null,
      to: punter(t.ownerId, t.userId),
      amountCents: t.stakedCents,
      ref: `ticket:${t.code}`,
    }),
  ];
}

/** After the bet's rows: the ticket, naming its WIN row. */
const ticketStatement = (
  db: D1Database,
  t: TicketOpening & { bookmakerId: number; eventId: number; itemId: number; createdAt: string },
) =>
  db
    .prepare(
      `INSERT INTO tickets (code, bookmaker_id, event_id, bet_id, user_id, taken_by, created_at)
       VALUES (?1, ?2, ?3, (SELECT id FROM bets WHERE item_id = ?4 AND user_id = ?5 AND part = 'WIN'), ?5, ?6, ?7)`,
    )
    .bind(t.code, t.bookmakerId, t.eventId, t.itemId, t.userId, t.takenBy, t.createdAt);

/** A ticket as D1 holds it, with what its bet's parts return and whether any is still open. */
export interface TicketRow {
  code: string;
  bet_id: number;
  bookmaker_id: number;
  event_id: number;
  user_id: number;
  owner_id: number;
  paid_at: string | null;
  taken_by: number;
  taken_by_username: string;
  open_parts: number;
  refunded_parts: number;
  parts: number;
  returns_cents: number;
}

/** Tickets matching `where` (over `t`), newest first. */
const TICKETS_SQL = (where: string) =>
  `SELECT t.code, t.bet_id, t.bookmaker_id, t.event_id, t.user_id, bk.owner_id, t.paid_at, t.taken_by, u.username AS taken_by_username,
     SUM(b.status = 'ACCEPTED') AS open_parts, SUM(b.status = 'CANCELLED') AS refunded_parts, COUNT(*) AS parts,
     SUM(CASE b.status WHEN 'CANCELLED' THEN b.stake_cents ELSE b.payout_cents END) AS returns_cents
   FROM tickets t JOIN bookmakers bk ON bk.id = t.bookmaker_id JOIN users u ON u.id = t.taken_by
     JOIN bets b ON b.user_id = t.user_id AND b.bookmaker_id = t.bookmaker_id
   WHERE ${where}
   GROUP BY t.code ORDER BY t.created_at DESC, t.code`;

/** The book's ticket of this code, or null (another book's is not found either). */
export const ticketByCode = (db: D1Database, bookmakerId: number, code: string) =>
  db.prepare(TICKETS_SQL(`t.code = ?1 AND t.bookmaker_id = ?2`)).bind(code, bookmakerId).first<TicketRow>();

/** The tickets of one of the book's events. */
export const ticketsOfEvent = async (db: D1Database, bookmakerId: number, eventId: number) =>
  (await db.prepare(TICKETS_SQL(`t.event_id = ?1 AND t.bookmaker_id = ?2`)).bind(eventId, bookmakerId).all<TicketRow>())
    .results;

export function statusOf(t: TicketRow): TicketStatus {
  if (t.open_parts > 0) return "OPEN";
  if (t.paid_at !== null) return "PAID";
  if (t.returns_cents === 0) return "LOST";
  return t.refunded_parts === t.parts ? "VOID" : "WON";
}

export const toTicket = (t: TicketRow, bet: Bet): Ticket => ({
  code: t.code,
  bookmakerId: t.bookmaker_id,
  eventId: t.event_id,
  bet,
  status: statusOf(t),
  returns: t.open_parts > 0 ? 0 : fromCents(t.returns_cents),
  paidAt: t.paid_at,
  takenBy: { userId: t.taken_by, username: t.taken_by_username },
});

/**
 * Pays a ticket out: its returns from the ticket's account into the book's CASH account, the
 * ticket marked paid, and its audit row (who paid it, what), in one batch. The move must be covered by the ticket's account, which
 * holds exactly what the ticket owes until it is paid (nothing while open or lost, nothing once
 * paid, nothing after an undo took its return back), so a second payment, racing or not, breaks
 * the ledger's CHECK and writes nothing; the ticket's row is marked only while unpaid.
 */
export function payStatements(db: D1Database, t: TicketRow, paidBy: number, now: string): D1PreparedStatement[] {
  return [
    openAccount(db, cash(t.owner_id)),
    ...transferStatements(db, {
      kind: "CASH_PAID",
      poolOwnerId: t.owner_id,
      from: punter(t.owner_id, t.user_id),
      to: cash(t.owner_id),
      amountCents: t.returns_cents,
      ref: `ticket:${t.code}`,
      mustCover: true,
    }),
    db
      .prepare(`UPDATE tickets SET paid_at = ?2, paid_by = ?3 WHERE code = ?1 AND paid_at IS NULL`)
      .bind(t.code, now, paidBy),
    auditStatement(
      db,
      {
        bookmakerId: t.bookmaker_id,
        actorId: paidBy,
        action: "TICKET_PAID",
        eventId: t.event_id,
        after: { code: t.code, amount: fromCents(t.returns_cents) },
      },
      now,
    ),
  ];
}
