import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { weeksAround } from "../../common/calendar";
import type { DailyFigure, Figure, Figures, Statement } from "../contract";
import { call, json, signIn } from "../test/api";
import { newEvent, placeBet } from "../test/events";
import { placeMultiple } from "../test/multiples";
import { newBook, newPunter, type TestBook } from "../test/world";

// Figures through the worker's fetch: the worked example, periods and time zones at
// their edges, and who may read what.

const week = (tz = "UTC") => weeksAround(Date.now(), tz).thisWeek;
const query = (p: { from: string; to: string }, tz = "UTC") => `from=${p.from}&to=${p.to}&tz=${encodeURIComponent(tz)}`;
const nextWeek = () => ({ from: addDays(week().from, 7), to: addDays(week().to, 7) });
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 864e5).toISOString().slice(0, 10);

const figures = (book: TestBook, q = query(week())) =>
  json<Figures>("GET", `/figures?${q}`, { token: book.owner.token });
const move = (book: TestBook, kind: "add" | "subtract", userId: number, amount: number) =>
  json("POST", `/balances/${kind}`, {
    token: book.owner.token,
    body: { userId, balance: { amount, currency: "COIN" } },
  });

const finalize = (book: TestBook, eventId: number, winners: number[]) =>
  json("POST", `/events/${eventId}/finalize`, { token: book.owner.token, body: { eventId, winners } });

/** The example: add 500, 100 at 2.00 wins, 100 at 3.00 loses, 30 refunded, subtract 50. */
async function workedExample() {
  const book = await newBook({ coins: 10_000 });
  const punter = await newPunter(book);
  await move(book, "add", punter.userId, 500);
  const race = await newEvent(book, {
    items: [
      ["Red Rum", 2],
      ["Shergar", 3],
    ],
  });
  await placeBet(punter, book, race, 0, 100);
  await placeBet(punter, book, race, 1, 100);
  await finalize(book, race.id, [race.items[0].id]);
  const voided = await newEvent(book);
  await placeBet(punter, book, voided, 0, 30);
  await json("POST", `/events/${voided.id}/abandon`, { token: book.owner.token });
  await move(book, "subtract", punter.userId, 50);
  return { book, punter };
}

describe("GET /figures", () => {
  it("gives the worked example's exact figures in its week and nothing in the next", async () => {
    const { book, punter } = await workedExample();
    const expected: Figure = {
      opening: 0,
      added: 500,
      withdrawn: 50,
      staked: 230,
      returned: 230,
      net: 0,
      closing: 450,
      openStakes: 0,
    };

    const now = await figures(book);
    expect(now.punters).toEqual([{ userId: punter.userId, username: punter.username, ...expected }]);
    expect(now.totals).toEqual(expected);
    expect(now.book).toEqual({ staked: 230, paidOut: 200, refunded: 30, hold: 0, holdPct: 0, openLiability: 0 });
    expect(now).toMatchObject({ ...week(), tz: "UTC" });

    const later = await figures(book, query(nextWeek()));
    expect(later.totals).toEqual({
      opening: 450,
      added: 0,
      withdrawn: 0,
      staked: 0,
      returned: 0,
      net: 0,
      closing: 450,
      openStakes: 0,
    });
    expect(later.book).toEqual({ staked: 0, paidOut: 0, refunded: 0, hold: 0, holdPct: null, openLiability: 0 });
  });

  it("counts a result undone and settled again once: what the undo took back lessens what was returned", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 500 });
    const race = await newEvent(book, {
      items: [
        ["Red Rum", 2],
        ["Shergar", 3],
      ],
    });
    await placeBet(punter, book, race, 0, 100);
    await finalize(book, race.id, [race.items[0].id]); // wrongly: Red Rum paid 200
    await json("POST", `/events/${race.id}/unsettle`, { token: book.owner.token });
    await finalize(book, race.id, [race.items[1].id]); // rightly: the bet lost
    const now = await figures(book);
    expect(now.punters[0]).toMatchObject({ opening: 0, added: 500, staked: 100, returned: 0, net: -100, closing: 400 });
    expect(now.book).toMatchObject({ staked: 100, paidOut: 0, refunded: 0 });
    const balance = await json<{ amount: number }>("GET", `/balances/${book.bookmakerId}`, { token: punter.token });
    expect(now.punters[0].closing).toBe(balance.amount);
  });

  it("closes today's period on the punter's balance", async () => {
    const { book, punter } = await workedExample();
    const balance = await json<{ amount: number }>("GET", `/balances/${book.bookmakerId}`, { token: punter.token });
    expect((await figures(book)).punters[0].closing).toBe(balance.amount);
  });

  it("counts open stakes and the worst outcome's payout as open liability", async () => {
    const book = await newBook({ coins: 10_000 });
    const [a, b] = [await newPunter(book, { coins: 100 }), await newPunter(book, { coins: 100 })];
    const race = await newEvent(book, {
      items: [
        ["Red Rum", 2],
        ["Shergar", 3],
      ],
    });
    await placeBet(a, book, race, 0, 10); // pays 20
    await placeBet(b, book, race, 0, 5); // pays 10
    await placeBet(b, book, race, 1, 10); // pays 30
    const f = await figures(book);
    expect(f.punters.map((p) => p.openStakes).sort()).toEqual([10, 15]);
    expect(f.totals.openStakes).toBe(25);
    expect(f.book.openLiability).toBe(30);
    expect(f.book.hold).toBe(0);
  });

  it("takes the hold on settled bets and the hold % on stakes that were not refunded", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const race = await newEvent(book, {
      items: [
        ["Red Rum", 2],
        ["Shergar", 3],
      ],
    });
    await placeBet(punter, book, race, 0, 40);
    await finalize(book, race.id, [race.items[1].id]);
    const f = await figures(book);
    expect(f.book).toMatchObject({ staked: 40, paidOut: 0, hold: 40, holdPct: 100 });
    expect(f.punters[0]).toMatchObject({ staked: 40, returned: 0, net: -40, closing: 60 });
  });

  it("counts a multiple's stake when struck, its potential payout as open liability, and its return when paid", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const odds: [string, number][] = [
      ["Red Rum", 2],
      ["Shergar", 3],
    ];
    const [a, b] = [await newEvent(book, { items: odds }), await newEvent(book, { items: odds })];
    await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [a, 0],
        [b, 1],
      ],
      10,
    ); // pays 60
    const open = await figures(book);
    expect(open.punters[0]).toMatchObject({ staked: 10, openStakes: 10, closing: 90 });
    expect(open.book.openLiability).toBe(60);
    await finalize(book, a.id, [a.items[0].id]);
    expect((await figures(book)).punters[0].openStakes).toBe(10);
    await finalize(book, b.id, [b.items[1].id]);
    const paid = await figures(book);
    expect(paid.punters[0]).toMatchObject({ staked: 10, returned: 60, net: 50, closing: 150, openStakes: 0 });
    expect(paid.book).toMatchObject({ staked: 10, paidOut: 60, hold: -50, openLiability: 0 });
    const f = paid.punters[0];
    expect(f.opening + f.added - f.withdrawn - f.staked + f.returned).toBe(f.closing);
  });

  it("lists an approved punter who did nothing, with zeros", async () => {
    const book = await newBook();
    const idle = await newPunter(book);
    const f = await figures(book);
    expect(f.punters).toEqual([
      {
        userId: idle.userId,
        username: idle.username,
        opening: 0,
        added: 0,
        withdrawn: 0,
        staked: 0,
        returned: 0,
        net: 0,
        closing: 0,
        openStakes: 0,
      },
    ]);
  });

  it("defaults to this week in UTC", async () => {
    const book = await newBook();
    expect(await json<Figures>("GET", "/figures", { token: book.owner.token })).toMatchObject({ ...week(), tz: "UTC" });
  });
});

describe("periods and time zones", () => {
  /** A punter whose 100 coins came last week and whose 10-coin bet is placed at `betAt`. */
  async function betAt(betAt: string) {
    const book = await newBook({ coins: 1_000 });
    const punter = await newPunter(book, { coins: 100 });
    const race = await newEvent(book);
    await placeBet(punter, book, race, 0, 10);
    // Time passing is the one thing a test cannot wait for: the rows are moved back instead.
    await env.DB.batch([
      env.DB.prepare(
        `UPDATE ledger SET created_at = '2026-11-01T12:00:00.000Z' WHERE pool_owner_id = ?1 AND kind IN ('ALLOCATE', 'PURCHASE')`,
      ).bind(book.owner.userId),
      env.DB.prepare(`UPDATE ledger SET created_at = ?2 WHERE pool_owner_id = ?1 AND kind = 'STAKE'`).bind(
        book.owner.userId,
        betAt,
      ),
      env.DB.prepare(`UPDATE bets SET created_at = ?2 WHERE bookmaker_id = ?1`).bind(book.bookmakerId, betAt),
    ]);
    return book;
  }
  const THIS = { from: "2026-11-16", to: "2026-11-22" };
  const NEXT = { from: "2026-11-23", to: "2026-11-29" };

  it("puts a bet at 23:30 on Sunday in New York in that week, though it is Monday in UTC", async () => {
    const book = await betAt("2026-11-23T04:30:00.000Z");
    expect((await figures(book, query(THIS, "America/New_York"))).totals).toMatchObject({
      opening: 100,
      staked: 10,
      closing: 90,
      openStakes: 10,
    });
    expect((await figures(book, query(NEXT, "America/New_York"))).totals).toMatchObject({
      opening: 90,
      staked: 0,
      closing: 90,
    });
    expect((await figures(book, query(THIS))).totals).toMatchObject({ staked: 0, closing: 100 });
    expect((await figures(book, query(NEXT))).totals).toMatchObject({ staked: 10, closing: 90 });
  });

  it("starts the next week at local midnight on Monday, to the millisecond", async () => {
    const book = await betAt("2026-11-23T05:00:00.000Z"); // 00:00 Monday in New York
    expect((await figures(book, query(THIS, "America/New_York"))).totals.staked).toBe(0);
    expect((await figures(book, query(NEXT, "America/New_York"))).totals.staked).toBe(10);
  });

  it("splits days at local midnight for a one-day period east of UTC", async () => {
    const book = await betAt("2026-11-22T18:29:59.999Z"); // 23:59:59.999 on the 22nd in Kolkata
    expect((await figures(book, query({ from: "2026-11-22", to: "2026-11-22" }, "Asia/Kolkata"))).totals.staked).toBe(
      10,
    );
    expect((await figures(book, query({ from: "2026-11-23", to: "2026-11-23" }, "Asia/Kolkata"))).totals.staked).toBe(
      0,
    );
  });
});

describe("GET /figures/daily", () => {
  it("gives the last N days oldest first, empty days as zeros", async () => {
    const { book } = await workedExample();
    const days = await json<DailyFigure[]>("GET", "/figures/daily?days=7", { token: book.owner.token });
    expect(days).toHaveLength(7);
    expect(days[6]).toEqual({ date: new Date().toISOString().slice(0, 10), staked: 230, returned: 230, hold: 0 });
    expect(days.slice(0, 6).every((d) => d.staked === 0 && d.returned === 0 && d.hold === 0)).toBe(true);
    expect(days[0].date < days[6].date).toBe(true);
  });

  it("defaults to 30 days", async () => {
    const book = await newBook();
    expect(
      await json<DailyFigure[]>("GET", "/figures/daily?tz=Europe/London", { token: book.owner.token }),
    ).toHaveLength(30);
  });
});

describe("a punter's figures", () => {
  it("gives the punter his own figure", async () => {
    const { book, punter } = await workedExample();
    const mine = await json<Figure>("GET", `/figures/${book.bookmakerId}/mine?${query(week())}`, {
      token: punter.token,
    });
    expect(mine).toEqual({
      opening: 0,
      added: 500,
      withdrawn: 50,
      staked: 230,
      returned: 230,
      net: 0,
      closing: 450,
      openStakes: 0,
    });
  });

  it("gives the bookmaker a punter's statement with his bets and coin movements, newest first", async () => {
    const { book, punter } = await workedExample();
    const s = await json<Statement>("GET", `/figures/punters/${punter.userId}?${query(week())}`, {
      token: book.owner.token,
    });
    expect(s.punter).toMatchObject({ userId: punter.userId, closing: 450 });
    expect(s.bets.map((b) => [b.money.amount, b.status])).toEqual([
      [30, "CANCELLED"],
      [100, "LOST"],
      [100, "WON"],
    ]);
    expect(s.movements.map((m) => [m.kind, m.amount])).toEqual([
      ["WITHDRAW", -50],
      ["REFUND", 30],
      ["STAKE", -30],
      ["PAYOUT", 200],
      ["STAKE", -100],
      ["STAKE", -100],
      ["ALLOCATE", 500],
    ]);
  });
});

describe("who may read figures", () => {
  it("refuses a punter the book's figures, daily figures, statements and CSV", async () => {
    const { book, punter } = await workedExample();
    for (const path of [
      "/figures",
      "/figures/daily",
      `/figures/punters/${punter.userId}`,
      "/figures.csv",
      "/balances/ledger.csv",
    ]) {
      expect((await call("GET", path, { token: punter.token })).status, path).toBe(404);
    }
    expect((await call("GET", "/figures")).status).toBe(401);
    void book;
  });

  it("shows a bookmaker only his own punters' statements", async () => {
    const { punter } = await workedExample();
    const other = await newBook();
    expect((await call("GET", `/figures/punters/${punter.userId}`, { token: other.owner.token })).status).toBe(404);
  });

  it("gives a user only his own figures, and none with a book he never joined", async () => {
    const { book } = await workedExample();
    const stranger = await signIn("stranger");
    const res = await call("GET", `/figures/${book.bookmakerId}/mine`, { token: stranger.token });
    expect(res.status).toBe(404);
    expect((await call("GET", `/figures/99999999/mine`, { token: stranger.token })).status).toBe(404);
  });
});

describe("input", () => {
  const cases: [string, string][] = [
    ["tz=Mars/Olympus", "tz"],
    ["from=2026-02-30&to=2026-03-01", "from"],
    ["from=2026-11-16", "to"],
    ["to=2026-11-16", "from"],
    ["from=2026-11-16&to=2026-11-15", "to"],
    ["from=2025-01-01&to=2026-11-15", "to"],
    ["from=yesterday&to=today", "from"],
    ["tz=a&tz=b", "tz"],
  ];
  it.each(cases)("answers ?%s with 400 naming %s", async (q, field) => {
    const book = await newBook();
    const res = await call("GET", `/figures?${q}`, { token: book.owner.token });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { field: string } }>()).error.field).toBe(field);
  });

  it.each([
    ["days=0", "days"],
    ["days=367", "days"],
    ["days=ten", "days"],
    ["tz=Nowhere", "tz"],
  ])("answers /figures/daily?%s with 400 naming %s", async (q, field) => {
    const book = await newBook();
    const res = await call("GET", `/figures/daily?${q}`, { token: book.owner.token });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { field: string } }>()).error.field).toBe(field);
  });

  it("answers 304 to a poll that changed nothing", async () => {
    const book = await newBook();
    const first = await call("GET", `/figures?${query(week())}`, { token: book.owner.token });
    const etag = first.headers.get("ETag")!;
    expect(etag).toBeTruthy();
    expect(
      (await call("GET", `/figures?${query(week())}`, { token: book.owner.token, headers: { "If-None-Match": etag } }))
        .status,
    ).toBe(304);
  });
});
