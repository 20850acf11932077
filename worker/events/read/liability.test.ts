import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent, LiabilityBoard, LiabilityEvent } from "../../contract";
import { PAYOUT_SQL, PLACE_ONLY_SQL } from "../../ledger/settlement";
import { call, json, signIn } from "../../test/api";
import { bet, draftBody, newEvent, placeBet, runners, worstResult } from "../../test/events";
import { finalize, nonRunner, placeMultiple } from "../../test/multiples";
import { poll, tagOf } from "../../test/polls";
import { newBook, newPunter, type TestBook } from "../../test/world";

// The liability board (GET /events/liability): its figures against the bets themselves.

const boardOf = (book: TestBook) => json<LiabilityBoard>("GET", "/events/liability", { token: book.owner.token });
const eventNow = (book: TestBook, id: number) =>
  json<BookmakerEvent>("GET", `/events/${id}`, { token: book.owner.token });
const cents = (coins: number) => Math.round(coins * 100);

async function placed(res: Promise<Response>) {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(201);
}

/**
 * Per running outcome, from the bets alone: the stakes and bets on it, and what the book pays
 * should it win, trying every set of other placed outcomes (the pairs on the winner in full,
 * the place parts of the others).
 */
async function recomputed(event: BookmakerEvent) {
  const { results } = await env.DB.prepare(
    `SELECT b.item_id, SUM(b.stake_cents) AS stake, SUM(b.part = 'WIN') AS bets, SUM(${PAYOUT_SQL}) AS win,
       SUM(CASE b.part WHEN 'PLACE' THEN ${PLACE_ONLY_SQL} ELSE 0 END) AS place
     FROM bets b WHERE b.event_id = ?1 AND b.status = 'ACCEPTED' GROUP BY b.item_id`,
  )
    .bind(event.id)
    .all<{ item_id: number; stake: number; bets: number; win: number; place: number }>();
  const of = (id: number) => results.find((r) => r.item_id === id) ?? { stake: 0, bets: 0, win: 0, place: 0 };
  const running = event.items.filter((i) => i.status === "ACTIVE").map((i) => ({ id: i.id, ...of(i.id) }));
  const places = event.eachWay?.places ?? 1;
  const subsets = <T>(rest: T[], k: number): T[][] =>
    k === 0 || rest.length === 0
      ? [[]]
      : [...subsets(rest.slice(1), k - 1).map((s) => [rest[0], ...s]), ...subsets(rest.slice(1), k)];
  return new Map(
    event.items.map((i) => {
      const winner = running.find((r) => r.id === i.id);
      if (!winner) return [i.id, { stake: of(i.id).stake, bets: of(i.id).bets, payout: 0 }];
      const others = subsets(
        running.filter((r) => r !== winner),
        places - 1,
      ).map((s) => s.reduce((sum, r) => sum + r.place, 0));
      return [i.id, { stake: winner.stake, bets: winner.bets, payout: winner.win + Math.max(0, ...others) }];
    }),
  );
}

/** The board's row of `event` in cents, as `recomputed` gives it. */
const asCents = (row: LiabilityEvent) =>
  new Map(row.items.map((i) => [i.id, { stake: cents(i.staked), bets: i.bets, payout: cents(i.payout) }]));

describe("the liability board", () => {
  it("equals a recomputation from the bets, with each-way bets, a non-runner under Rule 4 and open multiples", async () => {
    const book = await newBook({ coins: 10_000 });
    const [ann, bob, cal] = [
      await newPunter(book, { coins: 500 }),
      await newPunter(book, { coins: 500 }),
      await newPunter(book, { coins: 500 }),
    ];
    // Nine runners: standard terms of 3 places at 1/5 hold after one is withdrawn.
    const race = await newEvent(book, { items: runners(9) });
    const football = await newEvent(book, { title: "Football / United Kingdom", items: runners(3) });
    const quiet = await newEvent(book, { title: "Football / Spain" });
    const settled = await newEvent(book, { title: "Football / Italy" });
    await json("POST", "/drafts", { token: book.owner.token, body: draftBody(book, { title: "Football / France" }) });

    await placeBet(ann, book, race, 0, 10);
    await placed(bet(bob, book, race, 1, 5, undefined, true));
    await placed(bet(cal, book, race, 0, 4, undefined, true));
    await placed(bet(ann, book, race, 2, 7.5, undefined, true));
    await placeBet(cal, book, race, 4, 6);
    await placeBet(bob, book, football, 1, 20);
    await placeBet(ann, book, settled, 0, 3);
    const double = await placeMultiple(
      cal,
      book,
      "DOUBLE",
      [
        [race, 1],
        [football, 0],
      ],
      2,
    );
    // Runner 5 (6/1) withdrawn after every bet: its bets refunded, the others' winnings cut by Rule 4.
    await nonRunner(book, race, 4);
    await finalize(book, settled, [0]);
    // Suspended with a bet on it, the football stays on the board.
    await json("POST", `/events/${football.id}/draft`, { token: book.owner.token });

    const board = await boardOf(book);
    // Next to start first: each was made to start two hours after it was made.
    expect(board.events.map((e) => e.id)).toEqual([race.id, football.id, quiet.id]);
    const raceNow = await eventNow(book, race.id);
    expect(raceNow.items[4]).toMatchObject({ status: "NR" });
    expect(raceNow.items[4].deduction).toBeGreaterThan(0);
    const deducted = await env.DB.prepare(
      `SELECT MIN(deduction) AS least FROM bets WHERE event_id = ?1 AND status = 'ACCEPTED'`,
    )
      .bind(race.id)
      .first<{ least: number }>();
    expect(deducted?.least, "every open bet on the race carries the Rule 4 deduction").toBe(raceNow.items[4].deduction);
    expect(raceNow.eachWay).toMatchObject({ places: 3 });

    let worstCents = 0;
    for (const row of board.events) {
      const now = await eventNow(book, row.id);
      const expected = await recomputed(now);
      expect(asCents(row), now.title).toEqual(expected);
      const worst = Math.max(0, ...[...expected.values()].map((e) => e.payout));
      expect(cents(row.worst), now.title).toBe(worst);
      expect(worst).toBe(await worstResult(row.id, now.eachWay?.places ?? 1));
      expect(cents(row.staked)).toBe([...expected.values()].reduce((sum, e) => sum + e.stake, 0));
      worstCents += worst;
    }
    const raceRow = board.events.find((e) => e.id === race.id)!;
    expect(raceRow.items[4]).toMatchObject({ status: "NR", staked: 0, bets: 0, payout: 0 });
    expect(raceRow.items[0].bets).toBe(2);
    expect(raceRow.bets).toBe(4);
    expect(board.events.find((e) => e.id === football.id)?.status).toBe("CREATED");
    expect(board.events.find((e) => e.id === quiet.id)).toMatchObject({ worst: 0, staked: 0, bets: 0 });

    const open = await env.DB.prepare(
      `SELECT COUNT(*) AS n, SUM(potential_cents) AS potential FROM multiples WHERE bookmaker_id = ?1 AND status = 'ACCEPTED'`,
    )
      .bind(book.bookmakerId)
      .first<{ n: number; potential: number }>();
    expect(open).toEqual({ n: 1, potential: cents(double.potentialPayout) });
    expect(board.multiples).toEqual({ open: 1, potential: double.potentialPayout });
    expect(cents(board.worstCase)).toBe(worstCents + open!.potential);
  });

  it("is the caller's own book only: a punter has none, another bookmaker sees his own", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 50 });
    const event = await newEvent(book);
    await placeBet(punter, book, event, 0, 10);

    const asPunter = await call("GET", "/events/liability", { token: punter.token });
    expect(asPunter.status).toBe(404);
    expect((await call("GET", "/events/liability")).status).toBe(401);
    const stranger = await signIn("nobody");
    expect((await call("GET", "/events/liability", { token: stranger.token })).status).toBe(404);

    const other = await newBook({ coins: 1000 });
    expect(await boardOf(other)).toEqual({ events: [], multiples: { open: 0, potential: 0 }, worstCase: 0 });
    expect((await boardOf(book)).events.map((e) => e.id)).toEqual([event.id]);
  });

  it("answers 304 while nothing changed, and a new answer after a bet, a multiple or a result", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const [a, b] = [await newEvent(book), await newEvent(book, { title: "Football / Spain" })];
    const path = "/events/liability";
    const token = book.owner.token;

    let etag = await tagOf(path, token);
    await placeBet(punter, book, a, 0, 10);
    let now = await poll(path, token, etag);
    expect(now.status).toBe(200);
    expect((now.body as LiabilityBoard).events.find((e) => e.id === a.id)?.staked).toBe(10);

    etag = await tagOf(path, token);
    await placeMultiple(
      punter,
      book,
      "DOUBLE",
      [
        [a, 1],
        [b, 0],
      ],
      1,
    );
    now = await poll(path, token, etag);
    expect(now.status).toBe(200);
    expect((now.body as LiabilityBoard).multiples.open).toBe(1);

    // A multiple stays open until its last leg settles.
    etag = await tagOf(path, token);
    await finalize(book, b, [0]);
    now = await poll(path, token, etag);
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ events: [{ id: a.id }], multiples: { open: 1 } });

    etag = await tagOf(path, token);
    await finalize(book, a, [1]);
    now = await poll(path, token, etag);
    expect(now.status).toBe(200);
    expect(now.body).toEqual({ events: [], multiples: { open: 0, potential: 0 }, worstCase: 0 });
    expect((await poll(path, token, now.etag)).status).toBe(304);
  });
});
