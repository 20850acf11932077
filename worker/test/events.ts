import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { EachWay } from "../../common/each-way";
import type { Bet, BookmakerEvent } from "../contract";
import type { EventRoom } from "../events/room/room";
import { PAYOUT_SQL, PLACE_ONLY_SQL } from "../ledger/settlement";
import { call, type TestUser } from "./api";
import { send } from "./client";
import type { TestBook } from "./world";

// Builders for event tests, through the API.

export const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** `n` runners, "Runner 1" at 3.0, "Runner 2" at 4.0 and so on. */
export const runners = (n: number): [string, number][] =>
  Array.from({ length: n }, (_, i) => [`Runner ${i + 1}`, 3 + i]);

export interface DraftOptions {
  items?: [string, number][];
  maxTotalPayout?: number;
  botEqualizer?: boolean;
  rule4?: boolean;
  deadHeat?: boolean;
  eachWay?: EachWay;
  sp?: boolean;
  bog?: boolean;
  returnPrice?: number;
  startDate?: string;
  endDate?: string;
  title?: string;
  description?: string;
}

export function draftBody(book: TestBook, o: DraftOptions = {}) {
  return {
    title: o.title ?? "Horse Racing / United Kingdom",
    description: o.description ?? "Race 1 at Ascot",
    startDate: o.startDate ?? inHours(2),
    endDate: o.endDate ?? inHours(3),
    bookmakerId: book.bookmakerId,
    maxTotalPayout: o.maxTotalPayout ?? 10_000,
    items: (
      o.items ?? [
        ["Red Rum", 2],
        ["Shergar", 3],
      ]
    ).map(([title, coefficient]) => ({ title, coefficient })),
    returnPrice: o.returnPrice ?? 0.5,
    botEqualizer: o.botEqualizer ?? false,
    ...(o.rule4 === undefined ? {} : { rule4: o.rule4 }),
    ...(o.deadHeat === undefined ? {} : { deadHeat: o.deadHeat }),
    ...(o.eachWay === undefined ? {} : { eachWay: o.eachWay }),
    ...(o.sp === undefined ? {} : { sp: o.sp }),
    ...(o.bog === undefined ? {} : { bog: o.bog }),
  };
}

/** A published event (READY_FOR_BETS) of `book`. */
export async function newEvent(book: TestBook, o: DraftOptions = {}): Promise<BookmakerEvent> {
  const token = book.owner.token;
  const { eventId } = await send("POST /drafts", { token, body: draftBody(book, o) });
  await send("POST /events", { token, body: { draftId: eventId } });
  return send("GET /events/:id", { token, params: { id: eventId } });
}

export function bet(
  punter: TestUser,
  book: TestBook,
  event: BookmakerEvent,
  itemIndex: number,
  amount: number,
  coefficient?: number,
  eachWay = false,
) {
  const item = event.items[itemIndex];
  return call("POST", "/bets", {
    token: punter.token,
    body: {
      requestId: 0,
      bookmakerId: book.bookmakerId,
      eventId: event.id,
      eventItemId: item.id,
      amount,
      coefficient: coefficient ?? item.currCoefficient,
      ...(eachWay ? { eachWay } : {}),
    },
  });
}

/** A bet at SP (no price: it follows its outcome's price until the result). */
export const betAtSp = (
  punter: TestUser,
  book: TestBook,
  event: BookmakerEvent,
  itemIndex: number,
  amount: number,
  eachWay = false,
) =>
  call("POST", "/bets", {
    token: punter.token,
    body: {
      bookmakerId: book.bookmakerId,
      eventId: event.id,
      eventItemId: event.items[itemIndex].id,
      amount,
      atSp: true,
      ...(eachWay ? { eachWay } : {}),
    },
  });

export async function placeBet(
  punter: TestUser,
  book: TestBook,
  event: BookmakerEvent,
  itemIndex: number,
  amount: number,
): Promise<Bet> {
  const res = await bet(punter, book, event, itemIndex, amount);
  if (res.status !== 201) throw new Error(`bet refused: ${res.status} ${await res.text()}`);
  return res.json<Bet>();
}

export const roomStub = (eventId: number) => env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(String(eventId)));

/** Moves an event's start into the past, in D1 and in its room, as time passing would. */
export async function startEvent(eventId: number) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await env.DB.prepare(`UPDATE events SET start_date = ?2 WHERE id = ?1`).bind(eventId, past).run();
  await runInDurableObject(roomStub(eventId), async (room: EventRoom) => {
    (room as unknown as { memory: { stale: boolean } }).memory.stale = true; // read D1 again
  });
}

export const coins = async (token: string, bookmakerId: number) =>
  (await send("GET /balances/:bookmakerId", { token, params: { bookmakerId } })).amount;
export const poolCoins = async (book: TestBook) =>
  (await send("GET /balances", { token: book.owner.token })).balance.amount;

/**
 * The book's worst result recomputed from the bets alone, by trying every winner and every set of
 * other placed outcomes: the most the pairs on the winner and the place parts on the others pay.
 */
export async function worstResult(eventId: number, places: number) {
  const { results } = await env.DB.prepare(
    `SELECT b.item_id, SUM(${PAYOUT_SQL}) AS win, SUM(CASE b.part WHEN 'PLACE' THEN ${PLACE_ONLY_SQL} ELSE 0 END) AS place
     FROM bets b WHERE b.event_id = ?1 AND b.status = 'ACCEPTED' GROUP BY b.item_id`,
  )
    .bind(eventId)
    .all<{ item_id: number; win: number; place: number }>();
  let worst = 0;
  const subsets = (rest: typeof results, k: number): (typeof results)[] =>
    k === 0 || rest.length === 0
      ? [[]]
      : [...subsets(rest.slice(1), k - 1).map((s) => [rest[0], ...s]), ...subsets(rest.slice(1), k)];
  for (const winner of results)
    for (const others of subsets(
      results.filter((r) => r !== winner),
      places - 1,
    ))
      worst = Math.max(worst, winner.win + others.reduce((sum, o) => sum + o.place, 0));
  return worst;
}
