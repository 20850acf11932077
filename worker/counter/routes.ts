import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import type { Rebuild } from "../idempotency/keys";
import { idempotentInBatch } from "../idempotency/middleware";
import { validate } from "../lib/validate";
import { AppError, forbidden, notFound } from "../lib/errors";
import { en } from "../lib/words";
import { nowIso } from "../lib/time";
import { spend } from "../lib/rate-limit";
import { requireBook } from "../bookmakers/access";
import { BetBody } from "../bets/schemas";
import { betOf, counterBets } from "../bets/queries";
import { roomOf, unwrap } from "../events/room/rooms";
import { placedToTicket } from "../bets/answer";
import { runMoneyBatch } from "../ledger/transfer";
import * as docs from "./docs";
import { newTicketCode, newTicketUserId } from "./code";
import { CodeParam, TicketsQuery } from "./schemas";
import { payStatements, statusOf, ticketByCode, ticketsOfEvent, toTicket, type TicketRow } from "./tickets";

// The counter (docs/rules/staff.md "Staff" and "The counter"): bets taken at the pitch for cash by the book's
// owner or staff, each a ticket; checking a ticket by its code and paying it, once.

const NO_TICKET = en("No ticket with this code in your book.");

/** The book's ticket of this code as the API answers it, or 404. */
async function ticketOf(db: D1Database, bookmakerId: number, code: string) {
  const row = await ticketByCode(db, bookmakerId, code);
  if (!row) throw notFound(NO_TICKET);
  const bet = await betOf(db, row.bookmaker_id, row.user_id, row.bet_id);
  return toTicket(row, bet!); // the ticket's row names its bet (a foreign key)
}

/** A counter bet's 201 when its batch committed but the answer was lost: its ticket now. */
const takenAnswer: Rebuild = async (db, userId, ref) => {
  const book = await requireBook(db, userId, "COUNTER");
  return { status: 201, body: await ticketOf(db, book.id, ref.slice("ticket:".length)) };
};

/** Ticket lookups and payments count against the caller's own limiter: codes cannot be tried in bulk. */
const lookup = async (c: Context<AppEnv>) => {
  const { userId } = c.get("user");
  await spend(c, "TICKET_LIMIT", String(userId));
  return requireBook(c.env.DB, userId, "TICKETS");
};

export const counterRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/bets", docs.take, idempotentInBatch(takenAnswer), validate("json", BetBody), async (c) => {
    const body = c.req.valid("json");
    const { userId, username } = c.get("user");
    const book = await requireBook(c.env.DB, userId, "COUNTER");
    if (body.bookmakerId !== book.id) throw forbidden(en("Counter bets are taken for your own book."));
    const keyed = c.get("idempotency");
    const code = newTicketCode();
    const takenBy = { userId, username };
    // Struck by the event's room like a punter's bet, for the ticket's own new user.
    const result = await roomOf(c.env, body.eventId).placeBet(body.eventId, {
      userId: newTicketUserId(),
      bookmakerId: body.bookmakerId,
      itemId: body.eventItemId,
      stakeCents: body.amount,
      coefficient: body.coefficient ?? null,
      atSp: body.atSp,
      eachWay: body.eachWay,
      counter: { code, takenBy },
      idempotency: keyed && { ...keyed, ref: `ticket:${code}` },
    });
    if (keyed && "code" in result && result.code === "KEY_SEEN") c.set("idempotencyOutcome", "seen");
    const placed = unwrap(result);
    if (keyed) c.set("idempotencyOutcome", "kept");
    return c.json(placedToTicket(placed, { code, bookmakerId: book.id, takenBy }), 201);
  })

  .get("/tickets", docs.list, validate("query", TicketsQuery), async (c) => {
    const book = await requireBook(c.env.DB, c.get("user").userId, "TICKETS");
    const { eventId, status } = c.req.valid("query");
    const [rows, bets] = await Promise.all([
      ticketsOfEvent(c.env.DB, book.id, eventId),
      counterBets(c.env.DB, book.id, eventId),
    ]);
    const betOfUser = new Map(bets.map((b) => [b.userId, b]));
    const tickets = rows.map((r) => toTicket(r, betOfUser.get(r.user_id)!));
    return c.json(status ? tickets.filter((t) => t.status === status) : tickets);
  })

  .get("/tickets/:code", docs.check, validate("param", CodeParam), async (c) => {
    const book = await lookup(c);
    return c.json(await ticketOf(c.env.DB, book.id, c.req.valid("param").code));
  })

  .post("/tickets/:code/pay", docs.pay, validate("param", CodeParam), async (c) => {
    const book = await lookup(c);
    const db = c.env.DB;
    const row = await ticketByCode(db, book.id, c.req.valid("param").code);
    if (!row) throw notFound(NO_TICKET);
    const refusal = payRefusal(row);
    if (refusal) throw refusal;
    try {
      await runMoneyBatch(db, payStatements(db, row, c.get("user").userId, nowIso()));
    } catch (err) {
      // Paid meanwhile (the ticket's account no longer covers it), or its result undone: as D1 says now.
      if (!(err instanceof AppError && err.code === "INSUFFICIENT_COINS")) throw err;
      const now = await ticketByCode(db, book.id, row.code);
      throw payRefusal(now!) ?? err;
    }
    return c.json(await ticketOf(db, book.id, row.code));
  });

/** Why a ticket cannot be paid now, or null when it can. */
function payRefusal(row: TicketRow): AppError | null {
  switch (statusOf(row)) {
    case "PAID":
      return new AppError("ALREADY_PAID", 409, en("This ticket is paid already."), { paidAt: row.paid_at });
    case "OPEN":
      return new AppError("CONFLICT", 409, en("This ticket's event has no result yet."));
    case "LOST":
      return new AppError("CONFLICT", 409, en("This ticket lost: it pays nothing."));
    default:
      return null;
  }
}
