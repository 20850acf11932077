import type { BookmakerEvent, Id } from "@worker/contract";
import { call } from "@/api/call";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";
import { normalCode } from "@common/ticket-code";

// The counter's talk with the server: a race and its tickets, polled; a cash bet taken; a
// ticket looked up by its code and paid.

/** The race the counter takes bets on, polled. */
export const useCounterEvent = (id: Id) => useApi("GET /events/:id", { params: { id } }, { refreshInterval: POLL_MS });

/** The race's tickets, polled. */
export const useTickets = (eventId: string) =>
  useApi("GET /counter/tickets", { query: { eventId } }, { refreshInterval: POLL_MS });

/** A cash bet on a runner at its price now, or at SP; answers the ticket. */
export const takeCounterBet = (
  event: BookmakerEvent,
  itemId: Id,
  amount: number,
  options: { atSp: boolean; eachWay: boolean; coefficient: number },
) =>
  call("POST /counter/bets", {
    body: {
      bookmakerId: event.bookmakerId,
      eventId: event.id,
      eventItemId: itemId,
      amount,
      ...(options.atSp ? { atSp: true } : { coefficient: options.coefficient }),
      eachWay: options.eachWay,
    },
  });

/** A ticket by its code as typed or scanned. */
export const lookUpTicket = (typed: string) =>
  call("GET /counter/tickets/:code", { params: { code: normalCode(typed) } });

/** Pays a ticket out; answers it marked paid. */
export const payTicket = (code: string) => call("POST /counter/tickets/:code/pay", { params: { code } });
