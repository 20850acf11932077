import * as v from "valibot";
import { Bet } from "../bets/answers";
import { Coins, Id, Instant } from "../lib/wire";

// What counter/routes.ts answers: a counter bet's ticket.

export const TicketStatus = v.picklist(["OPEN", "WON", "LOST", "VOID", "PAID"]);

/** A counter bet's public face (POST /counter/bets, GET /counter/tickets/{code}). */
export const Ticket = v.object({
  code: v.pipe(v.string(), v.description("10 characters of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ (50 bits).")),
  bookmakerId: Id,
  eventId: Id,
  bet: v.pipe(Bet, v.description("The bet (an each-way bet's WIN row); its `userId` is the ticket's own, below 0.")),
  status: v.pipe(
    TicketStatus,
    v.description(
      "OPEN until the result; WON (it returns something, unpaid), LOST, VOID (refunded: a non-runner, an abandoned event; unpaid), PAID.",
    ),
  ),
  returns: v.pipe(
    Coins,
    v.description("What the ticket pays: its payout or refund, both parts of an each-way bet; 0 while open or lost."),
  ),
  paidAt: v.nullable(Instant),
  takenBy: v.object({ userId: Id, username: v.string() }),
});

export const Tickets = v.array(Ticket);
