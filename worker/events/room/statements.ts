import type { PlaceTerms } from "../../../common/each-way";
import type { Odds } from "../../../common/odds";
import {
  betFilterSql,
  filterIds,
  filterPlaces,
  PAYOUT_SQL,
  PLACE_ONLY_SQL,
  type BetFilter,
} from "../../ledger/settlement";
import { prepareNumbered } from "../../lib/numbered";
import { nowIso } from "../../lib/time";
import type { DraftInput } from "../schemas";
import {
  eachWayColumns,
  EVENT_COLUMNS,
  toEventState,
  toOutcomeState,
  type EventRow,
  type EventState,
  type OutcomeRow,
  type OutcomeState,
} from "../state";
import { type OwnShare } from "../bet-request";

// The statements the EventRoom runs against D1 for its event, outcomes and bets, but a group
// of bets' (bet-group.ts, set-wise). The room arranges them into batches; no module outside
// events/room/ writes these rows but the multiples' legs and a lapsed book's deletion
// (events/gate.node.test.ts holds the source to that). Coins move only through the ledger
// (ledger/moves.ts), and payouts use its one payout expression (PAYOUT_SQL), so a bet's
// liability, its WON amount and its PAYOUT row can never disagree.

/** The event, its outcomes, each outcome's live stakes and liability, and who has bet on what. */
export function loadStatements(db: D1Database, eventId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(`SELECT ${EVENT_COLUMNS} FROM events e JOIN bookmakers b ON b.id = e.bookmaker_id WHERE e.id = ?1`)
      .bind(eventId),
    db.prepare(`SELECT * FROM event_items WHERE event_id = ?1 ORDER BY position`).bind(eventId),
    db
      .prepare(
        `SELECT b.item_id, SUM(b.stake_cents) AS stake, SUM(${PAYOUT_SQL}) AS liability,
           SUM(CASE b.part WHEN 'PLACE' THEN ${PLACE_ONLY_SQL} ELSE 0 END) AS place_liability
         FROM bets b WHERE b.event_id = ?1 AND b.status = 'ACCEPTED' GROUP BY b.item_id`,
      )
      .bind(eventId),
    // Every bet's punter and outcome (one bet per outcome, refunded ones too), with what his accepted ones pay.
    db
      .prepare(
        `SELECT b.user_id, b.item_id,
           SUM(CASE WHEN b.status = 'ACCEPTED' THEN ${PAYOUT_SQL} ELSE 0 END) AS liability,
           SUM(CASE WHEN b.status = 'ACCEPTED' AND b.part = 'PLACE' THEN ${PLACE_ONLY_SQL} ELSE 0 END) AS place_liability
         FROM bets b WHERE b.event_id = ?1 GROUP BY b.user_id, b.item_id`,
      )
      .bind(eventId),
  ];
}

/** The event as its room holds it, read in one batch (the event is null when there is none). */
export async function loadEvent(db: D1Database, eventId: number) {
  const [events, items, totals, bettors] = await db.batch(loadStatements(db, eventId));
  const row = events.results[0] as EventRow | undefined;
  const sums = new Map(
    (totals.results as { item_id: number; stake: number; liability: number; place_liability: number }[]).map((t) => [
      t.item_id,
      t,
    ]),
  );
  return {
    event: row ? toEventState(row) : null,
    items: new Map((items.results as OutcomeRow[]).map((i) => [i.id, toOutcomeState(i, sums.get(i.id))])),
    bettors: new Map(
      (bettors.results as { user_id: number; item_id: number; liability: number; place_liability: number }[]).map(
        (b): [string, OwnShare] => [
          `${b.user_id}:${b.item_id}`,
          { winCents: b.liability, placeCents: b.place_liability },
        ],
      ),
    ),
  };
}

/** Whether the punter is an approved member and his limits (his own, else the book's), and until when the bookmaker's subscription runs. */
export function punterCheckStatements(db: D1Database, e: EventState, userId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `SELECT m.status, COALESCE(m.max_stake_cents, b.max_stake_cents) AS max_stake_cents,
           COALESCE(m.max_payout_per_event_cents, b.max_payout_per_event_cents) AS max_payout_cents
         FROM memberships m JOIN bookmakers b ON b.id = m.bookmaker_id WHERE m.bookmaker_id = ?1 AND m.user_id = ?2`,
      )
      .bind(e.bookmakerId, userId),
    subscriptionStatement(db, e),
  ];
}

/** Until when the bookmaker's subscription runs. */
const subscriptionStatement = (db: D1Database, e: EventState) =>
  db
    .prepare(`SELECT end_date FROM user_subscriptions WHERE user_id = ?1 AND type = 'BOOKMAKER' AND active = 1`)
    .bind(e.ownerId);

/** As punterCheckStatements, for a counter bet: the book's own limits, as an approved member's, and its subscription. */
export function counterCheckStatements(db: D1Database, e: EventState): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `SELECT 'APPROVED' AS status, max_stake_cents, max_payout_per_event_cents AS max_payout_cents FROM bookmakers WHERE id = ?1`,
      )
      .bind(e.bookmakerId),
    subscriptionStatement(db, e),
  ];
}

/**
 * Marks the event changed: polled lists answer with a new ETag, and `last_op` records which
 * admin operation wrote last, so after a write whose outcome is unknown the room can read
 * whether it landed.
 */
export function touch(db: D1Database, eventId: number, opId: string | null = null): D1PreparedStatement {
  return opId === null
    ? db.prepare(`UPDATE events SET version = version + 1, updated_at = ?2 WHERE id = ?1`).bind(eventId, nowIso())
    : db
        .prepare(`UPDATE events SET version = version + 1, updated_at = ?2, last_op = ?3 WHERE id = ?1`)
        .bind(eventId, nowIso(), opId);
}

/** The admin operation that wrote last (see `touch`). */
export const lastOpStatement = (db: D1Database, eventId: number) =>
  db.prepare(`SELECT last_op FROM events WHERE id = ?1`).bind(eventId);

export function insertEventStatement(
  db: D1Database,
  eventId: number,
  owner: { bookmakerId: number },
  input: DraftInput,
) {
  const now = nowIso();
  return db
    .prepare(
      `INSERT INTO events (id, bookmaker_id, title, description, status, start_date, end_date, max_total_payout_cents,
         return_pct, bot_equalizer, rule4, dead_heat, each_way, each_way_places, each_way_fraction, sp, bog, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, 'CREATED', ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?17)`,
    )
    .bind(
      eventId,
      owner.bookmakerId,
      input.title,
      input.description,
      input.startDate,
      input.endDate,
      input.maxTotalPayout,
      input.returnPrice,
      input.botEqualizer ? 1 : 0,
      input.rule4 ? 1 : 0,
      input.deadHeat ? 1 : 0,
      ...eachWayColumns(input.eachWay),
      input.sp ? 1 : 0,
      input.bog ? 1 : 0,
      now,
    );
}

/** A new outcome with the bookmaker's odds and the odds bets are taken at. */
export const insertItemStatement = (
  db: D1Database,
  eventId: number,
  position: number,
  title: string,
  odds: Odds,
  curr: Odds,
) =>
  db
    .prepare(
      `INSERT INTO event_items (event_id, position, title, odds_num, odds_den, curr_num, curr_den) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
    )
    .bind(eventId, position, title, odds.num, odds.den, curr.num, curr.den);

export const renameItemStatement = (db: D1Database, itemId: number, title: string, odds: Odds) =>
  db
    .prepare(`UPDATE event_items SET title = ?2, odds_num = ?3, odds_den = ?4 WHERE id = ?1`)
    .bind(itemId, title, odds.num, odds.den);

export const deleteItemStatement = (db: D1Database, itemId: number) =>
  db.prepare(`DELETE FROM event_items WHERE id = ?1`).bind(itemId);

/** The bookmaker's odds of one outcome. */
export const itemOddsStatement = (db: D1Database, item: OutcomeState) =>
  db
    .prepare(`UPDATE event_items SET odds_num = ?2, odds_den = ?3 WHERE id = ?1`)
    .bind(item.id, item.odds.num, item.odds.den);

/** The odds bets are taken at now, for every outcome. */
export const currentOddsStatements = (db: D1Database, items: Iterable<OutcomeState>) =>
  [...items].map((i) =>
    db.prepare(`UPDATE event_items SET curr_num = ?2, curr_den = ?3 WHERE id = ?1`).bind(i.id, i.curr.num, i.curr.den),
  );

/** A non-runner, with its Rule 4 deduction (0 without Rule 4) and the time it was withdrawn. */
export const withdrawItemStatement = (db: D1Database, itemId: number, deduction: number, now: string) =>
  db
    .prepare(`UPDATE event_items SET status = 'NR', deduction = ?2, withdrawn_at = ?3 WHERE id = ?1`)
    .bind(itemId, deduction, now);

/**
 * Rule 4: the live bets on the other outcomes, all struck before this withdrawal, take its
 * deduction (90p at most). Bets at a price take every withdrawal's; the SP takes only a `late`
 * one's (common/sp.ts deductsFromSp): an SP bet's `deduction` is its SP's, and a BOG bet keeps
 * both, its price's and its SP's (`sp_deduction`), for the result to pay the better.
 */
export const deductBetsStatement = (
  db: D1Database,
  eventId: number,
  withdrawnId: number,
  deduction: number,
  late: boolean,
) =>
  db
    .prepare(
      `UPDATE bets SET deduction = CASE WHEN at_sp = 0 OR ?4 = 1 THEN MIN(90, deduction + ?3) ELSE deduction END,
         sp_deduction = CASE WHEN ?4 = 1 THEN MIN(90, sp_deduction + ?3) ELSE sp_deduction END
       WHERE event_id = ?1 AND status = 'ACCEPTED' AND item_id <> ?2`,
    )
    .bind(eventId, withdrawnId, deduction, late ? 1 : 0);

/**
 * SP bets are counted at their outcome's price now (the bookmaker's): their odds follow it with
 * every change that moves it, in that change's batch, and the room's book is read again after.
 */
export const spBetsAtPriceStatement = (db: D1Database, eventId: number) =>
  db
    .prepare(
      `UPDATE bets SET odds_num = i.odds_num, odds_den = i.odds_den FROM event_items i
       WHERE bets.item_id = i.id AND bets.event_id = ?1 AND bets.at_sp = 1 AND bets.status = 'ACCEPTED'
         AND (bets.odds_num <> i.odds_num OR bets.odds_den <> i.odds_den)`,
    )
    .bind(eventId);

/** The running outcomes' starting prices, as the result sets them. Before resultItemsStatement (which ends "running"). */
export const startingPricesStatement = (db: D1Database, eventId: number, sps: { itemId: number; odds: Odds }[]) =>
  db
    .prepare(
      `UPDATE event_items SET sp_num = json_extract(k.value, '$[1]'), sp_den = json_extract(k.value, '$[2]')
       FROM json_each(?2) k
       WHERE event_items.event_id = ?1 AND event_items.status = 'ACTIVE' AND event_items.id = json_extract(k.value, '$[0]')`,
    )
    .bind(eventId, JSON.stringify(sps.map((s) => [s.itemId, s.odds.num, s.odds.den])));

/**
 * Which live bets are paid at SP (common/sp.ts paidAtSp): every SP bet, and with best odds
 * guaranteed (`bog`) a bet struck at a price whose SP, less the SP's deduction, is the longer
 * price: num × (100 − deduction) ÷ den compared exactly, which orders the returns whatever the
 * stake, place fraction or dead heat. They take their outcome's SP; the one payout expression
 * then pays them at it. Before the payouts.
 */
export const paidAtSpStatement = (db: D1Database, eventId: number, bog: boolean) =>
  db
    .prepare(
      `UPDATE bets SET sp_num = i.sp_num, sp_den = i.sp_den FROM event_items i
       WHERE bets.item_id = i.id AND bets.event_id = ?1 AND bets.status = 'ACCEPTED' AND i.sp_num IS NOT NULL
         AND (bets.at_sp = 1 OR (?2 = 1
           AND i.sp_num * (100 - bets.sp_deduction) * bets.odds_den > bets.odds_num * (100 - bets.deduction) * i.sp_den))`,
    )
    .bind(eventId, bog ? 1 : 0);

/** The dead-heat rule: win bets (and win parts) on the winners share first place with `n` outcomes. Put it before the payouts. */
export const deadHeatStatement = (db: D1Database, eventId: number, winners: number[], n: number) =>
  db
    .prepare(
      `UPDATE bets SET dead_heat = ?3 WHERE event_id = ?1 AND status = 'ACCEPTED' AND part = 'WIN' AND item_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(eventId, JSON.stringify(winners), n);

/**
 * Place parts learn how their win part fared: its dead heat on a winner (1 without one), 0 on
 * any other outcome, so the pair is paid together or the place part alone. Before the payouts.
 */
export const winPartStatement = (db: D1Database, eventId: number, winners: number[], deadHeat: number) =>
  db
    .prepare(
      `UPDATE bets SET win_dead_heat = CASE WHEN item_id IN (SELECT value FROM json_each(?2)) THEN ?3 ELSE 0 END
       WHERE event_id = ?1 AND status = 'ACCEPTED' AND part = 'PLACE'`,
    )
    .bind(eventId, JSON.stringify(winners), deadHeat);

/** A dead heat for the last paying place: place parts on `tied` are paid on stake × share ÷ their number. Before the payouts. */
export const placeDeadHeatStatement = (db: D1Database, eventId: number, tied: number[], share: number) =>
  db
    .prepare(
      `UPDATE bets SET dead_heat_share = ?3, dead_heat = ?4
       WHERE event_id = ?1 AND status = 'ACCEPTED' AND part = 'PLACE' AND item_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(eventId, JSON.stringify(tied), share, tied.length);

export const eventStatusStatement = (db: D1Database, e: EventState) =>
  db.prepare(`UPDATE events SET status = ?2, published_at = ?3 WHERE id = ?1`).bind(e.id, e.status, e.publishedAt);

export const eventDatesStatement = (db: D1Database, e: EventState) =>
  db
    .prepare(
      `UPDATE events SET start_date = ?2, end_date = ?3, start_date2 = ?4, start_date3 = ?5, start_date4 = ?6, start_date5 = ?7, status = ?8
       WHERE id = ?1`,
    )
    .bind(e.id, e.startDate, e.endDate, ...e.earlierStarts, e.status);

export const eventSettingsStatement = (db: D1Database, e: EventState) =>
  db
    .prepare(
      `UPDATE events SET return_pct = ?2, max_total_payout_cents = ?3, bot_equalizer = ?4, rule4 = ?5, dead_heat = ?6,
         each_way = ?7, each_way_places = ?8, each_way_fraction = ?9, sp = ?10, bog = ?11 WHERE id = ?1`,
    )
    .bind(
      e.id,
      e.returnPct,
      e.maxPayoutCents,
      e.botEqualizer ? 1 : 0,
      e.rule4 ? 1 : 0,
      e.deadHeat ? 1 : 0,
      ...eachWayColumns(e.eachWay),
      e.sp ? 1 : 0,
      e.bog ? 1 : 0,
    );

/** Whether the event applies Rule 4 and the dead-heat rule, its each-way terms, and whether it takes SP and gives BOG. */
export const eventRulesStatement = (db: D1Database, e: EventState) =>
  db
    .prepare(
      `UPDATE events SET rule4 = ?2, dead_heat = ?3, each_way = ?4, each_way_places = ?5, each_way_fraction = ?6, sp = ?7, bog = ?8
       WHERE id = ?1`,
    )
    .bind(e.id, e.rule4 ? 1 : 0, e.deadHeat ? 1 : 0, ...eachWayColumns(e.eachWay), e.sp ? 1 : 0, e.bog ? 1 : 0);

export const eventSettledStatement = (
  db: D1Database,
  eventId: number,
  status: "CALCULATED" | "CANCELLED",
  now: string,
) => db.prepare(`UPDATE events SET status = ?2, settled_at = ?3 WHERE id = ?1`).bind(eventId, status, now);

/** Outcomes at place 1 become WINNER, every other running outcome LOSER; each placed outcome keeps its place. */
export const resultItemsStatement = (db: D1Database, eventId: number, placings: { itemId: number; place: number }[]) =>
  db
    .prepare(
      `UPDATE event_items SET
         place = (SELECT json_extract(k.value, '$[1]') FROM json_each(?2) k WHERE json_extract(k.value, '$[0]') = event_items.id),
         status = CASE WHEN EXISTS (SELECT 1 FROM json_each(?2) k
           WHERE json_extract(k.value, '$[0]') = event_items.id AND json_extract(k.value, '$[1]') = 1) THEN 'WINNER' ELSE 'LOSER' END
       WHERE event_id = ?1 AND status = 'ACTIVE'`,
    )
    .bind(eventId, JSON.stringify(placings.map((p) => [p.itemId, p.place])));

/** Settles the matching ACCEPTED bets; put it after the ledger statements that read them. */
export function betStatusStatement(
  db: D1Database,
  filter: BetFilter,
  status: "WON" | "LOST" | "CANCELLED",
  now: string,
): D1PreparedStatement {
  const where = betFilterSql(filter, { event: "?1", ids: "?4", places: "?5" });
  const payout = status === "WON" ? PAYOUT_SQL : "0";
  return prepareNumbered(
    db,
    `UPDATE bets AS b SET status = ?2, payout_cents = ${payout}, settled_at = ?3 WHERE ${where}`,
    [filter.eventId, status, now, filterIds(filter), filterPlaces(filter)],
  );
}

export interface BetRowInput {
  eventId: number;
  itemId: number;
  userId: number;
  bookmakerId: number;
  stakeCents: number;
  odds: Odds;
  /** At SP: `odds` is the outcome's price now, followed until the result (spBetsAtPriceStatement). */
  atSp: boolean;
  createdAt: string;
}

/**
 * The terms of an event's live place parts, when a non-runner changes standard terms: what
 * they would pay follows (and is counted again by itemTotalsStatement in the same batch).
 */
export const placeTermsStatement = (db: D1Database, eventId: number, terms: PlaceTerms) =>
  db
    .prepare(
      `UPDATE bets SET place_places = ?2, place_fraction = ?3 WHERE event_id = ?1 AND part = 'PLACE' AND status = 'ACCEPTED'`,
    )
    .bind(eventId, terms.places, terms.fraction);

/** The bet row (a win bet, or an each-way bet's WIN row); its RETURNING row is the bet's id. */
/** The bets that exist among `keys` (punter, outcome): read after a write whose outcome is unknown. */
export const existingBetsStatement = (db: D1Database, eventId: number, keys: { userId: number; itemId: number }[]) =>
  db
    .prepare(
      `SELECT b.id, b.user_id, b.item_id, b.stake_cents, b.created_at FROM bets b
       JOIN json_each(?2) k ON b.user_id = json_extract(k.value, '$[0]') AND b.item_id = json_extract(k.value, '$[1]')
       WHERE b.event_id = ?1 AND b.part = 'WIN'`,
    )
    .bind(eventId, JSON.stringify(keys.map((k) => [k.userId, k.itemId])));

/**
 * A settlement undone: the bets it closed are live again (payout, dead heat and settlement
 * cleared), its winners and losers run again, a last non-runner that closed the event runs
 * again, and the event waits for its result. Put these after the ledger's reversal, which
 * reads the bets as settled.
 */
export function reopenStatements(db: D1Database, eventId: number, settledAt: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE bets SET status = 'ACCEPTED', payout_cents = 0, dead_heat = 1, dead_heat_share = 1, win_dead_heat = 1, settled_at = NULL,
           sp_num = NULL, sp_den = NULL
         WHERE event_id = ?1 AND settled_at = ?2 AND status <> 'CASHED_OUT'`,
      )
      .bind(eventId, settledAt),
    db
      .prepare(
        `UPDATE event_items SET status = 'ACTIVE', place = NULL, sp_num = NULL, sp_den = NULL
         WHERE event_id = ?1 AND status IN ('WINNER', 'LOSER')`,
      )
      .bind(eventId),
    db
      .prepare(
        `UPDATE event_items SET status = 'ACTIVE', deduction = 0, withdrawn_at = NULL WHERE event_id = ?1 AND status = 'NR' AND withdrawn_at = ?2`,
      )
      .bind(eventId, settledAt),
    db.prepare(`UPDATE events SET status = 'WAITING_FOR_RESULT', settled_at = NULL WHERE id = ?1`).bind(eventId),
  ];
}

/** Every outcome's totals counted again from its bets: after a change that settles, refunds or deducts many at once. */
export const itemTotalsStatement = (db: D1Database, eventId: number) =>
  db
    .prepare(
      `UPDATE event_items SET
         stake_cents = COALESCE((SELECT SUM(b.stake_cents) FROM bets b WHERE b.item_id = event_items.id AND b.status IN ('ACCEPTED', 'WON', 'LOST')), 0),
         liability_cents = COALESCE((SELECT SUM(${PAYOUT_SQL}) FROM bets b WHERE b.item_id = event_items.id AND b.status IN ('ACCEPTED', 'WON', 'LOST')), 0),
         place_liability_cents = COALESCE((SELECT SUM(${PLACE_ONLY_SQL}) FROM bets b
           WHERE b.item_id = event_items.id AND b.part = 'PLACE' AND b.status IN ('ACCEPTED', 'WON', 'LOST')), 0)
       WHERE event_id = ?1`,
    )
    .bind(eventId);
