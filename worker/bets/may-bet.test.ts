import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../contract";
import { bet, coins, newEvent, startEvent } from "../test/events";
import { tryMultiple, type Selection } from "../test/multiples";
import { json } from "../test/api";
import { newBook, newPunter, type TestBook } from "../test/world";
import type { TestUser } from "../test/api";
import { outcomeOpenSql, outcomeRefusal } from "./may-bet";

// May this punter bet on this outcome now: one rule (may-bet.ts) on every door that strikes a
// bet. Its SQL says what its TypeScript says, and a single and a multiple's leg are refused the
// same things in the same words.

const NOW = Date.parse("2026-06-01T12:00:00.000Z");
const BEFORE = "2026-06-01T11:59:59.999Z";
const AFTER = "2026-06-01T12:00:00.001Z";

describe("the rule in TypeScript and in SQL", () => {
  const events = ["CREATED", "READY_FOR_BETS", "SUSPENDED", "WAITING_FOR_RESULT", "CALCULATED", "ABANDONED"];
  const outcomes = ["ACTIVE", "NR", "WITHDRAWN"];
  const cases = events.flatMap((status) =>
    [BEFORE, AFTER].flatMap((startDate) => outcomes.map((outcome) => ({ status, startDate, outcome }))),
  );

  it.each(cases)("agree for an event $status starting $startDate, an outcome $outcome", async (c) => {
    const refused = outcomeRefusal(
      { status: c.status, startDate: c.startDate },
      { title: "A", status: c.outcome },
      NOW,
    );
    const row = await env.DB.prepare(
      `SELECT ${outcomeOpenSql("e", "i", "?1")} AS open
       FROM (SELECT ?2 AS status, ?3 AS start_date) e, (SELECT ?4 AS status) i`,
    )
      .bind(new Date(NOW).toISOString(), c.status, c.startDate, c.outcome)
      .first<{ open: number }>();
    expect(row!.open === 1).toBe(refused === null);
  });

  it("takes a bet only on a running outcome of an event taking bets, not yet started", () => {
    const open = cases.filter((c) => !outcomeRefusal(c, { title: "A", status: c.outcome }, NOW));
    expect(open).toEqual([{ status: "READY_FOR_BETS", startDate: AFTER, outcome: "ACTIVE" }]);
  });
});

describe("both doors", () => {
  /** What a single on `leg` and a double on it and another open event are each answered. */
  async function bothDoors(punter: TestUser, book: TestBook, leg: Selection, other: Selection) {
    const single = await bet(punter, book, leg[0], leg[1], 1);
    const double = await tryMultiple(punter, book, "DOUBLE", [leg, other], 1);
    const error = async (res: Response) => [res.status, (await res.json<ErrorBody>()).error.message];
    return { single: await error(single), double: await error(double) };
  }

  async function setUp(o: { active?: boolean } = {}) {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const [event, other] = [
      await newEvent(book, {
        items: [
          ["Red Rum", 2],
          ["Shergar", 3],
          ["Arkle", 4],
        ],
      }),
      await newEvent(book, {
        items: [
          ["Frankel", 2],
          ["Kauto Star", 3],
        ],
      }),
    ];
    return { book, punter, event, other, ...o };
  }

  it("refuse a withdrawn outcome alike", async () => {
    const { book, punter, event, other } = await setUp();
    await json("POST", `/events/${event.id}/nr/${event.items[0].id}`, { token: book.owner.token });
    const answers = await bothDoors(punter, book, [event, 0, 2], [other, 0]);
    expect(answers.single).toEqual([409, "Red Rum is withdrawn."]);
    expect(answers.double).toEqual(answers.single);
  });

  it("refuse an event that has started alike", async () => {
    const { book, punter, event, other } = await setUp();
    await startEvent(event.id);
    const answers = await bothDoors(punter, book, [event, 1], [other, 0]);
    expect(answers.double).toEqual(answers.single);
    expect(answers.single[0]).toBe(409);
  });

  it("refuse an event taken back to draft alike", async () => {
    const { book, punter, event, other } = await setUp();
    await json("POST", `/events/${event.id}/draft`, { token: book.owner.token });
    const answers = await bothDoors(punter, book, [event, 1], [other, 0]);
    expect(answers.double).toEqual(answers.single);
    expect(answers.single[0]).toBe(409);
  });

  it("refuse a book whose subscription lapsed alike", async () => {
    const { book, punter, event, other } = await setUp();
    await env.DB.prepare(`UPDATE user_subscriptions SET end_date = ?2 WHERE user_id = ?1 AND type = 'BOOKMAKER'`)
      .bind(book.owner.userId, new Date(Date.now() - 1000).toISOString())
      .run();
    const answers = await bothDoors(punter, book, [event, 1], [other, 0]);
    expect(answers.double).toEqual(answers.single);
    expect(answers.single[0]).toBe(409);
    expect(await coins(punter.token, book.bookmakerId)).toBe(100);
  });

  it("refuse someone who is not the book's approved punter alike", async () => {
    const { book, event, other } = await setUp();
    const stranger = await newPunter(await newBook({ coins: 100 }), { coins: 10 });
    const answers = await bothDoors(stranger, book, [event, 1], [other, 0]);
    expect(answers.double).toEqual(answers.single);
    expect(answers.single[0]).toBe(403);
  });
});
