import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent, ErrorBody } from "../contract";
import { call, json } from "../test/api";
import { runDurableObjectAlarm } from "cloudflare:test";
import { bet, coins, inHours, newEvent, roomStub, runners, startEvent } from "../test/events";
import { expectRoomMatchesD1, expectStoredTotalsMatchBets, inOrder, injectFaults } from "../test/faulty-d1";
import { placeDouble, race } from "../test/multiples";
import { giveSubscription, newBook, newPunter, type TestBook } from "../test/world";

// Both doors into an event (the live edit, POST /events/{id}/coefficients, and the draft edit,
// POST /drafts/{id}/updateCoefficients on a published event put back to draft) keep the same
// rules (docs/ARCHITECTURE.md "the one gate"): what a struck bet was struck under stays.

const items = (e: BookmakerEvent) => e.items.map((i) => ({ title: i.title, coefficient: i.coefficient }));

/** The event put back to draft (unless it is one), its draft edited with `body` (its outcomes as they are unless given), and the answer. */
async function draftEdit(book: TestBook, e: BookmakerEvent, body: Record<string, unknown>) {
  const shown = await json<BookmakerEvent>("GET", `/events/${e.id}`, { token: book.owner.token });
  if (shown.status !== "CREATED") await json("POST", `/events/${e.id}/draft`, { token: book.owner.token });
  return call("POST", `/drafts/${e.id}/updateCoefficients`, {
    token: book.owner.token,
    body: { items: items(e), ...body },
  });
}

const liveEdit = (book: TestBook, e: BookmakerEvent, body: Record<string, unknown>) =>
  call("POST", `/events/${e.id}/coefficients`, { token: book.owner.token, body });

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(409);
  expect((await res.json<ErrorBody>()).error).toMatchObject({ code: "CONFLICT", field });
}

const reopen = (book: TestBook, e: BookmakerEvent) =>
  json("POST", `/events/${e.id}/live`, { token: book.owner.token, body: {} });

const finalize = (book: TestBook, e: BookmakerEvent, placings: [index: number, place: number][]) =>
  json("POST", `/events/${e.id}/finalize`, {
    token: book.owner.token,
    body: { placings: placings.map(([i, place]) => ({ itemId: e.items[i].id, place })) },
  });

describe("each-way terms under struck each-way bets", () => {
  it("cannot change through the draft either: 10 each-way at 12/1 on 4 places at 1/4, placed 2nd, returns 40", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const e = await newEvent(book, {
      items: [
        ["Favourite", 2],
        ["Outsider", 13],
        ["Third", 5],
      ],
      eachWay: { places: 4, fraction: 4 },
    });
    expect((await bet(punter, book, e, 1, 10, undefined, true)).status).toBe(201);
    await expectRefused(await liveEdit(book, e, { eachWay: { places: 1, fraction: 1 } }), "eachWay");
    await expectRefused(await draftEdit(book, e, { eachWay: { places: 1, fraction: 1 } }), "eachWay");
    await expectRefused(await draftEdit(book, e, { eachWay: null }), "eachWay");
    // Setting them to what they are is no change.
    expect((await draftEdit(book, e, { eachWay: { places: 4, fraction: 4 } })).status).toBe(200);
    await reopen(book, e);
    await finalize(book, e, [
      [0, 1],
      [1, 2],
    ]);
    expect(await coins(punter.token, book.bookmakerId)).toBe(100 - 20 + 40);
  });
});

describe("the racing rules under a struck bet", () => {
  it("refuse the dead-heat rule and Rule 4 switched on, through either door, naming the field", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const e = await newEvent(book, { items: runners(3), deadHeat: false, rule4: false });
    expect((await bet(punter, book, e, 0, 10)).status).toBe(201);
    await expectRefused(await liveEdit(book, e, { deadHeat: true }), "deadHeat");
    await expectRefused(await liveEdit(book, e, { rule4: true }), "rule4");
    await expectRefused(await draftEdit(book, e, { deadHeat: true }), "deadHeat");
    await expectRefused(await draftEdit(book, e, { rule4: true }), "rule4");
    // A dead heat for first pays the bet in full: 10 at 2/1 returns 30, not 15.
    await reopen(book, e);
    await finalize(book, e, [
      [0, 1],
      [1, 1],
    ]);
    expect(await coins(punter.token, book.bookmakerId)).toBe(100 - 10 + 30);
  });

  it("count a multiple's leg as a struck bet", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const [a, b] = [await race(book, [3, 4]), await race(book, [5, 4])];
    await placeDouble(punter, book, a, b, 1);
    await expectRefused(await liveEdit(book, a, { rule4: !a.rule4 }), "rule4");
    await expectRefused(await draftEdit(book, b, { deadHeat: !b.deadHeat }), "deadHeat");
  });

  it("may still change while no bet is struck", async () => {
    const book = await newBook({ coins: 10_000 });
    const e = await newEvent(book, { items: runners(3), deadHeat: false, rule4: false });
    expect((await liveEdit(book, e, { deadHeat: true })).status).toBe(200);
    expect((await draftEdit(book, e, { rule4: true, eachWay: null })).status).toBe(200);
  });
});

describe("the field changed in a draft under struck place parts", () => {
  it("recounts their standard terms: 8 runners at 3 places 1/5, one removed, 2 places at 1/4", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const e = await newEvent(book, { items: runners(8), eachWay: "standard", maxTotalPayout: 1000 });
    expect((await bet(punter, book, e, 0, 10, undefined, true)).status).toBe(201);
    const res = await draftEdit(book, e, { items: items(e).slice(0, 7) });
    expect(res.status).toBe(200);
    const place = await env.DB.prepare(
      `SELECT place_places, place_fraction FROM bets WHERE event_id = ?1 AND part = 'PLACE' AND status = 'ACCEPTED'`,
    )
      .bind(e.id)
      .first<{ place_places: number; place_fraction: number }>();
    expect(place).toEqual({ place_places: 2, place_fraction: 4 });
    // The room's book and D1's rows agree.
    await expectStoredTotalsMatchBets(e.id);
    await expectRoomMatchesD1(e.id);
  });
});

describe("the equalizer", () => {
  it("sets a published event's odds from the draft as from the live edit: odds by hand are refused", async () => {
    const book = await newBook({ coins: 10_000 });
    const e = await newEvent(book, { items: runners(3), botEqualizer: true });
    const moved = items(e).map((i, n) => (n === 0 ? { ...i, coefficient: 6 } : i));
    expect((await liveEdit(book, e, { items: [{ id: e.items[0].id, coefficient: 6 }] })).status).toBe(409);
    const res = await draftEdit(book, e, { items: moved });
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error.message).toBe(
      "The equalizer sets the odds of this event; turn it off to set them by hand.",
    );
    // The outcomes as they are go through, and a new outcome takes its bookmaker's first odds.
    expect((await draftEdit(book, e, { items: [...items(e), { title: "Late entry", coefficient: 9 }] })).status).toBe(
      200,
    );
  });
});

describe("new dates for a started event", () => {
  it("take it back to taking bets only as reopening would: refused once the book's subscription lapsed", async () => {
    const book = await newBook({ coins: 10_000 });
    const e = await newEvent(book, { items: runners(3) });
    await startEvent(e.id);
    expect(await runDurableObjectAlarm(roomStub(e.id))).toBe(true);
    await giveSubscription(book.owner.userId, "BOOKMAKER", new Date(Date.now() - 864e5).toISOString());
    const res = await call("POST", `/events/${e.id}/modifyDates`, {
      token: book.owner.token,
      body: { startDate: inHours(2), endDate: inHours(3) },
    });
    expect((await res.json<ErrorBody>()).error.code).toBe("SUBSCRIPTION_REQUIRED");
    const shown = await json<BookmakerEvent>("GET", `/events/${e.id}`, { token: book.owner.token });
    expect(shown.status).toBe("WAITING_FOR_RESULT");
  });
});

describe("End Event in one call", () => {
  it("sets the racing rules with the result, in its batch: a dead heat shared under the rule it turned on", async () => {
    const book = await newBook({ coins: 10_000 });
    const e = await newEvent(book, { items: runners(3), deadHeat: false });
    const settled = await json<BookmakerEvent>("POST", `/events/${e.id}/finalize`, {
      token: book.owner.token,
      body: { placings: [{ itemId: e.items[0].id, place: 1 }], deadHeat: true, rule4: false },
    });
    expect(settled).toMatchObject({ status: "CALCULATED", deadHeat: true, rule4: false });
  });

  it("refuses rules changed under a struck bet, naming the field, and settles nothing", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const e = await newEvent(book, { items: runners(3), deadHeat: false });
    expect((await bet(punter, book, e, 0, 10)).status).toBe(201);
    const res = await call("POST", `/events/${e.id}/finalize`, {
      token: book.owner.token,
      body: {
        placings: [
          { itemId: e.items[0].id, place: 1 },
          { itemId: e.items[1].id, place: 1 },
        ],
        deadHeat: true,
      },
    });
    await expectRefused(res, "deadHeat");
    const shown = await json<BookmakerEvent>("GET", `/events/${e.id}`, { token: book.owner.token });
    expect(shown).toMatchObject({ status: "READY_FOR_BETS", deadHeat: false });
    expect(await coins(punter.token, book.bookmakerId)).toBe(90);
  });
});

describe("a draft's Save in one call", () => {
  it("moves the dates, sets the odds and puts the event live in one batch, a row for each part", async () => {
    const book = await newBook({ coins: 10_000 });
    const e = await newEvent(book, { items: runners(3) });
    await json("POST", `/events/${e.id}/draft`, { token: book.owner.token });
    const dates = { startDate: inHours(5), endDate: inHours(6) };
    const saved = await json<BookmakerEvent>("POST", `/events/${e.id}/save`, {
      token: book.owner.token,
      body: { ...dates, items: [{ id: e.items[0].id, coefficient: 3.5 }], returnPrice: 0.8 },
    });
    expect(saved).toMatchObject({ status: "READY_FOR_BETS", startDate: dates.startDate, returnPrice: 0.8 });
    expect(saved.items[0].coefficient).toBe(3.5);
    const { results } = await env.DB.prepare(
      `SELECT action FROM audit WHERE event_id = ?1 AND action <> 'PRICE' ORDER BY id`,
    )
      .bind(e.id)
      .all<{ action: string }>();
    expect(results.map((r) => r.action)).toEqual(["PUBLISH", "SUSPEND", "DATES", "ODDS", "LIVE"]);
  });

  it("saves nothing when one part is refused: the rules under a struck bet", async () => {
    const book = await newBook({ coins: 10_000 });
    const punter = await newPunter(book, { coins: 100 });
    const e = await newEvent(book, { items: runners(3), rule4: false });
    expect((await bet(punter, book, e, 0, 10)).status).toBe(201);
    await json("POST", `/events/${e.id}/draft`, { token: book.owner.token });
    const res = await call("POST", `/events/${e.id}/save`, {
      token: book.owner.token,
      body: { startDate: inHours(5), endDate: inHours(6), returnPrice: 0.8, rule4: true },
    });
    await expectRefused(res, "rule4");
    const shown = await json<BookmakerEvent>("GET", `/events/${e.id}`, { token: book.owner.token });
    expect(shown).toMatchObject({
      status: "CREATED",
      startDate: e.startDate,
      returnPrice: e.returnPrice,
      rule4: false,
    });
  });

  it("whose batch fails saves none of it (503), and whose answer is lost saves all of it, as D1 holds it", async () => {
    const book = await newBook({ coins: 10_000 });
    const e = await newEvent(book, { items: runners(3) });
    await json("POST", `/events/${e.id}/draft`, { token: book.owner.token });
    const body = { startDate: inHours(5), endDate: inHours(6), returnPrice: 0.8 };
    const save = () => call("POST", `/events/${e.id}/save`, { token: book.owner.token, body });
    const shown = () => json<BookmakerEvent>("GET", `/events/${e.id}`, { token: book.owner.token });
    await injectFaults(e.id, inOrder("before"));
    expect((await save()).status).toBe(503);
    expect(await shown()).toMatchObject({ status: "CREATED", startDate: e.startDate, returnPrice: e.returnPrice });
    await injectFaults(e.id, inOrder("after"));
    expect((await save()).status).toBe(200);
    expect(await shown()).toMatchObject({ status: "READY_FOR_BETS", startDate: body.startDate, returnPrice: 0.8 });
    await expectRoomMatchesD1(e.id);
  });

  it("names a body's wrong field: the start without its end", async () => {
    const book = await newBook({ coins: 10_000 });
    const e = await newEvent(book, { items: runners(3) });
    const res = await call("POST", `/events/${e.id}/save`, {
      token: book.owner.token,
      body: { startDate: inHours(5) },
    });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error).toMatchObject({ code: "VALIDATION", field: "endDate" });
  });
});
