// A ticket's code: what the punter holds at the pitch, and all anyone needs to be paid on it, so
// it must not be guessed (/openapi.json, Ticket: 10 characters, ≥ 50 bits, no 0/O/1/I to misread). 32 symbols
// of 5 bits each, drawn from the platform's CSPRNG; lookups are rate limited besides.

import { TICKET_SYMBOLS } from "../../common/ticket-code";

export const CODE_LENGTH = 10;

export function newTicketCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  // 256 is a multiple of 32: each byte's low 5 bits are uniform.
  return Array.from(bytes, (b) => TICKET_SYMBOLS[b & 31]).join("");
}

/**
 * The id of a ticket's own user: below 0, where no Telegram user is, and random (53 bits) so
 * that it needs no read of the last one and two counters never pick the same.
 */
export function newTicketUserId(): number {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return -((hi & 0x1fffff) * 2 ** 32 + lo + 1);
}
