import { describe, expect, it } from "vitest";
import type { BookmakerEvent, ErrorBody, PlayerEvent } from "../contract";
import { call, json } from "../test/api";
import { draftBody, newEvent } from "../test/events";
import { newBook, newPunter, type TestBook } from "../test/world";

// Each-way terms on events: set on drafts and live events, standard by the runners.

const runners = (n: number): [string, number][] => Array.from({ length: n }, (_, i) => [`Runner ${i + 1}`, 3 + i]);
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
