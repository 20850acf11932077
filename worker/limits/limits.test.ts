import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookBalances, BookLimits, BookmakerEvent, ErrorBody, PlayerEvent, PunterLimits } from "../contract";
import { PAYOUT_SQL, PLACE_ONLY_SQL } from "../ledger/settlement";
import { call, json, signIn, type TestUser } from "../test/api";
import { bet, newEvent } from "../test/events";
import { faultyD1, inOrder } from "../test/faulty-d1";
import { newBook, newPunter, type TestBook } from "../test/world";

// Limits (docs/rules/limits.md, "Limits"): the book's defaults and a punter's own, set by the
// bookmaker, shown in his balances, enforced by the event's room and offered in the punter's list.

const FOOTBALL = "Football / United Kingdom"; // no each-way terms

/** A match with no each-way terms: Home at 2, Draw at 3, Away at 4; `drawless`: Home and Away at 2. */
const match = (book: TestBook, drawless = false) =>
  newEvent(book, {
    title: FOOTBALL,
    items: drawless
      ? [
          ["Home", 2],
          ["Away", 2],
        ]
      : [
          ["Home", 2],
          ["Draw", 3],
          ["Away", 4],
        ],
  });

const setBookLimits = (book: TestBook, body: Record<string, unknown>) =>
  call("PUT", `/bookmakers/${book.bookmakerId}/limits`, { token: book.owner.token, body });

const setPunterLimits = (book: TestBook, punter: TestUser, limits: Partial<PunterLimits>) =>
  json<PunterLimits>("PUT", "/balances/limits", {
    token: book.owner.token,
    body: { userId: punter.userId, maxStake: null, maxPayoutPerEvent: null, ...limits },
  });

const refusal = async (res: Response) => ({ status: res.status, ...(await res.json<ErrorBody>()).error });

const offered = async (punter: TestUser, book: TestBook, eventId: number) =>
  (await json<PlayerEvent[]>("GET", `/player/events/${book.bookmakerId}`, { token: punter.token }))
    .find((e) => e.eventId === eventId)!
    .items.map((i) => ({ maxStake: i.maxStake, eachWayMaxStake: i.eachWayMaxStake }));

/** What one punter's accepted bets on an event pay on its worst result, tried over every winner and set of placed outcomes. */
async function punterWorst(eventId: number, userId: number, places: number) {
  const { results } = await env.DB.prepare(
    `SELECT SUM(${PAYOUT_SQL}) AS win, SUM(CASE b.part WHEN 'PLACE' THEN ${PLACE_ONLY_SQL} ELSE 0 END) AS place
     FROM bets b WHERE b.event_id = ?1 AND b.user_id = ?2 AND b.status = 'ACCEPTED' GROUP BY b.item_id`,
  )
    .bind(eventId, userId)
    .all<{ win: number; place: number }>();
  let worst = 0;
  for (const winner of results) {
    const others = results
      .filter((r) => r !== winner)
      .map((r) => r.place)
      .sort((a, b) => b - a)
      .slice(0, places - 1);
    worst = Math.max(worst, winner.win + others.reduce((sum, p) => sum + p, 0));
  }
  return worst;
}

describe("setting limits", () => {
  it("sets the book's defaults and a punter's own, and shows both in the balances", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 10 });
    const res = await setBookLimits(book, { maxStake: 50, maxPayoutPerEvent: 1000.5, maxMultiplesPayout: null });
    expect(res.status).toBe(200);
    expect(await res.json<BookLimits>()).toEqual({
      maxStake: 50,
      maxPayoutPerEvent: 1000.5,
      maxMultiplesPayout: 10_000,
    });
    expect(await setPunterLimits(book, punter, { maxStake: 20 })).toEqual({ maxStake: 20, maxPayoutPerEvent: null });
    const balances = await json<BookBalances>("GET", "/balances", { token: book.owner.token });
    expect(balances.limits).toEqual({ maxStake: 50, maxPayoutPerEvent: 1000.5, maxMultiplesPayout: 10_000 });
    expect(balances.punters[0].limits).toEqual({ maxStake: 20, maxPayoutPerEvent: null });
    const capped = await setBookLimits(book, { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 2500 });
    expect(await capped.json()).toEqual({ maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 2500 });
  });

  it("changes the balances' ETag when limits change", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    const first = await call("GET", "/balances", { token: book.owner.token });
    const etag = first.headers.get("ETag")!;
    const unchanged = await call("GET", "/balances", { token: book.owner.token, headers: { "If-None-Match": etag } });
    expect(unchanged.status).toBe(304);
    await setPunterLimits(book, punter, { maxPayoutPerEvent: 300 });
    const afterPunter = await call("GET", "/balances", { token: book.owner.token, headers: { "If-None-Match": etag } });
    expect(afterPunter.status).toBe(200);
    await setBookLimits(book, { maxStake: 5, maxPayoutPerEvent: null, maxMultiplesPayout: null });
    const afterBook = await call("GET", "/balances", {
      token: book.owner.token,
      headers: { "If-None-Match": afterPunter.headers.get("ETag")! },
    });
    expect(afterBook.status).toBe(200);
    expect((await afterBook.json<BookBalances>()).limits.maxStake).toBe(5);
  });

  it("is the bookmaker's alone: a punter is refused 403, another book's or a pending punter too", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    const body = { maxStake: 1, maxPayoutPerEvent: null, maxMultiplesPayout: null };
    const byPunter = await call("PUT", `/bookmakers/${book.bookmakerId}/limits`, { token: punter.token, body });
    expect(await refusal(byPunter)).toMatchObject({ status: 403, code: "FORBIDDEN" });
    const other = await newBook();
    const byOther = await call("PUT", `/bookmakers/${book.bookmakerId}/limits`, { token: other.owner.token, body });
    expect(byOther.status).toBe(403);
    expect((await call("PUT", "/bookmakers/999999999/limits", { token: book.owner.token, body })).status).toBe(404);

    const own = { userId: punter.userId, maxStake: 1000, maxPayoutPerEvent: null };
    // A punter has no book of his own to set limits in; another bookmaker does not have him.
    expect((await call("PUT", "/balances/limits", { token: punter.token, body: own })).status).toBe(404);
    expect((await call("PUT", "/balances/limits", { token: other.owner.token, body: own })).status).toBe(404);
    const pending = await signIn("pending");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: pending.token });
    const res = await call("PUT", "/balances/limits", {
      token: book.owner.token,
      body: { ...own, userId: pending.userId },
    });
    expect(res.status).toBe(403);
    const balances = await json<BookBalances>("GET", "/balances", { token: book.owner.token });
    expect(balances.punters[0].limits).toEqual({ maxStake: null, maxPayoutPerEvent: null });
  });

  it("refuses bad bodies 400, naming the field", async () => {
    const book = await newBook();
    const punter = await newPunter(book);
    const good = { maxStake: 10, maxPayoutPerEvent: 100, maxMultiplesPayout: 1000 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, maxStake: 0 }, "maxStake"],
      [{ ...good, maxStake: -5 }, "maxStake"],
      [{ ...good, maxStake: 1.234 }, "maxStake"],
      [{ ...good, maxPayoutPerEvent: "100" }, "maxPayoutPerEvent"],
      [{ maxStake: 10, maxMultiplesPayout: 5 }, "maxPayoutPerEvent"],
      [{ ...good, maxMultiplesPayout: 1e12 }, "maxMultiplesPayout"],
    ];
    for (const [body, field] of cases) {
      const res = await setBookLimits(book, body);
      expect({ field, ...(await refusal(res)) }).toMatchObject({ status: 400, code: "VALIDATION", field });
    }
    const punterCases: [Record<string, unknown>, string][] = [
      [{ maxStake: 10, maxPayoutPerEvent: null }, "userId"],
      [{ userId: punter.userId, maxStake: 0.001, maxPayoutPerEvent: null }, "maxStake"],
      [{ userId: punter.userId, maxStake: null, maxPayoutPerEvent: false }, "maxPayoutPerEvent"],
    ];
    for (const [body, field] of punterCases) {
      const res = await call("PUT", "/balances/limits", { token: book.owner.token, body });
      expect({ field, ...(await refusal(res)) }).toMatchObject({ status: 400, code: "VALIDATION", field });
    }
  });
});

describe("a punter's max stake", () => {
  it("takes a stake of exactly his max and refuses a cent more, naming the limit", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const event = await match(book);
    await setPunterLimits(book, punter, { maxStake: 20 });
    expect((await bet(punter, book, event, 0, 20)).status).toBe(201);
    expect(await refusal(await bet(punter, book, event, 1, 20.01))).toMatchObject({
      status: 409,
      code: "LIMIT_EXCEEDED",
      message: "Your maximum stake is 20.00.",
      maxStake: 20,
    });
  });

  it("is the book's default unless the punter has his own, and a change holds for the very next bet", async () => {
    const book = await newBook({ coins: 10_000 });
    const plain = await newPunter(book, { coins: 500 });
    const trusted = await newPunter(book, { coins: 500 });
    const event = await match(book);
    // Both bet first, so the room keeps their memberships before any limit exists.
    expect((await bet(plain, book, event, 0, 100)).status).toBe(201);
    expect((await bet(trusted, book, event, 0, 100)).status).toBe(201);
    await setBookLimits(book, { maxStake: 50, maxPayoutPerEvent: null, maxMultiplesPayout: null });
    await setPunterLimits(book, trusted, { maxStake: 80 });
    expect(await refusal(await bet(plain, book, event, 1, 80))).toMatchObject({
      code: "LIMIT_EXCEEDED",
      message: "Your maximum stake is 50.00.",
    });
    expect((await bet(trusted, book, event, 1, 80)).status).toBe(201);
    // His own limit taken away: the book's default again.
    await setPunterLimits(book, trusted, {});
    expect(await refusal(await bet(trusted, book, event, 2, 60))).toMatchObject({
      message: "Your maximum stake is 50.00.",
    });
    expect((await bet(plain, book, event, 1, 50)).status).toBe(201);
  });

  it("counts both parts of an each-way bet", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const race = await newEvent(book, {
      items: [
        ["A", 5],
        ["B", 3],
        ["C", 4],
      ],
      eachWay: { places: 2, fraction: 4 },
    });
    await setPunterLimits(book, punter, { maxStake: 20 });
    expect(await refusal(await bet(punter, book, race, 0, 10.01, undefined, true))).toMatchObject({
      code: "LIMIT_EXCEEDED",
      message: "Your maximum stake is 20.00 (10.00 each way).",
      maxStake: 10,
    });
    expect((await bet(punter, book, race, 0, 10, undefined, true)).status).toBe(201);
  });
});

describe("a punter's max payout per event", () => {
  it("holds his worst result across his bets on several outcomes, each-way place parts included", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 500 });
    // 2 places at 1/4: A each-way pays 50 + 20 should A win, 20 should it be placed; B pays 30 + 15, or 15.
    const race = await newEvent(book, {
      items: [
        ["A", 5],
        ["B", 3],
        ["C", 2],
        ["D", 6],
      ],
      eachWay: { places: 2, fraction: 4 },
    });
    await setPunterLimits(book, punter, { maxPayoutPerEvent: 100 });
    expect((await bet(punter, book, race, 0, 10, undefined, true)).status).toBe(201);
    expect((await bet(punter, book, race, 1, 10, undefined, true)).status).toBe(201);
    // C winning pays him A's place part (20), the largest of the others: 80 left for C.
    expect(await refusal(await bet(punter, book, race, 2, 40.01))).toMatchObject({
      status: 409,
      code: "LIMIT_EXCEEDED",
      message: "Your maximum payout on this event is 100.00: 80.00 left.",
      maxStake: 40,
    });
    expect((await bet(punter, book, race, 2, 40)).status).toBe(201);
    expect(await punterWorst(race.id, punter.userId, 2)).toBe(10_000);
    // D at 6: even 0.01 more would pass 100 on D winning (20 of A placed is already counted).
    expect(await refusal(await bet(punter, book, race, 3, 13.34))).toMatchObject({
      message: "Your maximum payout on this event is 100.00: 80.00 left.",
      maxStake: 13.33,
    });
  });

  it("holds against 30 parallel bets by one punter", async () => {
    const book = await newBook({ coins: 100_000 });
    const punter = await newPunter(book, { coins: 10_000 });
    const items = Array.from({ length: 30 }, (_, i): [string, number] => [`Runner ${i + 1}`, 3 + (i % 5)]);
    const race = await newEvent(book, { items, eachWay: { places: 3, fraction: 4 }, maxTotalPayout: 1_000_000 });
    // A bet at 7 alone pays 190 should it win; any two bets together pass 200 on some result.
    await setPunterLimits(book, punter, { maxPayoutPerEvent: 200, maxStake: 60 });
    const answers = await Promise.all(items.map((_, i) => bet(punter, book, race, i, 20, undefined, true)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const res of answers.filter((r) => r.status === 409)) expect((await refusal(res)).code).toBe("LIMIT_EXCEEDED");
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
    expect(await punterWorst(race.id, punter.userId, 3)).toBeLessThanOrEqual(20_000);
  });
});

describe("the stakes offered to a punter", () => {
  it("follow his limits, and his list's ETag changes with them", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const other = await newPunter(book, { coins: 100 });
    // 2 places at 1/4: an each-way bet on A pays 7 times its part should A win, on B 4.5 times.
    const race = await newEvent(book, {
      items: [
        ["A", 5],
        ["B", 3],
      ],
      eachWay: { places: 2, fraction: 4 },
      maxTotalPayout: 1000,
    });
    expect(await offered(punter, book, race.id)).toEqual([
      { maxStake: 200, eachWayMaxStake: 142.85 },
      { maxStake: 333.33, eachWayMaxStake: 222.22 },
    ]);
    const path = `/player/events/${book.bookmakerId}`;
    const etag = (await call("GET", path, { token: punter.token })).headers.get("ETag")!;
    await setPunterLimits(book, punter, { maxStake: 20, maxPayoutPerEvent: 90 });
    expect((await call("GET", path, { token: punter.token, headers: { "If-None-Match": etag } })).status).toBe(200);
    expect(await offered(punter, book, race.id)).toEqual([
      { maxStake: 18, eachWayMaxStake: 10 },
      { maxStake: 20, eachWayMaxStake: 10 },
    ]);
    // Another punter's are the book's.
    expect((await offered(other, book, race.id))[0]).toEqual({ maxStake: 200, eachWayMaxStake: 142.85 });
    // The book's default reaches every punter without his own.
    await setBookLimits(book, { maxStake: 30, maxPayoutPerEvent: null, maxMultiplesPayout: null });
    expect((await offered(other, book, race.id))[0]).toEqual({ maxStake: 30, eachWayMaxStake: 15 });
  });

  it("count his bets already on the event", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const race = await newEvent(book, {
      items: [
        ["A", 5],
        ["B", 3],
        ["C", 2],
      ],
      eachWay: { places: 2, fraction: 4 },
    });
    await setPunterLimits(book, punter, { maxPayoutPerEvent: 100 });
    expect((await bet(punter, book, race, 0, 10, undefined, true)).status).toBe(201);
    // C winning pays him A's place part (20): 80 left, 40 at evens.
    const [, b, c] = await offered(punter, book, race.id);
    expect(c.maxStake).toBe(40);
    // B each-way at 3 (place odds 1.5): B winning pays 4.5 × stake + A placed 20, so 17.77 a part.
    expect(b.eachWayMaxStake).toBe(17.77);
    expect(await refusal(await bet(punter, book, race, 1, 17.78, undefined, true))).toMatchObject({
      message: "Your maximum payout on this event is 100.00: 80.00 left.",
      maxStake: 17.77,
    });
    expect((await bet(punter, book, race, 1, 17.77, undefined, true)).status).toBe(201);
  });
});

describe("events the limits reach", () => {
  it("reach the open rooms also when the change landed but its answer was lost", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const event = await match(book, true);
    // He bets first, so the room keeps his membership with no limit.
    expect((await bet(punter, book, event, 0, 30)).status).toBe(201);
    const lost = await call("PUT", "/balances/limits", {
      token: book.owner.token,
      body: { userId: punter.userId, maxStake: 20, maxPayoutPerEvent: null },
      env: { DB: faultyD1(env.DB, inOrder("after")) },
    });
    expect(lost.status).toBeGreaterThanOrEqual(500);
    // The limit is saved, and the room holds it at once: no bet passes it.
    expect(await refusal(await bet(punter, book, event, 1, 25))).toMatchObject({
      code: "LIMIT_EXCEEDED",
      message: "Your maximum stake is 20.00.",
    });
  });

  it("reach a room that opens again after a change made while it was suspended", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const event: BookmakerEvent = await match(book, true);
    expect((await bet(punter, book, event, 0, 30)).status).toBe(201);
    await json("POST", `/events/${event.id}/draft`, { token: book.owner.token });
    await setPunterLimits(book, punter, { maxStake: 20 });
    await json("POST", `/events/${event.id}/live`, { token: book.owner.token, body: { eventId: event.id } });
    expect(await refusal(await bet(punter, book, event, 1, 25))).toMatchObject({
      message: "Your maximum stake is 20.00.",
    });
  });
});
