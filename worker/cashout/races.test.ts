import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bet, BookmakerEvent, ErrorBody, Multiple } from "../contract";
import { call, json, type TestUser } from "../test/api";
import { coins, placeBet, roomStub } from "../test/events";
import { runInDurableObject } from "cloudflare:test";
import type { EventRoom } from "../events/room/room";
import { faultyD1, inOrder, injectFaults, expectRoomMatchesD1 } from "../test/faulty-d1";
import { finalize, placeDouble, race } from "../test/multiples";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";

// A cash-out races what else can happen to its bet: a second cash-out, a non-runner, a price
// move, the result, abandonment; and D1 fails under it. Exactly one thing happens to a bet, each
// coin moves once, and what the punter is told is what D1 holds.

const PARALLEL = 30;

const cashOut = (punter: TestUser, betId: number, value: number, headers?: Record<string, string>) =>
  call("POST", `/bets/${betId}/cashout`, { token: punter.token, body: { value }, headers });

const code = async (res: Response) => (await res.json<ErrorBody>()).error.code;

/** A book with cash out on (margin 0.05) and a race: Runner 1 at 4/1, Runner 2 at 2/1, Runner 3 at 5/1; Rule 4 on. */
async function world() {
  const book = await newBook({ coins: 100_000 });
  await json("PUT", `/bookmakers/${book.bookmakerId}/cashout`, {
    token: book.owner.token,
    body: { enabled: true, margin: 0.05 },
  });
  const event = await race(book, [5, 3, 6], { rule4: true });
  return { book, event };
}

/** Each coin of each bet moved once: no bet with more than one payout or refund row. */
async function paidTwice(eventId: number) {
  const { results } = await env.DB.prepare(
    `SELECT l.ref, COUNT(*) AS n FROM ledger l WHERE l.kind IN ('PAYOUT', 'REFUND')
       AND l.ref IN (SELECT 'bet:' || id FROM bets WHERE event_id = ?1) GROUP BY l.ref HAVING n > 1`,
  )
    .bind(eventId)
    .all();
  return results;
}

/**
 * `PARALLEL` punters of one book, made once for the file and given a new race by each case that
 * needs a crowd (the cases time the races, not signing thirty punters in).
 */
let crowd: { book: TestBook; punters: TestUser[] } | undefined;

/** The crowd's book, a new race of it, and each punter backing Runner 1 for 10 (a cash-out worth 9.50 at 4/1 now); `left` is his coins then. */
async function backers() {
  if (!crowd) {
    const { book } = await world();
    const punters = await Promise.all(Array.from({ length: PARALLEL }, () => newPunter(book, { coins: 1000 })));
    crowd = { book, punters };
  }
  const { book, punters } = crowd;
  const event = await race(book, [5, 3, 6], { rule4: true });
  const all: { punter: TestUser; bet: Bet; left: number }[] = [];
  for (const punter of punters) {
    const bet = await placeBet(punter, book, event, 0, 10);
    all.push({ punter, bet, left: await coins(punter.token, book.bookmakerId) });
  }
  return { book, event, all };
}

const statusOf = async (betId: number) =>
  (await env.DB.prepare(`SELECT status, payout_cents, deduction FROM bets WHERE id = ?1`).bind(betId).first<{
    status: string;
    payout_cents: number;
    deduction: number;
  }>())!;

describe(`cash-outs at ${PARALLEL} in parallel`, () => {
  it("of the same bet: exactly one wins, paid once", { timeout: 60_000 }, async () => {
    const { book, event } = await world();
    const punter = await newPunter(book, { coins: 100 });
    const placed = await placeBet(punter, book, event, 0, 10);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => cashOut(punter, placed.betId, 9.5)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((r) => r.status !== 200)) expect(await code(r)).toBe("CASH_OUT_UNAVAILABLE");
    expect(await coins(punter.token, book.bookmakerId)).toBe(99.5);
    expect(await paidTwice(event.id)).toEqual([]);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  const changes: [
    string,
    (book: TestBook, e: BookmakerEvent) => Promise<Response>,
    (s: { status: string; payout_cents: number; deduction: number }) => void,
  ][] = [
    [
      "a non-runner",
      (book, e) => call("POST", `/events/${e.id}/nr/${e.items[1].id}`, { token: book.owner.token }),
      (s) => expect(s).toEqual({ status: "ACCEPTED", payout_cents: 0, deduction: 30 }),
    ],
    [
      "a price move",
      (book, e) =>
        call("POST", `/events/${e.id}/coefficients`, {
          token: book.owner.token,
          body: { items: [{ id: e.items[0].id, coefficient: 3 }] },
        }),
      (s) => expect(s.status).toBe("ACCEPTED"),
    ],
    [
      "the result",
      (book, e) =>
        call("POST", `/events/${e.id}/finalize`, {
          token: book.owner.token,
          body: { eventId: e.id, winners: [e.items[0].id] },
        }),
      (s) => expect(s).toMatchObject({ status: "WON", payout_cents: 5000 }),
    ],
    [
      "abandonment",
      (book, e) => call("POST", `/events/${e.id}/abandon`, { token: book.owner.token }),
      (s) => expect(s.status).toBe("CANCELLED"),
    ],
  ];

  for (const [name, change, otherwise] of changes)
    it(
      `racing ${name}: each bet cashed out at its value or changed by it, never both`,
      { timeout: 60_000 },
      async () => {
        const { book, event, all } = await backers();
        const [changed, ...answers] = await Promise.all([
          change(book, event),
          ...all.map(({ punter, bet }) => cashOut(punter, bet.betId, 9.5)),
        ]);
        expect(changed.status).toBe(200);
        for (const [i, { punter, bet, left }] of all.entries()) {
          const s = await statusOf(bet.betId);
          if (answers[i].status === 200) {
            expect(s).toEqual({ status: "CASHED_OUT", payout_cents: 950, deduction: 0 });
            expect(await coins(punter.token, book.bookmakerId)).toBe(left + 9.5);
          } else {
            expect(["CASH_OUT_CHANGED", "CASH_OUT_UNAVAILABLE"]).toContain(await code(answers[i]));
            otherwise(s);
          }
        }
        expect(await paidTwice(event.id)).toEqual([]);
        expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
        await expectRoomMatchesD1(event.id);
      },
    );

  it("of the same multiple, racing its last leg's result: one thing happens to it", { timeout: 60_000 }, async () => {
    const { book } = await world();
    const punter = await newPunter(book, { coins: 100 });
    const first = await race(book, [2, 3]);
    const second = await race(book, [3, 4]);
    const double = await placeDouble(punter, book, first, second, 10);
    await finalize(book, first, [0]);
    // 10 × 2 × 3/3 × 0.95
    const answers = await Promise.all([
      call("POST", `/events/${second.id}/finalize`, {
        token: book.owner.token,
        body: { eventId: second.id, winners: [second.items[0].id] },
      }),
      ...Array.from({ length: PARALLEL }, () =>
        call("POST", `/bets/multiple/${double.multipleId}/cashout`, { token: punter.token, body: { value: 19 } }),
      ),
    ]);
    expect(answers[0].status).toBe(200);
    const won = answers.slice(1).filter((r) => r.status === 200);
    const m = await json<Multiple[]>("GET", `/bets/${book.bookmakerId}/multiples`, { token: punter.token });
    if (won.length === 1) expect(m[0]).toMatchObject({ status: "CASHED_OUT", payout: 19 });
    else {
      expect(won).toHaveLength(0);
      expect(m[0]).toMatchObject({ status: "WON", payout: 60 });
    }
    expect(await coins(punter.token, book.bookmakerId)).toBe(90 + m[0].payout);
    const rows = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger WHERE ref = ?1 AND kind = 'PAYOUT'`)
      .bind(`multiple:${double.multipleId}`)
      .first<number>("n");
    expect(rows).toBe(1);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("cash-outs written together", () => {
  // Thirty punters set up and thirty cash-outs racing: a budget that holds on a busy machine.
  it("one refused in a group sinks none of the others", { timeout: 60_000 }, async () => {
    const { event, all } = await backers();
    const victim = all[PARALLEL - 1].bet.betId;
    // Another writer settles one bet just before the room's second batch: the first cash-out
    // goes alone, the others queue meanwhile and go together in the second.
    await runInDurableObject(roomStub(event.id), (room: EventRoom) => {
      const real = (room as unknown as { env: { DB: D1Database } }).env.DB;
      let batches = 0;
      room.db = {
        prepare: (query: string) => real.prepare(query),
        exec: (query: string) => real.exec(query),
        withSession: (constraint?: D1SessionConstraint) => real.withSession(constraint),
        async batch<T>(statements: D1PreparedStatement[]) {
          if (++batches === 2) {
            await real.prepare(`UPDATE bets SET status = 'CANCELLED' WHERE id = ?1`).bind(victim).run();
          }
          return real.batch<T>(statements);
        },
      } as D1Database;
    });
    const answers = await Promise.all(all.map(({ punter, bet }) => cashOut(punter, bet.betId, 9.5)));
    const refused = answers.flatMap((r, i) => (r.status === 200 ? [] : [all[i].bet.betId]));
    // The last punter's cash-out rides in that group or a later one: it alone is refused.
    expect(refused).toEqual([victim]);
    for (const { bet } of all)
      expect((await statusOf(bet.betId)).status).toBe(bet.betId === victim ? "CANCELLED" : "CASHED_OUT");
    await injectFaults(event.id, () => null);
  });
});

describe("D1 failing under a cash-out", () => {
  it("before the room's batch: nothing moved, 503, and the bet can be cashed out again", async () => {
    const { book, event } = await world();
    const punter = await newPunter(book, { coins: 100 });
    const placed = await placeBet(punter, book, event, 0, 10);
    await injectFaults(event.id, inOrder("before"));
    const res = await cashOut(punter, placed.betId, 9.5);
    expect(res.status).toBe(503);
    expect((await statusOf(placed.betId)).status).toBe("ACCEPTED");
    expect(await coins(punter.token, book.bookmakerId)).toBe(90);
    await expectRoomMatchesD1(event.id);
    expect((await cashOut(punter, placed.betId, 9.5)).status).toBe(200);
  });

  it("after the room's batch (its answer lost): answered as D1 says, and a retry of the key replays it", async () => {
    const { book, event } = await world();
    const punter = await newPunter(book, { coins: 100 });
    const placed = await placeBet(punter, book, event, 0, 10);
    await injectFaults(event.id, inOrder("after"));
    const headers = { "Idempotency-Key": `cash-lost-${placed.betId}` };
    const res = await cashOut(punter, placed.betId, 9.5, headers);
    expect(res.status).toBe(200);
    const retry = await cashOut(punter, placed.betId, 9.5, headers);
    expect(await retry.json()).toEqual(await res.json());
    expect(await coins(punter.token, book.bookmakerId)).toBe(99.5);
    await expectRoomMatchesD1(event.id);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("a multiple's batch failing before or after: both-or-neither, the answer as D1 says", async () => {
    const { book } = await world();
    const punter = await newPunter(book, { coins: 100 });
    const double = await placeDouble(punter, book, await race(book, [2, 3]), await race(book, [3, 4]), 10);
    // 10 × 2/2 × 3/3 × 0.95
    const path = `/bets/multiple/${double.multipleId}/cashout`;
    const before = await call("POST", path, {
      token: punter.token,
      body: { value: 9.5 },
      env: { DB: faultyD1(env.DB, inOrder("before")) },
    });
    expect(before.status).toBe(503);
    expect(await coins(punter.token, book.bookmakerId)).toBe(90);
    const after = await call("POST", path, {
      token: punter.token,
      body: { value: 9.5 },
      env: { DB: faultyD1(env.DB, inOrder("after")) },
    });
    expect(after.status).toBe(200);
    expect(await after.json<Multiple>()).toMatchObject({ status: "CASHED_OUT", payout: 9.5 });
    expect(await coins(punter.token, book.bookmakerId)).toBe(99.5);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});
