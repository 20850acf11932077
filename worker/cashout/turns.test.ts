import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Bet, BookmakerEvent, CashOutOffer, ErrorBody, Multiple } from "../contract";
import { call, json, type TestUser } from "../test/api";
import { expectRoomMatchesD1 } from "../test/faulty-d1";
import { bet, betAtSp, newEvent, type DraftOptions } from "../test/events";
import { placeMultiple } from "../test/multiples";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";

// A cash-out is priced in the room's turn (docs/decisions/events.md, "Cash out: the book's own prices"):
// punters post the value they were shown while the book changes something, for each kind of bet
// (a priced single, an SP bet, each-way, a double). Each bet has exactly one outcome: paid at the
// value of the turn it landed in, or refused with that turn's word. Which turn it landed in is the
// order of the audit rows (each batch writes its own); what the turn after the change offers is
// read from a bet of the same kind left alone (the control). One book and its punters serve every
// case (each case its own event), so the cases time the races, not the set-up.

const PUNTERS = 8;

interface Shared {
  book: TestBook;
  /** The control's punter first, then the takers'. */
  punters: TestUser[];
  /** A punter with coins enough to move a price under the equalizer. */
  whale: TestUser;
}
let shared: Shared;

beforeAll(async () => {
  const book = await newBook({ coins: 100_000 });
  await json("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
    token: book.owner.token,
    body: { enabled: true, margin: 0.05 },
  });
  const punters = await Promise.all(Array.from({ length: PUNTERS + 1 }, () => newPunter(book, { coins: 500 })));
  shared = { book, punters, whale: await newPunter(book, { coins: 30_000 }) };
});

type Kind = "priced" | "SP" | "each-way" | "double";
interface Taken {
  punter: TestUser;
  path: string;
}

/** A race of the book: Runner 1 at 5.0 (4/1), Runner 2 at 3.0, Runner 3 at 6.0; Rule 4 on, SP on, 2 places at 1/4. */
const RACE: DraftOptions = {
  items: [
    ["Runner 1", 5],
    ["Runner 2", 3],
    ["Runner 3", 6],
  ],
  rule4: true,
  sp: true,
  eachWay: { places: 2, fraction: 4 },
  maxTotalPayout: 100_000,
};

async function takeBet(
  kind: Kind,
  punter: TestUser,
  book: TestBook,
  event: BookmakerEvent,
  other: BookmakerEvent,
): Promise<Taken> {
  if (kind === "double") {
    const now = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
    const m = await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [now, 0],
        [other, 0],
      ],
      10,
    );
    return { punter, path: `/bets/multiple/${m.multipleId}/cashout` };
  }
  const now = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
  const res =
    kind === "SP"
      ? await betAtSp(punter, book, now, 0, 10)
      : await bet(punter, book, now, 0, 10, undefined, kind === "each-way");
  expect(res.status).toBe(201);
  return { punter, path: `/bets/${(await res.json<Bet>()).betId}/cashout` };
}

/** An offer: its value, or the reason there is none. */
async function offerOf(t: Taken): Promise<{ value: number } | { reason: string }> {
  const res = await call("GET", t.path, { token: t.punter.token });
  if (res.status === 200) return { value: (await res.json<CashOutOffer>()).value };
  return { reason: (await res.json<ErrorBody & { error: { reason: string } }>()).error.reason };
}

const owner = (book: TestBook) => ({ token: book.owner.token });

/** What the book changes, racing the cash-outs. */
const CHANGES: [string, DraftOptions, (book: TestBook, e: BookmakerEvent) => Promise<Response>][] = [
  [
    "a price cut",
    {},
    (book, e) =>
      call("POST", `/events/${e.id}/coefficients`, {
        ...owner(book),
        body: { items: [{ id: e.items[0].id, coefficient: 3 }] },
      }),
  ],
  [
    // The book's virtual liquidity (its max payout) is large enough that the takers' 10s move no
    // price, and the other punter's 5,000 moves Runner 1 a rung.
    "the equalizer's move from another punter's bet",
    { botEqualizer: true, returnPrice: 0.95 },
    async (book, e) => {
      const other = shared.whale;
      // The cash-outs beside it move the equalizer's prices back: his bet is sent again at the price now.
      for (let attempt = 1; ; attempt++) {
        const res = await bet(other, book, await json<BookmakerEvent>("GET", `/events/${e.id}`, owner(book)), 0, 5000);
        if (res.status !== 409 || attempt === 5) return res;
      }
    },
  ],
  ["a suspension", {}, (book, e) => call("POST", `/events/${e.id}/draft`, owner(book))],
  ["a non-runner", {}, (book, e) => call("POST", `/events/${e.id}/nr/${e.items[1].id}`, owner(book))],
  [
    "the result",
    {},
    (book, e) =>
      call("POST", `/events/${e.id}/finalize`, { ...owner(book), body: { eventId: e.id, winners: [e.items[0].id] } }),
  ],
];

/** The audit rows' ids of a cash-out (by its punter) and of the change (the newest row of the event that is not a cash-out). */
async function auditOrder(eventId: number, since: number) {
  const { results } = await env.DB.prepare(
    `SELECT id, action, user_id FROM audit WHERE id > ?2 AND (event_id = ?1 OR action = 'CASH_OUT') ORDER BY id`,
  )
    .bind(eventId, since)
    .all<{ id: number; action: string; user_id: number | null }>();
  return results;
}

describe("a cash-out racing the book, priced in the room's turn", () => {
  for (const kind of ["priced", "SP", "each-way", "double"] as const)
    for (const [name, rules, change] of CHANGES)
      it(`${kind}, racing ${name}: paid at its turn's value, or refused with it`, { timeout: 120_000 }, async () => {
        const { book, punters } = shared;
        const event = await newEvent(book, { ...RACE, ...rules });
        const other = await newEvent(book, {
          ...RACE,
          items: [
            ["Other", 2],
            ["Another", 3],
          ],
        });
        const control = await takeBet(kind, punters[0], book, event, other);
        const takers: Taken[] = [];
        for (const punter of punters.slice(1)) takers.push(await takeBet(kind, punter, book, event, other));
        const shown = await offerOf(control);
        if (!("value" in shown)) throw new Error(`no offer before the change: ${shown.reason}`);
        // Each taker's own value (under the equalizer each bet was struck a rung shorter than the one before).
        const values: number[] = [];
        for (const t of takers) {
          const own = await offerOf(t);
          if (!("value" in own)) throw new Error(`no offer before the change: ${own.reason}`);
          values.push(own.value);
        }
        const since = (await env.DB.prepare(`SELECT COALESCE(MAX(id), 0) AS n FROM audit`).first<number>("n"))!;

        const [changed, ...answers] = await Promise.all([
          change(book, event),
          ...takers.map((t, i) => call("POST", t.path, { token: t.punter.token, body: { value: values[i] } })),
        ]);
        expect([200, 201]).toContain(changed.status);
        const after = await offerOf(control);
        const rows = await auditOrder(event.id, since);
        // The change's own row (an equalizer's move is a bet's, with no row of its own: then every turn is "before").
        const changeRow = rows.find((r) => r.action !== "CASH_OUT" && r.action !== "PRICE")?.id ?? Infinity;
        for (const [i, t] of takers.entries()) {
          const res = answers[i];
          if (res.status === 200) {
            const paid = (await res.json<Bet | Multiple>()).payout;
            expect(paid).toBe(values[i]);
            const row = rows.find((r) => r.action === "CASH_OUT" && r.user_id === t.punter.userId)!;
            // Landed after the change: only where the change left the values as they were (the control's).
            if (row.id > changeRow) expect(after).toEqual(shown);
          } else {
            const error = (await res.json<ErrorBody & { error: { value?: number; reason?: string } }>()).error;
            expect(error.code, JSON.stringify(error)).toMatch(/^CASH_OUT_(CHANGED|UNAVAILABLE)$/);
            // Refused with the turn after the change's word: its value now, or why there is none.
            const own = await offerOf(t);
            if (error.code === "CASH_OUT_CHANGED") expect(own).toEqual({ value: error.value });
            else expect(own).toEqual({ reason: error.reason });
            // And only by a change that moved it.
            expect(after).not.toEqual(shown);
          }
        }
        expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
        await expectRoomMatchesD1(event.id);
      });
});
