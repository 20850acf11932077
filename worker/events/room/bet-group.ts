import type { PlaceTerms } from "../../../common/each-way";
import { bookMovesStatements } from "../../ledger/moves";
import { replaceableBinds, replaceableSql } from "../../idempotency/keys";
import { nowIso } from "../../lib/time";
import type { BetTotals } from "../rules/book";
import type { BetRowInput } from "./statements";

// A group of an event's bets as D1 writes them: a handful of statements whatever the group's
// size, each taking the group's rows as one JSON array (json_each), rather than four or five
// statements a bet. Every statement does for all what the single bet's did for one: one STAKE
// ledger row per bet, the pool credited and each punter debited by his stakes, the WIN rows
// (and each-way PLACE rows naming them), the rows of the keys the bets were sent with, each
// holding its bet's answer, and each outcome's stored totals. A punter short of coins still breaks his account's CHECK and
// rolls the whole group back (the writer then writes it bet by bet), as a missing account
// breaks the ledger's.

/** One bet of a group, as the room reserved it. */
export interface GroupBet {
  row: BetRowInput;
  /** The pool owner whose book the stake moves into (the event's owner). */
  poolOwnerId: number;
  placeTerms: PlaceTerms | null;
  /**
   * The call's Idempotency-Key: its row is written DONE in the group's batch with the bet's 201
   * (`answer`, its text with 0 for the bet's id: bets/answer.ts), the hash of its
   * request, and the ref a rebuild reads.
   */
  idempotency?: { key: string; hash: string; ref: string; answer: string; userId: number };
  totals: BetTotals;
  /**
   * What a bet of its own kind writes beside it, given by the room (BetDesk's `BetKinds`) and
   * prepared on the database the group is written to: `before` the stakes move, `after` the
   * bet's rows (which it may name by punter and outcome). A counter bet's ticket: its cash in
   * before, the ticket after.
   */
  own?: (db: D1Database) => OwnStatements;
}

/** A bet's own statements around its group's (GroupBet.own). */
export interface OwnStatements {
  before: D1PreparedStatement[];
  after: D1PreparedStatement[];
}

const at = (path: string) => `json_extract(j.value, '$[${path}]')`;

/** The group's statements; the WIN rows' ids come back from the one at `idsAt` (user_id, item_id, id). */
export function groupStatements(
  db: D1Database,
  bets: GroupBet[],
): { statements: D1PreparedStatement[]; idsAt: number } {
  if (bets.length === 0) throw new Error("an empty group of bets");
  const { eventId, bookmakerId } = bets[0].row;
  const poolOwnerId = bets[0].poolOwnerId;
  if (bets.some((b) => b.row.eventId !== eventId || b.poolOwnerId !== poolOwnerId))
    throw new Error("a group of bets spans events");
  // An each-way bet stakes both parts in one move.
  const own = bets.flatMap((b) => (b.own ? [b.own(db)] : []));
  const staked = (b: GroupBet) => (b.placeTerms ? 2 * b.row.stakeCents : b.row.stakeCents);
  const totals = new Map<number, BetTotals>();
  for (const b of bets) {
    const t = totals.get(b.row.itemId) ?? { stakeCents: 0, payoutCents: 0, placeCents: 0 };
    t.stakeCents += b.totals.stakeCents;
    t.payoutCents += b.totals.payoutCents;
    t.placeCents += b.totals.placeCents;
    totals.set(b.row.itemId, t);
  }
  const places = bets.filter((b) => b.placeTerms);
  const keyed = bets.filter((b) => b.idempotency);

  const statements = [
    // Bets of their own kind are few (a counter bet is a clerk's tap): a handful of statements each.
    ...own.flatMap((o) => o.before),
    // One STAKE move per bet, in the group's order, through the ledger's set-wise writer.
    ...bookMovesStatements(db, {
      moves: `SELECT ${at("0")} AS punter_id, ${at("1")} AS amount_cents, 'STAKE' AS kind, ?2 AS ref, ${at("2")} AS created_at
        FROM json_each(?3) j`,
      values: [
        poolOwnerId,
        `event:${eventId}`,
        JSON.stringify(bets.map((b) => [b.row.userId, staked(b), b.row.createdAt])),
      ],
      owner: "?1",
      way: "TO_POOL",
    }),
    db
      .prepare(
        // With the bookmaker's own price of this moment (book_*), the most a cash-out counts it at.
        `INSERT INTO bets (event_id, item_id, user_id, bookmaker_id, stake_cents, odds_num, odds_den, created_at, at_sp,
           book_num, book_den)
         SELECT ?1, ${at("0")}, ${at("1")}, ?2, ${at("2")}, ${at("3")}, ${at("4")}, ${at("5")}, ${at("6")}, i.odds_num, i.odds_den
         FROM json_each(?3) j JOIN event_items i ON i.id = ${at("0")}
         RETURNING user_id, item_id, id`,
      )
      .bind(
        eventId,
        bookmakerId,
        JSON.stringify(
          bets.map((b) => [
            b.row.itemId,
            b.row.userId,
            b.row.stakeCents,
            b.row.odds.num,
            b.row.odds.den,
            b.row.createdAt,
            b.row.atSp ? 1 : 0,
          ]),
        ),
      ),
    // An each-way bet's PLACE row copies its WIN row and names it, with the terms in force.
    ...(places.length === 0
      ? []
      : [
          db
            .prepare(
              `INSERT INTO bets (event_id, item_id, user_id, bookmaker_id, stake_cents, odds_num, odds_den, created_at, at_sp,
                 book_num, book_den, part, each_way_of, place_places, place_fraction)
               SELECT w.event_id, w.item_id, w.user_id, w.bookmaker_id, w.stake_cents, w.odds_num, w.odds_den, w.created_at, w.at_sp,
                 w.book_num, w.book_den, 'PLACE', w.id, ${at("2")}, ${at("3")}
               FROM json_each(?1) j JOIN bets w ON w.item_id = ${at("0")} AND w.user_id = ${at("1")} AND w.part = 'WIN'`,
            )
            .bind(
              JSON.stringify(
                places.map((b) => [b.row.itemId, b.row.userId, b.placeTerms!.places, b.placeTerms!.fraction]),
              ),
            ),
        ]),
    // The keys' rows, each DONE with its bet's answer (its id filled in). A live row of the key
    // (another attempt's answer, or the key with another body) breaks the state CHECK and aborts
    // the batch, as an overdraft does; the middleware then answers from that row.
    ...(keyed.length === 0
      ? []
      : [
          db
            .prepare(
              `INSERT INTO idempotency_keys (user_id, key, request_hash, state, ref, status, body, claim, claimed_at, created_at)
               SELECT k.user_id, k.key, k.hash, 'DONE', k.ref, 201,
                 replace(replace(k.answer, '"betId":0,', '"betId":' || b.id || ','), '"eachWayOf":0,', '"eachWayOf":' || b.id || ','),
                 'batch', ?2, ?2
               FROM (SELECT ${at("0")} AS user_id, ${at("1")} AS item_id, ${at("2")} AS key, ${at("3")} AS hash,
                       ${at("4")} AS ref, ${at("5")} AS answer, ${at("6")} AS punter_id FROM json_each(?1) j) k
               JOIN bets b ON b.item_id = k.item_id AND b.user_id = k.punter_id AND b.part = 'WIN'
               WHERE true
               ON CONFLICT (user_id, key) DO UPDATE SET
                 state = CASE WHEN ${replaceableSql("?3", "?4")} THEN 'DONE' ELSE 'ALREADY ' || idempotency_keys.state END,
                 request_hash = excluded.request_hash, ref = excluded.ref, status = excluded.status, body = excluded.body,
                 claim = excluded.claim, claimed_at = excluded.claimed_at, created_at = excluded.created_at`,
            )
            .bind(
              JSON.stringify(
                keyed.map((b) => {
                  const k = b.idempotency!;
                  return [k.userId, b.row.itemId, k.key, k.hash, k.ref, k.answer, b.row.userId];
                }),
              ),
              nowIso(),
              ...replaceableBinds(Date.now()),
            ),
        ]),
    // Each outcome's stakes and liabilities grow by its bets in the group.
    db
      .prepare(
        `UPDATE event_items SET stake_cents = stake_cents + t.stake, liability_cents = liability_cents + t.payout,
           place_liability_cents = place_liability_cents + t.place
         FROM (SELECT ${at("0")} AS id, ${at("1")} AS stake, ${at("2")} AS payout, ${at("3")} AS place FROM json_each(?1) j) t
         WHERE event_items.id = t.id`,
      )
      .bind(JSON.stringify([...totals].map(([id, t]) => [id, t.stakeCents, t.payoutCents, t.placeCents]))),
  ];
  // After the WIN insert come the PLACE insert, the keys and the totals, each when there is one.
  const idsAt = statements.length - 2 - (places.length === 0 ? 0 : 1) - (keyed.length === 0 ? 0 : 1);
  // Last, what each bet of its own kind writes after it (a counter bet's ticket, naming its WIN row).
  statements.push(...own.flatMap((o) => o.after));
  return { statements, idsAt };
}

/** The WIN rows' ids a group's insert returned, by punter and outcome. */
export function insertedIds(result: D1Result | undefined): Map<string, number> {
  const rows = (result?.results ?? []) as { user_id: number; item_id: number; id: number }[];
  return new Map(rows.map((r) => [`${r.user_id}:${r.item_id}`, r.id]));
}
