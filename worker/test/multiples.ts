import type { BookmakerEvent, Multiple, MultipleKind } from "../contract";
import { call, type TestUser } from "./api";
import { send } from "./client";
import { newEvent, type DraftOptions } from "./events";
import type { TestBook } from "./world";

// Builders for multiples tests, through the API.

/** A published race of `book` whose runners ("Runner 1"…) have these odds. */
export const race = (book: TestBook, odds: number[], o: DraftOptions = {}) =>
  newEvent(book, { items: odds.map((c, i): [string, number] => [`Runner ${i + 1}`, c]), ...o });

/** A leg: an outcome of an event, at the odds given (else its odds now), or at SP ("SP"). */
export type Selection = [event: BookmakerEvent, itemIndex: number, coefficient?: number | "SP"];

export const multipleBody = (book: TestBook, kind: MultipleKind, legs: Selection[], amount: number) => ({
  bookmakerId: book.bookmakerId,
  kind,
  legs: legs.map(([event, i, coefficient]) => ({
    eventId: event.id,
    eventItemId: event.items[i].id,
    coefficient: coefficient ?? event.items[i].currCoefficient,
  })),
  amount,
});

export const tryMultiple = (
  punter: TestUser,
  book: TestBook,
  kind: MultipleKind,
  legs: Selection[],
  amount: number,
  headers?: Record<string, string>,
) => call("POST", "/bets/multiple", { token: punter.token, body: multipleBody(book, kind, legs, amount), headers });

export async function placeMultiple(
  punter: TestUser,
  book: TestBook,
  kind: MultipleKind,
  legs: Selection[],
  amount: number,
): Promise<Multiple> {
  const res = await tryMultiple(punter, book, kind, legs, amount);
  if (res.status !== 201) throw new Error(`multiple refused: ${res.status} ${await res.text()}`);
  return res.json<Multiple>();
}

/** A double on the first outcome of each of two events. */
export const placeDouble = (punter: TestUser, book: TestBook, a: BookmakerEvent, b: BookmakerEvent, amount: number) =>
  placeMultiple(
    punter,
    book,
    "DOUBLE",
    [
      [a, 0],
      [b, 0],
    ],
    amount,
  );

export const multiplesOf = (punter: TestUser, book: TestBook) =>
  send("GET /bets/:bookmakerId/multiples", { token: punter.token, params: { bookmakerId: book.bookmakerId } });

export const finalize = (book: TestBook, event: BookmakerEvent, winners: number[]) =>
  send("POST /events/:id/finalize", {
    token: book.owner.token,
    params: { id: event.id },
    body: { eventId: event.id, winners: winners.map((i) => event.items[i].id) },
  });

export const nonRunner = (book: TestBook, event: BookmakerEvent, itemIndex: number) =>
  send("POST /events/:id/nr/:itemId", {
    token: book.owner.token,
    params: { id: event.id, itemId: event.items[itemIndex].id },
  });
