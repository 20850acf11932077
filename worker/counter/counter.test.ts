import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { weeksAround } from "../../common/calendar";
import type { BookmakerEvent, Figures, LiabilityBoard, Ticket } from "../contract";
import { call, json, signIn, type TestUser } from "../test/api";
import { bet, newEvent, placeBet, poolCoins, runners, startEvent } from "../test/events";
import { faultyD1, injectFaults, inOrder } from "../test/faulty-d1";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";
import { WINDOW_SECONDS } from "../lib/rate-limit";
import { TICKET_CODE } from "../../common/ticket-code";
import { CODE_LENGTH, newTicketCode } from "./code";

// The counter (docs/rules/staff.md "Staff" and "The counter"): cash bets taken at the pitch, struck by the
// event's room in the book's limits and liability, settled like any bet, each a ticket paid once.

interface Counter {
  book: TestBook;
  clerk: TestUser;
}

async function counterBook(limits?: { maxStake?: number; maxPayoutPerEvent?: number }): Promise<Counter> {
  const book = await newBook({ coins: 10_000 });
  const clerk = await signIn("clerk");
  await json("PUT", `/bookmakers/${book.bookmakerId}/staff`, {
    token: book.owner.token,
    body: { username: clerk.username, role: "CLERK" },
  });
  if (limits)
    await json("PUT", `/bookmakers/${book.bookmakerId}/limits`, {
      token: book.owner.token,
      body: {
        maxStake: limits.maxStake ?? null,
        maxPayoutPerEvent: limits.maxPayoutPerEvent ?? null,
        maxMultiplesPayout: null,
      },
    });
  return { book, clerk };
}

const take = (
  c: Counter,
  event: BookmakerEvent,
  i: number,
  amount: number,
  o: { eachWay?: boolean; atSp?: boolean; token?: string; key?: string } = {},
) =>
  call("POST", "/counter/bets", {
    token: o.token ?? c.clerk.token,
    headers: o.key ? { "Idempotency-Key": o.key } : undefined,
    body: {
      bookmakerId: c.book.bookmakerId,
      eventId: event.id,
      eventItemId: event.items[i].id,
      amount,
      ...(o.atSp ? { atSp: true } : { coefficient: event.items[i].currCoefficient }),
      ...(o.eachWay ? { eachWay: true } : {}),
    },
  });

async function taken(c: Counter, event: BookmakerEvent, i: number, amount: number, o = {}): Promise<Ticket> {
  const res = await take(c, event, i, amount, o);
  if (res.status !== 201) throw new Error(`counter bet refused: ${res.status} ${await res.text()}`);
  return res.json<Ticket>();
}

const check = (c: Counter, code: string, token = c.clerk.token) =>
  json<Ticket>("GET", `/counter/tickets/${code}`, { token });
const pay = (c: Counter, code: string, token = c.clerk.token, db?: D1Database) =>
  call("POST", `/counter/tickets/${code}/pay`, { token, ...(db ? { env: { DB: db } } : {}) });
const finalize = (c: Counter, event: BookmakerEvent, placings: [number, number][]) =>
  json("POST", `/events/${event.id}/finalize`, {
    token: c.book.owner.token,
    body: { placings: placings.map(([i, place]) => ({ itemId: event.items[i].id, place })) },
  });

/** The book's cash: taken in (CASH_IN), paid out (the CASH account), owed (the tickets' accounts). */
async function cashOf(book: TestBook) {
  const row = await env.DB.prepare(
    `SELECT
       (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger WHERE pool_owner_id = b.owner_id AND kind = 'CASH_IN') AS taken,
       (SELECT COALESCE(SUM(balance_cents), 0) FROM accounts WHERE pool_owner_id = b.owner_id AND kind = 'CASH') AS paid,
       (SELECT COALESCE(SUM(balance_cents), 0) FROM accounts WHERE pool_owner_id = b.owner_id AND punter_id < 0) AS owed
     FROM bookmakers b WHERE b.id = ?1`,
  )
    .bind(book.bookmakerId)
    .first<{ taken: number; paid: number; owed: number }>();
  return row!;
}

const ledgerRows = async () => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger`).first<{ n: number }>())!.n;

/** The book's TICKET_PAID audit rows: who paid, what. */
const paidRows = async (book: TestBook) =>
  (
    await env.DB.prepare(`SELECT actor_id, after FROM audit WHERE bookmaker_id = ?1 AND action = 'TICKET_PAID'`)
      .bind(book.bookmakerId)
      .all<{ actor_id: number; after: string }>()
  ).results.map((r) => ({ actor: r.actor_id, ...JSON.parse(r.after) }));

describe("counter bets", () => {
  it("a clerk takes a bet for cash: a ticket with a 10-character code, struck in the book's liability, the cash staked into the pool", async () => {
    const c = await counterBook();
    const event = await newEvent(c.book, { items: runners(3) });
    const pool = await poolCoins(c.book);
    const ticket = await taken(c, event, 0, 20);
    expect(ticket).toMatchObject({
      bookmakerId: c.book.bookmakerId,
      eventId: event.id,
      status: "OPEN",
      returns: 0,
      paidAt: null,
      takenBy: { userId: c.clerk.userId, username: c.clerk.username },
      bet: { eventItemId: event.items[0].id, money: { amount: 20 }, coefficient: 3, status: "ACCEPTED" },
    });
    expect(ticket.code).toMatch(TICKET_CODE);
    expect(ticket.bet.userId).toBeLessThan(0);
    expect(await poolCoins(c.book)).toBe(pool + 20);
    expect(await cashOf(c.book)).toEqual({ taken: 2000, paid: 0, owed: 0 });

    // Two more on the same runner: a ticket each (a punter may bet once on an outcome).
    await taken(c, event, 0, 5);
    await taken(c, event, 0, 5);
    const board = await json<LiabilityBoard>("GET", "/events/liability", { token: c.book.owner.token });
    const onBoard = board.events.find((e) => e.id === event.id)!;
    expect(onBoard).toMatchObject({ bets: 3, staked: 30, worst: 90 });
    expect(onBoard.items.find((o) => o.id === event.items[0].id)).toMatchObject({ bets: 3, staked: 30, payout: 90 });

    // Checked as typed: any case, with a dash.
    const typed = `${ticket.code.slice(0, 5).toLowerCase()}-${ticket.code.slice(5)}`;
    expect(await check(c, typed)).toEqual(ticket);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("is struck within the book's limits and the event's max payout, and refuses a closed event", async () => {
    const c = await counterBook({ maxStake: 50 });
    const event = await newEvent(c.book, { items: runners(3), maxTotalPayout: 250 });
    const over = await take(c, event, 0, 60);
    expect(over.status, await over.clone().text()).toBe(409);
    expect((await over.json<{ error: { code: string } }>()).error.code).toBe("LIMIT_EXCEEDED");
    await taken(c, event, 0, 50); // returns 150
    const pastPayout = await take(c, event, 0, 50);
    expect((await pastPayout.json<{ error: { code: string } }>()).error.code).toBe("LIMIT_EXCEEDED");
    const before = await ledgerRows();
    await startEvent(event.id);
    expect((await take(c, event, 1, 10)).status).toBe(409);
    expect(await ledgerRows()).toBe(before);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("takes each-way and SP bets; settles won, placed, lost; a non-runner's and an abandoned event's tickets are void", async () => {
    const c = await counterBook();
    const race = await newEvent(c.book, { items: runners(8), eachWay: { places: 3, fraction: 4 }, sp: true });
    const winner = await taken(c, race, 0, 10); // 10 at 3.0
    const placed = await taken(c, race, 1, 10, { eachWay: true }); // 2 × 10 on Runner 2 at 4.0
    const loser = await taken(c, race, 2, 10);
    const atSp = await taken(c, race, 0, 10, { atSp: true });
    const nonRunner = await taken(c, race, 7, 10, { eachWay: true });
    expect(await cashOf(c.book)).toMatchObject({ taken: 7000 });

    await json("POST", `/events/${race.id}/nr/${race.items[7].id}`, { token: c.book.owner.token, body: {} });
    expect(await check(c, nonRunner.code)).toMatchObject({ status: "VOID", returns: 20 });
    expect(await check(c, winner.code)).toMatchObject({ status: "OPEN", returns: 0 });

    await json("POST", `/events/${race.id}/finalize`, {
      token: c.book.owner.token,
      body: {
        placings: [
          { itemId: race.items[0].id, place: 1 },
          { itemId: race.items[1].id, place: 2 },
        ],
        sp: [{ itemId: race.items[0].id, coefficient: 5 }],
      },
    });
    // The non-runner (Runner 8 at 10.0) took its Rule 4 off the prices struck before it; not
    // late, it leaves the SP alone. Each return is worked out from the bet and rounded down once.
    const won = await check(c, winner.code);
    const d = won.bet.deduction;
    expect(d).toBeGreaterThan(0);
    expect(won).toMatchObject({ status: "WON", returns: (1000 + Math.floor((1000 * 2 * (100 - d)) / 100)) / 100 });
    const place = await check(c, placed.code); // the place part at a quarter of 3/1
    expect(place).toMatchObject({ status: "WON", returns: (1000 + Math.floor((1000 * 3 * (100 - d)) / 400)) / 100 });
    expect(await check(c, loser.code)).toMatchObject({ status: "LOST", returns: 0 });
    expect(await check(c, atSp.code)).toMatchObject({ status: "WON", returns: 50, bet: { paidAtSp: true } });

    const cash = await cashOf(c.book);
    const returns = [won, place, await check(c, atSp.code), await check(c, nonRunner.code)].reduce(
      (sum, t) => sum + Math.round(t.returns * 100),
      0,
    );
    expect(cash).toEqual({ taken: 7000, paid: 0, owed: returns });

    // An abandoned event voids its open tickets: each returns its stake.
    const other = await newEvent(c.book, { items: runners(3) });
    const refunded = await taken(c, other, 1, 12, { eachWay: false });
    await json("POST", `/events/${other.id}/abandon`, { token: c.book.owner.token });
    expect(await check(c, refunded.code)).toMatchObject({ status: "VOID", returns: 12 });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("undoing a result opens its tickets again; a ticket paid meanwhile stops the undo", async () => {
    const c = await counterBook();
    const event = await newEvent(c.book, { items: runners(3) });
    const ticket = await taken(c, event, 0, 10);
    await finalize(c, event, [[0, 1]]);
    expect((await check(c, ticket.code)).status).toBe("WON");
    await json("POST", `/events/${event.id}/unsettle`, { token: c.book.owner.token });
    expect(await check(c, ticket.code)).toMatchObject({ status: "OPEN", returns: 0 });
    expect(await cashOf(c.book)).toEqual({ taken: 1000, paid: 0, owed: 0 });

    await finalize(c, event, [[0, 1]]);
    expect((await pay(c, ticket.code)).status).toBe(200);
    const undo = await call("POST", `/events/${event.id}/unsettle`, { token: c.book.owner.token });
    expect(undo.status).toBe(409);
    expect(await check(c, ticket.code)).toMatchObject({ status: "PAID", returns: 30 });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("a refusal about a ticket names it as a ticket", () => {
  type Refused = { error: { code: string; message: string; punters?: { userId: number; code?: string }[] } };

  it("an undo stopped by a paid ticket names the ticket by its code, not its punter's username", async () => {
    const c = await counterBook();
    const event = await newEvent(c.book, { items: runners(3) });
    const ticket = await taken(c, event, 0, 10); // returns 30
    await finalize(c, event, [[0, 1]]);
    expect((await pay(c, ticket.code)).status).toBe(200);
    const undo = await call("POST", `/events/${event.id}/unsettle`, { token: c.book.owner.token });
    expect(undo.status).toBe(409);
    const { error } = await undo.json<Refused>();
    expect(error.code).toBe("CANNOT_UNSETTLE");
    expect(error.message).toContain(`ticket ${ticket.code} is 30 short`);
    expect(error.message).not.toContain("@counter ticket");
    expect(error.punters).toEqual([
      { userId: ticket.bet.userId, username: "counter ticket", short: 30, code: ticket.code },
    ]);
  });

  it("a counter bet past the book's limits is told the book's limit for a ticket; a punter's own words stay his", async () => {
    const refusal = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(409);
      const { error } = await res.json<Refused>();
      expect(error.code).toBe("LIMIT_EXCEEDED");
      return error.message;
    };
    const c = await counterBook({ maxStake: 10 });
    const race = await newEvent(c.book, { items: runners(8), eachWay: { places: 3, fraction: 4 } });
    expect(await refusal(await take(c, race, 0, 20))).toBe("The book's maximum stake for a ticket is 10.00.");
    expect(await refusal(await take(c, race, 0, 10, { eachWay: true }))).toBe(
      "The book's maximum stake for a ticket is 10.00 (5.00 each way).",
    );
    const punter = await newPunter(c.book, { coins: 100 });
    expect(await refusal(await bet(punter, c.book, race, 0, 20))).toBe("Your maximum stake is 10.00.");

    const paying = await counterBook({ maxPayoutPerEvent: 50 });
    const event = await newEvent(paying.book, { items: runners(3) });
    expect(await refusal(await take(paying, event, 0, 20))).toBe(
      "The book's maximum payout for a ticket on this event is 50.00.",
    );
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("paying a ticket", () => {
  it("pays a winning ticket once: its returns into the book's CASH account; again, open or lost, refused and written nowhere", async () => {
    const c = await counterBook();
    const event = await newEvent(c.book, { items: runners(3) });
    const winner = await taken(c, event, 0, 10);
    const loser = await taken(c, event, 1, 10);
    const early = await pay(c, winner.code);
    expect(early.status).toBe(409);
    await finalize(c, event, [[0, 1]]);

    const before = await ledgerRows();
    const lost = await pay(c, loser.code);
    expect(lost.status).toBe(409);
    expect((await lost.json<{ error: { code: string } }>()).error.code).toBe("CONFLICT");

    const paid = await pay(c, winner.code);
    expect(paid.status).toBe(200);
    const ticket = await paid.json<Ticket>();
    expect(ticket).toMatchObject({ status: "PAID", returns: 30 });
    expect(ticket.paidAt).not.toBeNull();
    expect(await cashOf(c.book)).toEqual({ taken: 2000, paid: 3000, owed: 0 });
    expect(await ledgerRows()).toBe(before + 1);

    const again = await pay(c, winner.code, c.book.owner.token);
    expect(again.status).toBe(409);
    expect((await again.json<{ error: { code: string; paidAt: string } }>()).error).toMatchObject({
      code: "ALREADY_PAID",
      paidAt: ticket.paidAt,
    });
    expect(await ledgerRows()).toBe(before + 1);
    // One audit row, the clerk's: the refused payments wrote none.
    expect(await paidRows(c.book)).toEqual([{ actor: c.clerk.userId, code: winner.code, amount: 30 }]);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("of 30 payments of one ticket at once, exactly one pays", async () => {
    const c = await counterBook();
    const event = await newEvent(c.book, { items: runners(3) });
    const ticket = await taken(c, event, 0, 10);
    await finalize(c, event, [[0, 1]]);
    // The owner and his clerk, 15 payments each, racing one another.
    const tokens = [c.book.owner.token, c.clerk.token];
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => pay(c, ticket.code, tokens[i % 2])));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(await cashOf(c.book)).toEqual({ taken: 1000, paid: 3000, owed: 0 });
    expect(await paidRows(c.book)).toHaveLength(1);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("a payment whose batch fails before or after it lands is what D1 says", async () => {
    for (const fault of ["before", "after"] as const) {
      const c = await counterBook();
      const event = await newEvent(c.book, { items: runners(3) });
      const ticket = await taken(c, event, 0, 10);
      await finalize(c, event, [[0, 1]]);
      const res = await pay(c, ticket.code, c.clerk.token, faultyD1(env.DB, inOrder(fault)));
      expect(res.status).toBeGreaterThanOrEqual(500);
      const now = await check(c, ticket.code);
      expect(now.status).toBe(fault === "after" ? "PAID" : "WON");
      expect(await cashOf(c.book)).toEqual(
        fault === "after" ? { taken: 1000, paid: 3000, owed: 0 } : { taken: 1000, paid: 0, owed: 3000 },
      );
      // Its audit row landed with it, or not at all.
      expect(await paidRows(c.book)).toHaveLength(fault === "after" ? 1 : 0);
      // Paying again is refused once paid, and pays when it was not.
      expect((await pay(c, ticket.code)).status).toBe(fault === "after" ? 409 : 200);
    }
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("a counter bet's batch failing", () => {
  it("is what D1 says: lost before it lands, nothing taken; lost after, the ticket stands and its retry answers it", async () => {
    for (const fault of ["before", "after"] as const) {
      const c = await counterBook();
      const event = await newEvent(c.book, { items: runners(3) });
      // The bet's own batch (the ticket's cash, the stake, the bet, the ticket): the biggest the room sends.
      let failed = false;
      await injectFaults(event.id, (_, size) => (size >= 8 && !failed ? ((failed = true), fault) : null));
      const key = `pitch-${fault}`;
      const first = await take(c, event, 0, 10, { key });
      expect(failed).toBe(true);
      const tickets = await json<Ticket[]>("GET", `/counter/tickets?eventId=${event.id}`, { token: c.clerk.token });
      if (fault === "before") {
        expect(first.status).toBe(503);
        expect(tickets).toEqual([]);
        expect(await cashOf(c.book)).toEqual({ taken: 0, paid: 0, owed: 0 });
      } else {
        // The room reads the bet back and answers it; a retry with the key answers the same ticket.
        expect(first.status).toBe(201);
        const ticket = await first.json<Ticket>();
        expect(tickets.map((t) => t.code)).toEqual([ticket.code]);
        const again = await take(c, event, 0, 10, { key });
        expect((await again.json<Ticket>()).code).toBe(ticket.code);
        expect(await cashOf(c.book)).toEqual({ taken: 1000, paid: 0, owed: 0 });
      }
    }
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("the counter in Figures", () => {
  it("reconciles: cash taken − cash paid − cash owed = the counter's result, its stakes less its returns, to the cent", async () => {
    const c = await counterBook();
    const race = await newEvent(c.book, { items: runners(8), eachWay: { places: 3, fraction: 5 } });
    const tickets = [
      await taken(c, race, 0, 10.35),
      await taken(c, race, 1, 7.77, { eachWay: true }),
      await taken(c, race, 2, 3.33),
      await taken(c, race, 3, 12.01, { eachWay: true }),
      await taken(c, race, 7, 5),
    ];
    const punter = await newPunter(c.book, { coins: 50 });
    await placeBet(punter, c.book, race, 0, 20);
    await json("POST", `/events/${race.id}/nr/${race.items[7].id}`, { token: c.book.owner.token, body: {} });
    await finalize(c, race, [
      [0, 1],
      [3, 2],
      [1, 3],
    ]);
    await pay(c, tickets[0].code);
    await pay(c, tickets[4].code);

    const week = weeksAround(Date.now(), "UTC").thisWeek;
    const q = `from=${week.from}&to=${week.to}&tz=UTC`;
    const figures = await json<Figures>("GET", `/figures?${q}`, { token: c.book.owner.token });
    const now = await Promise.all(tickets.map((t) => check(c, t.code)));
    const cents = (n: number) => Math.round(n * 100);
    const staked = tickets.reduce((s, t) => s + cents(t.bet.money.amount) * (t.bet.eachWay ? 2 : 1), 0);
    const returned = now.reduce((s, t) => s + cents(t.returns), 0);
    const paid = now.filter((t) => t.status === "PAID").reduce((s, t) => s + cents(t.returns), 0);
    expect(figures.counter).toEqual({
      tickets: 5,
      taken: staked / 100,
      paid: paid / 100,
      owed: (returned - paid) / 100,
      result: (staked - returned) / 100,
    });
    const { taken: t, paid: p, owed: o, result: r } = figures.counter;
    expect(cents(t) - cents(p) - cents(o)).toBe(cents(r));
    // The punter is a punter; the tickets are not.
    expect(figures.punters.map((p) => p.userId)).toEqual([punter.userId]);

    const csv = (await (await call("GET", `/figures.csv?${q}`, { token: c.book.owner.token })).text()).split("\r\n");
    expect(csv.slice(-3, -1)).toEqual([
      "counter_tickets,cash_taken,cash_paid,cash_owed,counter_result",
      `5,${t.toFixed(2)},${p.toFixed(2)},${o.toFixed(2)},${r.toFixed(2)}`,
    ]);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("who reaches the counter", () => {
  it("a removed clerk, another book's owner or staff, and a punter reach no ticket; a refusal writes nothing", async () => {
    const c = await counterBook();
    const event = await newEvent(c.book, { items: runners(3) });
    const ticket = await taken(c, event, 0, 10);
    await finalize(c, event, [[0, 1]]);
    const other = await counterBook();
    const punter = await newPunter(c.book, { coins: 10 });
    const before = await ledgerRows();
    for (const token of [other.book.owner.token, other.clerk.token, punter.token]) {
      expect((await call("GET", `/counter/tickets/${ticket.code}`, { token })).status).toBe(404);
      expect((await pay(c, ticket.code, token)).status).toBe(404);
      expect((await take(c, event, 1, 5, { token })).status).toBeGreaterThanOrEqual(403);
    }
    await call("DELETE", `/bookmakers/${c.book.bookmakerId}/staff/${c.clerk.userId}`, { token: c.book.owner.token });
    expect((await pay(c, ticket.code)).status).toBe(404);
    expect((await take(c, event, 1, 5)).status).toBe(404);
    expect(await ledgerRows()).toBe(before);
    expect((await check(c, ticket.code, c.book.owner.token)).status).toBe("WON");
  });

  it("answers a retried counter bet with its ticket, taken once", async () => {
    const c = await counterBook();
    const event = await newEvent(c.book, { items: runners(3) });
    const [first, second] = await Promise.all([
      take(c, event, 0, 10, { key: "pitch-1" }),
      take(c, event, 0, 10, { key: "pitch-1" }),
    ]);
    const a = await first.json<Ticket>();
    const b = await second.json<Ticket>();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(b.code).toBe(a.code);
    expect(await cashOf(c.book)).toMatchObject({ taken: 1000 });
    const tickets = await json<Ticket[]>("GET", `/counter/tickets?eventId=${event.id}`, { token: c.clerk.token });
    expect(tickets.map((t) => t.code)).toEqual([a.code]);
  });

  it("lists an event's tickets by status", async () => {
    const c = await counterBook();
    const event = await newEvent(c.book, { items: runners(3) });
    const won = await taken(c, event, 0, 10);
    const lost = await taken(c, event, 1, 10);
    const paid = await taken(c, event, 0, 4);
    await finalize(c, event, [[0, 1]]);
    await pay(c, paid.code);
    const list = (status?: string) =>
      json<Ticket[]>("GET", `/counter/tickets?eventId=${event.id}${status ? `&status=${status}` : ""}`, {
        token: c.clerk.token,
      });
    expect((await list()).map((t) => [t.code, t.status])).toEqual([
      [paid.code, "PAID"],
      [lost.code, "LOST"],
      [won.code, "WON"],
    ]);
    expect((await list("WON")).map((t) => t.code)).toEqual([won.code]);
    expect(
      (await call("GET", `/counter/tickets?eventId=${event.id}&status=MAYBE`, { token: c.clerk.token })).status,
    ).toBe(400);
  });
});

describe("ticket codes", () => {
  it("are 10 of 32 symbols (50 bits), without 0, O, 1 or I, and do not repeat", () => {
    const codes = Array.from({ length: 5000 }, newTicketCode);
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(CODE_LENGTH * Math.log2(32)).toBeGreaterThanOrEqual(50);
    // Every symbol is drawn: none is left out of the alphabet's 32.
    expect(new Set(codes.join("")).size).toBe(32);
  });

  it("cannot be tried in bulk: past 20 lookups in 10 seconds a member of staff is refused 429", async () => {
    const c = await counterBook();
    // The limiter counts in windows of the wall clock (ours and the binding's, rate-limit.ts):
    // start with 3 seconds of one left, so all 25 lookups fall in it.
    const left = WINDOW_SECONDS * 1000 - (Date.now() % (WINDOW_SECONDS * 1000));
    if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const guesses = Array.from({ length: 25 }, newTicketCode);
    const statuses: number[] = [];
    const deployed = { TICKET_LIMIT: env.DEPLOYED_TICKET_LIMIT };
    for (const code of guesses)
      statuses.push((await call("GET", `/counter/tickets/${code}`, { token: c.clerk.token, env: deployed })).status);
    expect(statuses).toEqual([...Array(20).fill(404), ...Array(5).fill(429)]);
    // A malformed code is a bad input, named.
    const bad = await call("GET", "/counter/tickets/OOOO11110I", { token: c.book.owner.token });
    expect(bad.status).toBe(400);
  });
});
