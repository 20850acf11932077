import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent } from "../../contract";
import { json, type TestUser } from "../../test/api";
import { expectChanged, poll, tagOf } from "../../test/polls";
import { newEvent, placeBet } from "../../test/events";
import { expectStoredTotalsMatchBets } from "../../test/faulty-d1";
import { giveSubscription, newBook, newPunter, type TestBook } from "../../test/world";

// Polled lists answer 304 from versions: every write that changes what a list shows changes
// its ETag, and a write that does not concern the caller leaves it alone.

async function world() {
  const book = await newBook({ coins: 1000 });
  const event = await newEvent(book, {
    items: [
      ["A", 2],
      ["B", 3],
      ["C", 5],
    ],
  });
  const punter = await newPunter(book, { coins: 100 });
  const other = await newPunter(book, { coins: 100 });
  return { book, event, punter, other };
}

const lists = (book: TestBook, punter: TestUser) => ({
  player: [`/player/events/${book.bookmakerId}`, punter.token] as const,
  own: [`/events`, book.owner.token] as const,
  history: [`/bets/${book.bookmakerId}/`, punter.token] as const,
});

describe("polled lists", () => {
  it("change their ETag with a bet, a non-runner, odds, dates and a settlement, and only then", async () => {
    const { book, event, punter, other } = await world();
    const l = lists(book, punter);
    const owner = book.owner.token;
    const changes: [string, () => Promise<unknown>, (keyof typeof l)[]][] = [
      ["another punter's bet", () => placeBet(other, book, event, 0, 10), ["player", "own"]],
      ["his own bet", () => placeBet(punter, book, event, 1, 10), ["player", "own", "history"]],
      [
        "odds",
        () =>
          json("POST", `/events/${event.id}/coefficients`, {
            token: owner,
            body: { items: [{ id: event.items[2].id, coefficient: 6 }] },
          }),
        ["player", "own", "history"],
      ],
      [
        "dates",
        () =>
          json("POST", `/events/${event.id}/modifyDates`, {
            token: owner,
            body: {
              startDate: new Date(Date.now() + 5 * 3600_000).toISOString(),
              endDate: new Date(Date.now() + 6 * 3600_000).toISOString(),
            },
          }),
        ["player", "own", "history"],
      ],
      [
        "a non-runner",
        () => json("POST", `/events/${event.id}/nr/${event.items[2].id}`, { token: owner }),
        ["player", "own", "history"],
      ],
      [
        "a settlement",
        () =>
          json("POST", `/events/${event.id}/finalize`, {
            token: owner,
            body: { eventId: event.id, winners: [event.items[1].id] },
          }),
        ["player", "own", "history"],
      ],
    ];
    for (const [what, write, concerned] of changes) await expectChanged(l, what, write, concerned);
  });

  it("answers a changed list with what changed, never a stale body", async () => {
    const { book, event, punter, other } = await world();
    const path = `/player/events/${book.bookmakerId}`;
    const etag = await tagOf(path, punter.token);
    await placeBet(other, book, event, 0, 10);
    const after = await poll(path, punter.token, etag);
    const shown = (after.body as { eventId: number; items: { maxStake: number }[] }[]).find(
      (e) => e.eventId === event.id,
    )!;
    expect(shown.items[0].maxStake).toBe(4990); // (10,000 − 20) / 2
  });

  it("shows each punter his own stakes when the book's part is read once for all", async () => {
    const { book, event, punter, other } = await world();
    await placeBet(other, book, event, 1, 4);
    const path = `/player/events/${book.bookmakerId}`;
    const stakesOf = (body: unknown) =>
      (body as { eventId: number; items: { myStake: number }[] }[])
        .find((e) => e.eventId === event.id)!
        .items.map((i) => i.myStake);
    expect(stakesOf((await poll(path, punter.token)).body)).toEqual([0, 0, 0]);
    const first = await poll(path, other.token);
    expect(stakesOf(first.body)).toEqual([0, 4, 0]);
    // A poll after a change (its ETag no longer current) reads his stakes after the versions.
    await placeBet(other, book, event, 2, 6);
    const changed = await poll(path, other.token, first.etag);
    expect(changed.status).toBe(200);
    expect(stakesOf(changed.body)).toEqual([0, 4, 6]);
  });

  it("leaves a punter's lists alone when another book or a coin move to someone else changes", async () => {
    const { book, punter, other } = await world();
    const l = lists(book, punter);
    const tags = await Promise.all(Object.values(l).map(([path, token]) => tagOf(path, token)));
    const elsewhere = await newBook({ coins: 1000 });
    const stranger = await newPunter(elsewhere, { coins: 50 });
    await placeBet(stranger, elsewhere, await newEvent(elsewhere), 0, 5);
    await json("POST", "/balances/add", {
      token: book.owner.token,
      body: { userId: other.userId, balance: { amount: 5 } },
    });
    for (const [i, [path, token]] of Object.values(l).entries())
      expect((await poll(path, token, tags[i])).status, path).toBe(304);
  });

  it("changes the punter's list when the bookmaker gains or loses what-if, even with no write to the events", async () => {
    const { book, punter } = await world();
    const path = `/player/events/${book.bookmakerId}`;
    const without = await tagOf(path, punter.token);
    await giveSubscription(book.owner.userId, "WHAT_IF", new Date(Date.now() + 1000).toISOString());
    const withIt = await poll(path, punter.token, without);
    expect(withIt.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // the subscription ends by itself
    expect((await poll(path, punter.token, withIt.etag)).status).toBe(200);
  });

  it("lets a punter see the list once approved, and refuses it before", async () => {
    const book = await newBook({ coins: 1000 });
    await newEvent(book);
    const { signIn } = await import("../../test/api");
    const newcomer = await signIn("newcomer");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: newcomer.token });
    expect((await poll(`/player/events/${book.bookmakerId}`, newcomer.token)).status).toBe(403);
    const requests = await json<{ joinRequest: { id: number }; user: { internalId: number } }[]>(
      "GET",
      "/bookmakers/requests",
      { token: book.owner.token },
    );
    await json(
      "POST",
      `/bookmakers/requests/${requests.find((r) => r.user.internalId === newcomer.userId)!.joinRequest.id}/approve`,
      { token: book.owner.token },
    );
    expect((await poll(`/player/events/${book.bookmakerId}`, newcomer.token)).status).toBe(200);
  });

  it("keeps each outcome's stored totals equal to the sum over its bets", async () => {
    const { book, event, punter, other } = await world();
    await placeBet(punter, book, event, 0, 10);
    await placeBet(other, book, event, 0, 7.5);
    await placeBet(other, book, event, 1, 3);
    await json("POST", `/events/${event.id}/nr/${event.items[2].id}`, { token: book.owner.token });
    await expectStoredTotalsMatchBets(event.id);
    const bookView = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
    expect(bookView.items.map((i) => i.whatIf)).toEqual([0, 0, 0]); // no WHAT_IF: zeros
  });
});

describe("a punter's polls that accept versions a second old (Cache-Control: max-age=1, as the mini-app polls)", () => {
  const SECOND = { "Cache-Control": "max-age=1" };

  it("answer 304 from what this isolate read less than a second ago, and show a change after that second", async () => {
    const { book, event, punter } = await world();
    const path = `/player/events/${book.bookmakerId}`;
    // A change this isolate did not see (as if written through another one), made in a few
    // milliseconds; on a machine so loaded that a second went by meanwhile, tried again.
    let before = "";
    for (let attempt = 0; attempt < 3; attempt++) {
      const readAt = Date.now();
      before = await tagOf(path, punter.token);
      await env.DB.prepare(`UPDATE events SET version = version + 1 WHERE id = ?1`).bind(event.id).run();
      const answer = await poll(path, punter.token, before, SECOND);
      if (Date.now() - readAt < 1000) {
        expect(answer.status).toBe(304);
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    const after = await poll(path, punter.token, before, SECOND);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before);
  });

  it("answer a changed list from versions read within the second, with the punter's own stakes as D1 has them", async () => {
    const { book, event, punter, other } = await world();
    const path = `/player/events/${book.bookmakerId}`;
    const before = await tagOf(path, punter.token);
    await placeBet(punter, book, event, 1, 7);
    // Another punter's read keeps the new versions in this isolate; the punter's poll, with
    // the old ETag and accepting a second, is answered at those versions (on a machine so
    // loaded that the second went by, from a fresh read: the same answer).
    await poll(path, other.token);
    const answer = await poll(path, punter.token, before, SECOND);
    expect(answer.status).toBe(200);
    const shown = (answer.body as { eventId: number; items: { id: number; myStake: number }[] }[]).find(
      (e) => e.eventId === event.id,
    )!;
    expect(shown.items.map((i) => i.myStake)).toEqual([0, 7, 0]);
    // Its ETag is the list's current one: a fresh read agrees.
    expect((await poll(path, punter.token, answer.etag)).status).toBe(304);
  });

  it("show a change at once to a poll that accepts no age, and to every poll after it", async () => {
    const { book, event, punter, other } = await world();
    const path = `/player/events/${book.bookmakerId}`;
    const before = await tagOf(path, punter.token);
    const othersBefore = await tagOf(path, other.token);
    await placeBet(other, book, event, 0, 10);
    const fresh: Record<string, string>[] = [{}, { "Cache-Control": "no-cache" }, { "Cache-Control": "max-age=0" }];
    for (const headers of fresh)
      expect((await poll(path, punter.token, before, headers)).status, JSON.stringify(headers)).toBe(200);
    // The fresh read is what the isolate keeps now: the old versions are no longer current for anyone.
    expect((await poll(path, other.token, othersBefore, SECOND)).status).toBe(200);
  });

  it("never answer from memory a punter who is not approved, nor fractional odds the book lacks", async () => {
    const { book, punter } = await world();
    const path = `/player/events/${book.bookmakerId}`;
    const etag = await tagOf(path, punter.token);
    const { signIn } = await import("../../test/api");
    const newcomer = await signIn("newcomer-polling");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: newcomer.token });
    expect((await poll(path, newcomer.token, etag, SECOND)).status).toBe(403);
    expect((await poll(`${path}?fractional=true`, punter.token, etag, SECOND)).status).toBe(403);
  });
});
