// A counter ticket's code as people handle it (docs/decisions/events.md, "The counter and its tickets"):
// 10 of the 32 symbols below, upper case; typed or scanned any case, with spaces or dashes;
// printed in two halves of five. The worker draws the codes (worker/counter/code.ts).

export const TICKET_SYMBOLS = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A code as the API takes it. */
export const TICKET_CODE = /^[2-9A-HJ-NP-Z]{10}$/;

/** A code as typed or scanned: spaces and dashes dropped, any case. */
export const normalCode = (typed: string) => typed.replace(/[\s-]/g, "").toUpperCase();

/** The code in two halves of five, as read aloud and typed back. */
export const spacedCode = (code: string) => `${code.slice(0, 5)} ${code.slice(5)}`;
