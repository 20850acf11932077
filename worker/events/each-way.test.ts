import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bet, BookmakerEvent, ErrorBody, PlayerEvent } from "../contract";
import { call, json, type TestUser } from "../test/api";
import { bet, coins, draftBody, newEvent, placeBet, runners, worstResult } from "../test/events";
import { expectRoomMatchesD1, expectStoredTotalsMatchBets, injectFaults, inOrder } from "../test/faulty-d1";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS, type TestBook } from "../test/world";

// Each-way: terms on events (set on drafts and live events, standard by the runners) and bets
// struck as a WIN and a PLACE part.

const current = (book: TestBook, id: number) =>
  json<BookmakerEvent>("GET", `/events/${id}`, { token: book.owner.token });

describe("each-way terms", () => {
  it("are standard for horse and greyhound racing by default, and none elsewhere", async () => {
    const book = await newBook({ coins: 1000 });
    const race = await newEvent(book, { items: runners(8) });
    expect(race.eachWay).toEqual({ places: 3, fraction: 5, standard: true });
    const dogs = await newEvent(book, { title: "Greyhound Racing / United Kingdom", items: runners(6) });
    expect(dogs.eachWay).toEqual({ places: 2, fraction: 4, standard: true });
    const football = await newEvent(book, { title: "Football / United Kingdom" });
    expect(football.eachWay).toBeNull();
  });

  it("follow the runners when standard: a non-runner in a field of 8 makes them 2 places at 1/4", async () => {
    const book = await newBook({ coins: 1000 });
    const race = await newEvent(book, { items: runners(8) });
    const after = await json<BookmakerEvent>("POST", `/events/${race.id}/nr/${race.items[7].id}`, {
      token: book.owner.token,
    });
    expect(after.eachWay).toEqual({ places: 2, fraction: 4, standard: true });
  });

  it("with under 5 runners are win only: the place part goes on to win", async () => {
    const book = await newBook({ coins: 1000 });
    const race = await newEvent(book, { items: runners(4) });
    expect(race.eachWay).toEqual({ places: 1, fraction: 1, standard: true });
  });

  it("stand as set on a draft and on a live event, and punters see them", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 10 });
    const race = await newEvent(book, { items: runners(3), eachWay: { places: 4, fraction: 4 } });
    expect(race.eachWay).toEqual({ places: 4, fraction: 4, standard: false });
    const changed = await json<BookmakerEvent>("POST", `/events/${race.id}/coefficients`, {
      token: book.owner.token,
      body: { eachWay: null },
    });
    expect(changed.eachWay).toBeNull();
    await json("POST", `/events/${race.id}/coefficients`, {
      token: book.owner.token,
      body: { eachWay: { places: 2, fraction: 5 } },
    });
    const seen = await json<PlayerEvent[]>("GET", `/player/events/${book.bookmakerId}`, { token: punter.token });
    expect(seen.find((e) => e.eventId === race.id)?.eachWay).toEqual({ places: 2, fraction: 5, standard: false });

    const { eventId } = await json<{ eventId: number }>("POST", "/drafts", {
      token: book.owner.token,
      body: draftBody(book, { title: "Football / United Kingdom" }),
    });
    await json("POST", `/drafts/${eventId}/updateCoefficients`, {
      token: book.owner.token,
      body: { items: draftBody(book).items, eachWay: "standard" },
    });
    expect((await current(book, eventId)).eachWay).toEqual({ places: 1, fraction: 1, standard: true });
  });

  it("refuse terms out of range, naming the field, and change nothing", async () => {
    const book = await newBook({ coins: 1000 });
    const race = await newEvent(book, { items: runners(8) });
    for (const eachWay of [
      { places: 6, fraction: 4 },
      { places: 2, fraction: 0 },
      { places: 2.5, fraction: 4 },
      "STANDARD",
      3,
    ]) {
      const res = await call("POST", `/events/${race.id}/coefficients`, { token: book.owner.token, body: { eachWay } });
      expect(res.status).toBe(400);
      const error = (await res.json<ErrorBody>()).error;
      expect(error.code).toBe("VALIDATION");
      expect(error.field).toMatch(/^eachWay(\.places|\.fraction)?$/);
      const bad = await call("POST", "/drafts", { token: book.owner.token, body: { ...draftBody(book), eachWay } });
      expect(bad.status).toBe(400);
    }
    expect((await current(book, race.id)).eachWay).toEqual({ places: 3, fraction: 5, standard: true });
  });
});

/** An each-way bet of `amount` a part at the outcome's current odds. */
const ewBet = (punter: TestUser, book: TestBook, event: BookmakerEvent, index: number, amount: number) =>
  bet(punter, book, event, index, amount, undefined, true);

describe("placing an each-way bet", () => {
  it("strikes a WIN and a PLACE row of the stake, debits twice the stake, and answers the WIN row", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const race = await newEvent(book, { items: runners(8) });
    const res = await ewBet(punter, book, race, 0, 10);
    expect(res.status).toBe(201);
    const placed = await res.json<Bet>();
    expect(placed).toMatchObject({
      eachWay: true,
      part: "WIN",
      money: { amount: 10 },
      placeTerms: { places: 3, fraction: 5 },
    });
    expect(placed.eachWayOf).toBe(placed.betId);
    expect(await coins(punter.token, book.bookmakerId)).toBe(80);
    const history = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: punter.token });
    expect(history.map((b) => [b.part, b.eachWayOf, b.money.amount, b.placeTerms])).toEqual([
      ["PLACE", placed.betId, 10, { places: 3, fraction: 5 }],
      ["WIN", placed.betId, 10, { places: 3, fraction: 5 }],
    ]);
    await expectRoomMatchesD1(race.id);
    await expectStoredTotalsMatchBets(race.id);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("is refused on an event without terms, and with coins for one part only, moving nothing", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 15 });
    const football = await newEvent(book, { title: "Football / United Kingdom" });
    const none = await ewBet(punter, book, football, 0, 5);
    expect(none.status).toBe(409);
    expect((await none.json<ErrorBody>()).error.code).toBe("EACH_WAY_UNAVAILABLE");
    const race = await newEvent(book, { items: runners(8) });
    const short = await ewBet(punter, book, race, 0, 10);
    expect(short.status).toBe(409);
    expect((await short.json<ErrorBody>()).error.code).toBe("INSUFFICIENT_COINS");
    expect(await coins(punter.token, book.bookmakerId)).toBe(15);
    expect(await betRows(race.id)).toBe(0);
    await expectRoomMatchesD1(race.id);
    // Coins for both parts: taken.
    expect((await ewBet(punter, book, race, 0, 7.5)).status).toBe(201);
    expect(await coins(punter.token, book.bookmakerId)).toBe(0);
  });

  it("is the punter's one bet on the outcome: no win bet beside it, and none beside a win bet", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const race = await newEvent(book, { items: runners(8) });
    expect((await ewBet(punter, book, race, 0, 5)).status).toBe(201);
    expect((await bet(punter, book, race, 0, 5)).status).toBe(409);
    expect((await bet(punter, book, race, 1, 5)).status).toBe(201);
    const again = await ewBet(punter, book, race, 1, 5);
    expect((await again.json<ErrorBody>()).error.code).toBe("BET_EXISTS");
    expect(await coins(punter.token, book.bookmakerId)).toBe(85);
  });

  it("strikes both rows or neither when D1 fails before or after the batch", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const race = await newEvent(book, { items: runners(8) });
    await placeBet(punter, book, race, 7, 1); // the room knows the punter: his next bet is one batch
    await injectFaults(race.id, inOrder("before"));
    expect((await ewBet(punter, book, race, 0, 10)).status).toBe(503);
    expect(await betRows(race.id)).toBe(1);
    await injectFaults(race.id, inOrder("after"));
    expect((await ewBet(punter, book, race, 1, 10)).status).toBe(201);
    expect(await betRows(race.id)).toBe(3);
    expect(await coins(punter.token, book.bookmakerId)).toBe(79);
    await expectRoomMatchesD1(race.id);
    await expectStoredTotalsMatchBets(race.id);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("never takes the book's worst result past the max payout under 30 parallel each-way bets", async () => {
    const book = await newBook({ coins: 10_000 });
    const punters = await Promise.all(Array.from({ length: 30 }, () => newPunter(book, { coins: 100 })));
    const race = await newEvent(book, { items: runners(8), maxTotalPayout: 500 });
    const answers = await Promise.all(punters.map((p, i) => ewBet(p, book, race, i % 3, 10)));
    const taken = answers.filter((r) => r.status === 201).length;
    expect(taken).toBeGreaterThan(0);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await worstResult(race.id, 3)).toBeLessThanOrEqual(50_000);
    await expectRoomMatchesD1(race.id);
    await expectStoredTotalsMatchBets(race.id);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

const betRows = async (eventId: number) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM bets WHERE event_id = ?1`).bind(eventId).first<{ n: number }>())!.n;

describe("settling each-way bets with placings (the worked examples, to the cent)", () => {
  const ewOn = async (book: TestBook, race: BookmakerEvent, index: number, amount: number, coins = 100) => {
    const punter = await newPunter(book, { coins });
    expect((await ewBet(punter, book, race, index, amount)).status).toBe(201);
    return punter;
  };
  const settle = (book: TestBook, race: BookmakerEvent, places: [number, number][]) =>
    call("POST", `/events/${race.id}/finalize`, {
      token: book.owner.token,
      body: { placings: places.map(([index, place]) => ({ itemId: race.items[index].id, place })) },
    });
  const field = (first: [string, number][], size: number): [string, number][] => [
    ...first,
    // Long prices after the named runners: 20/1, 25/1, 28/1…
    ...[21, 26, 29, 34, 41, 51, 67, 81, 101]
      .slice(0, size - first.length)
      .map((odds, i): [string, number] => [`Outsider ${i + 1}`, odds]),
  ];

  it("10 each-way at 12/1, 4 places at 1/4: placed 2nd returns 40, the winner's returns 170", async () => {
    const book = await newBook({ coins: 10_000 });
    const race = await newEvent(book, {
      items: field(
        [
          ["Twelve", 13],
          ["Fav", 2],
        ],
        8,
      ),
      eachWay: { places: 4, fraction: 4 },
    });
    const second = await ewOn(book, race, 0, 10);
    const winner = await ewOn(book, race, 1, 10);
    expect(
      (
        await settle(book, race, [
          [1, 1],
          [0, 2],
          [2, 3],
          [3, 4],
        ])
      ).status,
    ).toBe(200);
    expect(await coins(second.token, book.bookmakerId)).toBe(80 + 40);
    expect(await coins(winner.token, book.bookmakerId)).toBe(80 + 32.5); // evens: 20, and the place 10 × 1.25
    const history = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: second.token });
    expect(history.map((b) => [b.part, b.status, b.payout])).toEqual([
      ["PLACE", "WON", 40],
      ["WIN", "LOST", 0],
    ]);
    const twelve = await newEvent(book, { items: field([["Twelve", 13]], 8), eachWay: { places: 4, fraction: 4 } });
    const backer = await ewOn(book, twelve, 0, 10);
    expect((await settle(book, twelve, [[0, 1]])).status).toBe(200);
    expect(await coins(backer.token, book.bookmakerId)).toBe(80 + 170);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("10 each-way at 7/4, 3 places at 1/5, a 13/8 runner withdrawn after the bet (35p), wins: returns 33.65", async () => {
    const book = await newBook({ coins: 10_000 });
    const race = await newEvent(book, {
      items: field(
        [
          ["Seven-Four", 2.75],
          ["Thirteen-Eight", 2.625],
        ],
        9,
      ),
      eachWay: { places: 3, fraction: 5 },
    });
    const punter = await ewOn(book, race, 0, 10);
    await json("POST", `/events/${race.id}/nr/${race.items[1].id}`, { token: book.owner.token });
    expect(
      (
        await settle(book, race, [
          [0, 1],
          [2, 2],
          [3, 3],
        ])
      ).status,
    ).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(80 + 33.65);
    const [place, win] = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: punter.token });
    expect([win.payout, place.payout, win.deduction, place.deduction]).toEqual([21.37, 12.28, 35, 35]);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("20 each-way at 16/1, 3 places at 1/4, dead heat for 3rd with one other: returns 50", async () => {
    const book = await newBook({ coins: 10_000 });
    const race = await newEvent(book, { items: field([["Sixteen", 17]], 8), eachWay: { places: 3, fraction: 4 } });
    const punter = await ewOn(book, race, 0, 20);
    expect(
      (
        await settle(book, race, [
          [1, 1],
          [2, 2],
          [0, 3],
          [3, 3],
        ])
      ).status,
    ).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(60 + 50);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("settles standard terms on the runners that ran: 8 declared, 7 run, a place pays 2 places at 1/4", async () => {
    const book = await newBook({ coins: 10_000 });
    const race = await newEvent(book, { items: field([["Four-One", 5]], 8) });
    const second = await ewOn(book, race, 0, 10);
    await json("POST", `/events/${race.id}/nr/${race.items[7].id}`, { token: book.owner.token });
    expect(
      (
        await settle(book, race, [
          [1, 1],
          [0, 2],
          [2, 3],
        ])
      ).status,
    ).toBe(200);
    expect(await coins(second.token, book.bookmakerId)).toBe(80 + 20); // 10 × (1 + 4/4)
    const [place] = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: second.token });
    expect(place.placeTerms).toEqual({ places: 2, fraction: 4 });
  });

  it("with under 5 runners pays the place part on to win: win only", async () => {
    const book = await newBook({ coins: 10_000 });
    const race = await newEvent(book, { items: field([["Two-One", 3]], 4) });
    const winner = await ewOn(book, race, 0, 10);
    const second = await ewOn(book, race, 1, 10);
    expect(
      (
        await settle(book, race, [
          [0, 1],
          [1, 2],
        ])
      ).status,
    ).toBe(200);
    expect(await coins(winner.token, book.bookmakerId)).toBe(80 + 60);
    expect(await coins(second.token, book.bookmakerId)).toBe(80);
  });

  it("undoes a result and settles again: every coin back, then paid on the new placings", async () => {
    const book = await newBook({ coins: 10_000 });
    const race = await newEvent(book, { items: field([["Twelve", 13]], 8), eachWay: { places: 4, fraction: 4 } });
    const punter = await ewOn(book, race, 0, 10);
    expect(
      (
        await settle(book, race, [
          [1, 1],
          [0, 2],
        ])
      ).status,
    ).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(120);
    expect((await call("POST", `/events/${race.id}/unsettle`, { token: book.owner.token })).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(80);
    const reopened = await json<Bet[]>("GET", `/bets/${book.bookmakerId}/`, { token: punter.token });
    expect(reopened.map((b) => b.status)).toEqual(["ACCEPTED", "ACCEPTED"]);
    await expectRoomMatchesD1(race.id);
    expect((await settle(book, race, [[0, 1]])).status).toBe(200);
    expect(await coins(punter.token, book.bookmakerId)).toBe(80 + 170);
    await expectStoredTotalsMatchBets(race.id);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("refunds both parts when the event is abandoned or the outcome withdrawn", async () => {
    const book = await newBook({ coins: 10_000 });
    const race = await newEvent(book, { items: runners(8) });
    const withdrawn = await ewOn(book, race, 0, 10);
    const abandoned = await ewOn(book, race, 1, 10);
    await json("POST", `/events/${race.id}/nr/${race.items[0].id}`, { token: book.owner.token });
    expect(await coins(withdrawn.token, book.bookmakerId)).toBe(100);
    await json("POST", `/events/${race.id}/abandon`, { token: book.owner.token });
    expect(await coins(abandoned.token, book.bookmakerId)).toBe(100);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("refuses placings that do not follow a race's order, naming the field, and settles nothing", async () => {
    const book = await newBook({ coins: 10_000 });
    const race = await newEvent(book, { items: runners(8) });
    const res = await settle(book, race, [
      [0, 1],
      [1, 1],
      [2, 2],
    ]);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error).toMatchObject({ field: "placings" });
    expect((await current(book, race.id)).status).toBe("READY_FOR_BETS");
  });
});

describe("each-way terms once bets are struck", () => {
  it("stand: a change is refused, the same terms again are no change", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const race = await newEvent(book, { items: runners(8), eachWay: { places: 3, fraction: 5 } });
    expect((await ewBet(punter, book, race, 0, 5)).status).toBe(201);
    const change = (eachWay: unknown) =>
      call("POST", `/events/${race.id}/coefficients`, { token: book.owner.token, body: { eachWay } });
    expect((await change({ places: 4, fraction: 4 })).status).toBe(409);
    expect((await change(null)).status).toBe(409);
    expect((await change({ places: 3, fraction: 5 })).status).toBe(200);
    expect((await current(book, race.id)).eachWay).toEqual({ places: 3, fraction: 5, standard: false });
  });
});

describe("the stakes offered for each-way", () => {
  it("are what the room takes: exactly the offered each-way max passes, a cent more is refused", async () => {
    const book = await newBook({ coins: 10_000 });
    const race = await newEvent(book, { items: runners(8), maxTotalPayout: 300 });
    const [first, second] = [await newPunter(book, { coins: 1000 }), await newPunter(book, { coins: 1000 })];
    const offered = async (token: string) =>
      (await json<PlayerEvent[]>("GET", `/player/events/${book.bookmakerId}`, { token })).find(
        (e) => e.eventId === race.id,
      )!.items;
    expect((await ewBet(first, book, race, 1, 20)).status).toBe(201);
    const items = await offered(second.token);
    expect(items[0].eachWayMaxStake).toBeGreaterThan(0);
    expect(items[0].eachWayMaxStake).toBeLessThan(items[0].maxStake);
    const tooMuch = await ewBet(second, book, race, 0, Math.round(items[0].eachWayMaxStake * 100 + 1) / 100);
    expect(tooMuch.status).toBe(409);
    expect((await tooMuch.json<ErrorBody>()).error).toMatchObject({
      code: "LIMIT_EXCEEDED",
      maxStake: items[0].eachWayMaxStake,
    });
    expect((await ewBet(second, book, race, 0, items[0].eachWayMaxStake)).status).toBe(201);
    expect(await worstResult(race.id, 3)).toBeLessThanOrEqual(30_000);
  });
});
