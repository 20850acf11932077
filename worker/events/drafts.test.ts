import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent } from "../contract";
import { call, json, signIn } from "../test/api";
import { draftBody, inHours, newEvent } from "../test/events";
import { giveSubscription, newBook, newPunter } from "../test/world";

const errorOf = async (res: Response) =>
  (await res.json<{ error: { code: string; field?: string; message: string } }>()).error;

describe("drafts and events", () => {
  it("creates a draft (CREATED), publishes it (READY_FOR_BETS) and shows it to its bookmaker", async () => {
    const book = await newBook({ coins: 1000 });
    const body = draftBody(book, {
      items: [
        ["Red Rum", 2],
        ["Shergar", 3],
        ["Arkle", 1.5],
      ],
    });
    const { eventId } = await json<{ eventId: number }>("POST", "/drafts", { token: book.owner.token, body });
    const draft = await json<BookmakerEvent>("GET", `/events/${eventId}`, { token: book.owner.token });
    expect(draft).toMatchObject({
      id: eventId,
      status: "CREATED",
      payoutRatioType: "ADVERTISED",
      maxTotalPayout: 10_000,
      returnPrice: 0.5,
      botEqualizer: false,
    });
    expect(draft.items.map((i) => [i.title, i.coefficient, i.fractalCoefficient, i.currCoefficient, i.status])).toEqual(
      [
        ["Red Rum", 2, "1/1", 2, "ACTIVE"],
        ["Shergar", 3, "2/1", 3, "ACTIVE"],
        ["Arkle", 1.5, "1/2", 1.5, "ACTIVE"],
      ],
    );
    expect(await json("POST", "/events", { token: book.owner.token, body: { draftId: eventId } })).toEqual({
      id: eventId,
    });
    const list = await json<BookmakerEvent[]>("GET", "/events", { token: book.owner.token });
    expect(list.find((e) => e.id === eventId)?.status).toBe("READY_FOR_BETS");
  });

  it("refuses bad drafts with the spec's messages and the field named, creating nothing", async () => {
    const book = await newBook({ coins: 1000 });
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE bookmaker_id = ?1")
      .bind(book.bookmakerId)
      .first<{ n: number }>();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ description: "" }, "description", "Description is required."],
      [{ description: "Course à\u0007 Longchamp" }, "description", "Control characters are not allowed."],
      [{ description: "x".repeat(101) }, "description", "Maximum 100 characters."],
      [{ items: [{ title: "Solo", coefficient: 2 }] }, "items", "You need at least 2 participants."],
      [
        {
          items: [
            { title: "x".repeat(25), coefficient: 2 },
            { title: "B", coefficient: 2 },
          ],
        },
        "items.0.title",
        "Maximum 24 characters.",
      ],
      [
        {
          items: [
            { title: "Är\u200Bger", coefficient: 2 },
            { title: "B", coefficient: 2 },
          ],
        },
        "items.0.title",
        "Invisible characters (such as zero-width spaces) are not allowed.",
      ],
      [
        {
          items: [
            { title: "A", coefficient: 2.05 },
            { title: "B", coefficient: 2 },
          ],
        },
        "items.0.coefficient",
        "Odds must be on the ladder.",
      ],
      [
        {
          items: [
            { title: "Same", coefficient: 2 },
            { title: "same", coefficient: 2 },
          ],
        },
        "items",
        "Outcome names must differ.",
      ],
      [{ maxTotalPayout: 0 }, "maxTotalPayout", "Enter a positive number."],
      [{ maxTotalPayout: 10.5 }, "maxTotalPayout", "Enter a positive number."],
      [{ startDate: "21/11/26" }, "startDate", "Must be an ISO 8601 date and time."],
      [{ startDate: new Date(Date.now() - 60_000).toISOString() }, "startDate", "Date and time must be in the future."],
      [{ endDate: new Date(Date.now() + 60_000).toISOString() }, "endDate", "The end must not be before the start."],
      [{ returnPrice: 0.4 }, "returnPrice", "Return for punters must be 0.01 or 0.50 to 0.95."],
      [{ title: "Chess / Mars" }, "title", "Title must be 'Sport / Country' from the lists."],
      [{ botEqualizer: "yes" }, "botEqualizer", "Must be true or false."],
    ];
    for (const [change, field, message] of cases) {
      const res = await call("POST", "/drafts", { token: book.owner.token, body: { ...draftBody(book), ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "VALIDATION", field, message });
    }
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE bookmaker_id = ?1")
      .bind(book.bookmakerId)
      .first<{ n: number }>();
    expect(after).toEqual(before);
  });

  it("offers punters the odds a draft's outcomes were updated to, and takes bets at them", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const event = await newEvent(book, {
      items: [
        ["A", 2],
        ["B", 3],
      ],
    });
    await json("POST", `/events/${event.id}/draft`, { token: book.owner.token });
    const items = [
      { title: "A", coefficient: 2.5 },
      { title: "B", coefficient: 4 },
      { title: "C", coefficient: 6 },
    ];
    const updated = await json<BookmakerEvent>("POST", `/drafts/${event.id}/updateCoefficients`, {
      token: book.owner.token,
      body: { items },
    });
    expect(updated.items.map((i) => [i.title, i.coefficient, i.currCoefficient])).toEqual([
      ["A", 2.5, 2.5],
      ["B", 4, 4],
      ["C", 6, 6],
    ]);
    await json("POST", `/events/${event.id}/live`, { token: book.owner.token, body: { eventId: event.id } });
    const seen = await json<{ eventId: number; items: { id: number; coefficient: number }[] }[]>(
      "GET",
      `/player/events/${book.bookmakerId}`,
      { token: punter.token },
    );
    const offered = seen.find((e) => e.eventId === event.id)!;
    expect(offered.items.map((i) => i.coefficient)).toEqual([2.5, 4, 6]);
    for (const item of offered.items) {
      const res = await call("POST", "/bets", {
        token: punter.token,
        body: {
          requestId: 0,
          bookmakerId: book.bookmakerId,
          eventId: event.id,
          eventItemId: item.id,
          amount: 1,
          coefficient: item.coefficient,
        },
      });
      expect(res.status).toBe(201);
    }
  });

  it("lets only a subscribed bookmaker with coins create events for his own book", async () => {
    const broke = await newBook();
    let res = await call("POST", "/drafts", { token: broke.owner.token, body: draftBody(broke) });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("Insufficient currency. You can purchase more in the store.");

    const unsubscribed = await newBook({ coins: 100, active: false });
    res = await call("POST", "/drafts", { token: unsubscribed.owner.token, body: draftBody(unsubscribed) });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({
      code: "SUBSCRIPTION_REQUIRED",
      message: "Bookmaker subscription not found.",
    });

    const other = await newBook({ coins: 100 });
    res = await call("POST", "/drafts", { token: other.owner.token, body: draftBody(broke) });
    expect(res.status).toBe(403);

    const nobody = await signIn("nobody");
    expect((await call("POST", "/drafts", { token: nobody.token, body: draftBody(broke) })).status).toBe(404);
  });

  it("hides a bookmaker's events from everyone else: 404 on read and on every change", async () => {
    const book = await newBook({ coins: 100 });
    const event = await newEvent(book);
    const other = await newBook({ coins: 100 });
    const t = other.owner.token;
    expect((await call("GET", `/events/${event.id}`, { token: t })).status).toBe(404);
    for (const [path, body] of [
      [`/events/${event.id}/draft`, undefined],
      [`/events/${event.id}/abandon`, undefined],
      [`/events/${event.id}/nr/${event.items[0].id}`, undefined],
      [`/events/${event.id}/finalize`, { eventId: event.id, winners: [] }],
      [`/events/${event.id}/modifyDates`, { startDate: inHours(5), endDate: inHours(6) }],
      [`/events/${event.id}/coefficients`, { items: [] }],
      [
        `/drafts/${event.id}/updateCoefficients`,
        {
          items: [
            { title: "A", coefficient: 2 },
            { title: "B", coefficient: 2 },
          ],
        },
      ],
    ] as const) {
      expect((await call("POST", path, { token: t, body })).status, path).toBe(404);
    }
    expect((await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token })).status).toBe(
      "READY_FOR_BETS",
    );
  });

  it("moves a live event back to draft and live again, and refuses the moves that make no sense", async () => {
    const book = await newBook({ coins: 100 });
    const event = await newEvent(book);
    const token = book.owner.token;
    expect((await json<BookmakerEvent>("POST", `/events/${event.id}/draft`, { token })).status).toBe("CREATED");
    expect((await call("POST", `/events/${event.id}/draft`, { token })).status).toBe(409);
    expect(
      (await json<BookmakerEvent>("POST", `/events/${event.id}/live`, { token, body: { eventId: event.id } })).status,
    ).toBe("READY_FOR_BETS");
    expect((await call("POST", `/events/${event.id}/live`, { token, body: {} })).status).toBe(409);
  });

  it("replaces a draft's outcomes while it is being edited", async () => {
    const book = await newBook({ coins: 100 });
    const { eventId } = await json<{ eventId: number }>("POST", "/drafts", {
      token: book.owner.token,
      body: draftBody(book),
    });
    const updated = await json<BookmakerEvent>("POST", `/drafts/${eventId}/updateCoefficients`, {
      token: book.owner.token,
      body: {
        items: [
          { title: "Shergar", coefficient: 5 },
          { title: "Desert Orchid", coefficient: 1.5 },
        ],
      },
    });
    expect(updated.items.map((i) => [i.title, i.coefficient])).toEqual([
      ["Shergar", 5],
      ["Desert Orchid", 1.5],
    ]);
  });

  it("postpones: the old start moves to startDate2, then 3, so punters see them struck through", async () => {
    const book = await newBook({ coins: 100 });
    const first = inHours(2);
    const event = await newEvent(book, { startDate: first, endDate: inHours(3) });
    const second = inHours(4);
    let after = await json<BookmakerEvent>("POST", `/events/${event.id}/modifyDates`, {
      token: book.owner.token,
      body: { startDate: second, endDate: inHours(5) },
    });
    expect([after.startDate, after.startDate2, after.startDate3]).toEqual([second, first, null]);
    const third = inHours(6);
    after = await json<BookmakerEvent>("POST", `/events/${event.id}/modifyDates`, {
      token: book.owner.token,
      body: { startDate: third, endDate: inHours(7) },
    });
    expect([after.startDate, after.startDate2, after.startDate3]).toEqual([third, second, first]);
    const past = await call("POST", `/events/${event.id}/modifyDates`, {
      token: book.owner.token,
      body: { startDate: new Date(Date.now() - 1000).toISOString(), endDate: inHours(7) },
    });
    expect(past.status).toBe(400);
  });

  it("sets odds by hand, but not while the equalizer is on", async () => {
    const book = await newBook({ coins: 100 });
    const event = await newEvent(book);
    const token = book.owner.token;
    const after = await json<BookmakerEvent>("POST", `/events/${event.id}/coefficients`, {
      token,
      body: { items: [{ id: event.items[0].id, coefficient: 2.5 }], returnPrice: 0.6, maxTotalPayout: 500 },
    });
    expect(after.items[0]).toMatchObject({ coefficient: 2.5, fractalCoefficient: "6/4", currCoefficient: 2.5 });
    expect([after.returnPrice, after.maxTotalPayout]).toEqual([0.6, 500]);
    const bot = await newEvent(book, { botEqualizer: true });
    const res = await call("POST", `/events/${bot.id}/coefficients`, {
      token,
      body: { items: [{ id: bot.items[0].id, coefficient: 2.5 }] },
    });
    expect(res.status).toBe(409);
    const off = await call("POST", `/events/${event.id}/coefficients`, {
      token,
      body: { items: [{ id: event.items[0].id, coefficient: 2.55 }] },
    });
    expect(off.status).toBe(400);
    // turning the equalizer off gives the odds back to the bookmaker, in the same call
    const manual = await json<BookmakerEvent>("POST", `/events/${bot.id}/coefficients`, {
      token,
      body: { botEqualizer: false, items: [{ id: bot.items[0].id, coefficient: 2.5 }] },
    });
    expect(manual.botEqualizer).toBe(false);
    expect(manual.items[0]).toMatchObject({ coefficient: 2.5, currCoefficient: 2.5 });
  });

  it("serves the sports and a real country list", async () => {
    const user = await signIn("any");
    const types = await json<{ eventTypeName: string }[]>("GET", "/events/types", { token: user.token });
    expect(types.map((t) => t.eventTypeName)).toEqual(
      expect.arrayContaining(["Horse Racing", "Football", "Darts", "Armwrestling", "E-sports"]),
    );
    const countries = await json<{ countryName: string }[]>("GET", "/countries", { token: user.token });
    expect(countries.length).toBeGreaterThan(190);
    expect(countries.map((c) => c.countryName)).toContain("United States");
    expect((await call("GET", "/countries")).status).toBe(401);
  });

  it("answers 304 to a polled list that has not changed, and a fresh list once it has", async () => {
    const book = await newBook({ coins: 100 });
    await giveSubscription(book.owner.userId, "WHAT_IF");
    const event = await newEvent(book);
    const punter = await newPunter(book, { coins: 10 });
    const first = await call("GET", `/player/events/${book.bookmakerId}`, { token: punter.token });
    const tag = first.headers.get("ETag");
    expect(tag).toBeTruthy();
    const again = await call("GET", `/player/events/${book.bookmakerId}`, {
      token: punter.token,
      headers: { "If-None-Match": tag! },
    });
    expect(again.status).toBe(304);
    await json("POST", `/events/${event.id}/draft`, { token: book.owner.token });
    const changed = await call("GET", `/player/events/${book.bookmakerId}`, {
      token: punter.token,
      headers: { "If-None-Match": tag! },
    });
    expect(changed.status).toBe(200);
  });
});
