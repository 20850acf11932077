import { decimalText, fractionalText, type Odds } from "../../../common/odds";
import { termsInForce } from "../../../common/each-way";
import type { BookmakerEvent, EachWayRule, PlayerEvent, RacingRules } from "../../contract";
import { fromCents } from "../../lib/money";
import { PAYOUT_SQL, PLACE_ONLY_SQL } from "../../ledger/settlement";
import { sharedRead } from "./shared-reads";
import { resultsCents } from "../rules/book";
import { maxStakeCents, placesInForce, punterBook, punterMaxStakeCents } from "../rules/book";
import {
  eachWayOf,
  EVENT_COLUMNS,
  isOpenStatus,
  toEventState,
  toOutcomeState,
  type EventRow,
  type OutcomeRow,
} from "../state";
import { type PunterCaps } from "../bet-request";

// Reads for the event screens, straight from D1 (never through a room).

const odds = (num: number, den: number): Odds => ({ num, den });

/** Bets that count for what-if: live ones, and settled ones for the realised gain. */
const COUNTED = `status IN ('ACCEPTED', 'WON', 'LOST')`;
/** Bets a punter cashed out: their gain counts for what-if whatever the result. */
const CASHED = `status = 'CASHED_OUT'`;

/** An event as the lists read it: its row, and what its bets cashed out staked and were paid. */
export type ListedEvent = EventRow & { cashed_out_stake_cents: number; cashed_out_cents: number };

/** What the event's cash-outs (`what`: stake or payout) came to, over `e`. */
const cashedOut = (what: "stake_cents" | "payout_cents") =>
  `(SELECT COALESCE(SUM(c.${what}), 0) FROM bets c WHERE c.event_id = e.id AND c.status = 'CASHED_OUT')`;

/** The events matching `where` (over `e`) and their outcomes, in one round trip. */
export async function loadEvents(db: D1Database, where: string, binds: unknown[]) {
  const [found, outcomes] = await db.batch([
    db
      .prepare(
        `SELECT ${EVENT_COLUMNS}, ${cashedOut("stake_cents")} AS cashed_out_stake_cents, ${cashedOut("payout_cents")} AS cashed_out_cents
         FROM events e JOIN bookmakers b ON b.id = e.bookmaker_id WHERE ${where} ORDER BY e.start_date DESC`,
      )
      .bind(...binds),
    db
      .prepare(
        `SELECT i.* FROM event_items i WHERE i.event_id IN (SELECT e.id FROM events e JOIN bookmakers b ON b.id = e.bookmaker_id WHERE ${where})
         ORDER BY i.event_id, i.position`,
      )
      .bind(...binds),
  ]);
  const events = found.results as ListedEvent[];
  const items = new Map<number, OutcomeRow[]>();
  for (const i of outcomes.results as OutcomeRow[]) items.set(i.event_id, [...(items.get(i.event_id) ?? []), i]);
  return { events, items };
}

export interface OwnTotalRow {
  event_id: number;
  item_id: number;
  stake_cents: number;
  payout_cents: number;
  /** What his place parts pay should the outcome only be placed. */
  place_cents: number;
  /** What his bets cashed out gained him (value less stake), whatever the result. */
  cashed_cents: number;
}

/**
 * The punter's own stake on each outcome of the events his list shows (the book's published
 * events started since `since`), and what those bets pay should the outcome win (Rule 4 and
 * dead heat included: the one payout expression) or only be placed, summed in D1 through the
 * index on user and event. A query of one row and one column, a JSON array of [event, outcome,
 * stake, payout, place]: a punter who backed every runner of a big field would otherwise come back as a hundred rows,
 * each converted on its way out of D1, and one column can ride along in another read (the
 * list's versions). `user`, `book` and `since` are the SQL parameters holding them.
 */
export const ownTotalsSql = (user: string, book: string, since: string) =>
  `SELECT json_group_array(json_array(event_id, item_id, stake_cents, payout_cents, place_cents, cashed_cents)) FROM (
     SELECT b.event_id, b.item_id, SUM(CASE WHEN b.${COUNTED} THEN b.stake_cents ELSE 0 END) AS stake_cents,
       SUM(CASE WHEN b.${COUNTED} THEN ${PAYOUT_SQL} ELSE 0 END) AS payout_cents,
       SUM(CASE WHEN b.status = 'ACCEPTED' AND b.part = 'PLACE' THEN ${PLACE_ONLY_SQL} ELSE 0 END) AS place_cents,
       SUM(CASE WHEN b.${CASHED} THEN b.payout_cents - b.stake_cents ELSE 0 END) AS cashed_cents FROM bets b
     WHERE b.user_id = ${user} AND (b.${COUNTED} OR b.${CASHED}) AND b.event_id IN
       (SELECT e.id FROM events e WHERE e.bookmaker_id = ${book} AND e.published_at IS NOT NULL AND e.start_date >= ${since})
     GROUP BY b.event_id, b.item_id)`;

/** The punter's own totals, read alone. */
export async function readOwnTotals(db: D1Database, a: { bookmakerId: number; userId: number; since: string }) {
  const row = await db
    .prepare(`SELECT (${ownTotalsSql("?1", "?2", "?3")}) AS totals`)
    .bind(a.userId, a.bookmakerId, a.since)
    .first<{ totals: string }>();
  return ownTotals(row?.totals);
}

/** The rows of ownTotalsSql's JSON answer. */
export function ownTotals(json: string | null | undefined): OwnTotalRow[] {
  return (JSON.parse(json ?? "[]") as [number, number, number, number, number, number][]).map(
    ([event_id, item_id, stake_cents, payout_cents, place_cents, cashed_cents]) => ({
      event_id,
      item_id,
      stake_cents,
      payout_cents,
      place_cents,
      cashed_cents,
    }),
  );
}

/** Each event's own totals: what he staked on it in all (and gained by cash-outs), and per outcome. */
function byEvent(rows: OwnTotalRow[]) {
  const events = new Map<
    number,
    {
      staked: number;
      cashed: number;
      items: Map<number, { stakeCents: number; payoutCents: number; placeCents: number }>;
    }
  >();
  for (const r of rows) {
    const own = events.get(r.event_id) ?? { staked: 0, cashed: 0, items: new Map() };
    own.staked += r.stake_cents;
    own.cashed += r.cashed_cents;
    own.items.set(r.item_id, { stakeCents: r.stake_cents, payoutCents: r.payout_cents, placeCents: r.place_cents });
    events.set(r.event_id, own);
  }
  return events;
}

/**
 * The book as its room sees it, from the totals the room keeps on each outcome (no bet is read):
 * what it pays on each result, and the most a bet on each outcome may stake.
 */
export function bookOf(e: EventRow, items: OutcomeRow[]) {
  const state = toEventState(e);
  const held = heldItems(items);
  return {
    results: resultsCents(
      [...held.values()].map((i) => ({
        id: i.id,
        active: i.status === "ACTIVE",
        winCents: i.liabilityCents,
        placeCents: i.placeLiabilityCents,
      })),
      placesInForce(state, held),
    ),
    /** The largest stake (cents, per part for each-way) a bet on the outcome may have now; 0 once bets are closed. */
    maxStake: (itemId: number, eachWay: boolean) => {
      const item = held.get(itemId)!;
      if (!isOpenStatus(e.status) || item.status !== "ACTIVE") return 0;
      if (eachWay && !state.eachWay) return 0;
      return maxStakeCents(state, held, item, item.curr, eachWay);
    },
  };
}

/** An event's outcomes as its room holds them, from the totals the room keeps on each. */
const heldItems = (items: OutcomeRow[]) =>
  new Map(
    items.map((i) => [
      i.id,
      toOutcomeState(i, {
        stake: i.stake_cents,
        liability: i.liability_cents,
        place_liability: i.place_liability_cents,
      }),
    ]),
  );

/**
 * The stakes offered to one punter on an event's outcomes: what the book takes (`stakes`, the
 * same for all), within his limits, counted over his own bets on it (`mine`) as the room counts them.
 */
function offeredStakes(
  e: EventRow,
  items: OutcomeRow[],
  stakes: Map<number, { win: number; eachWay: number }>,
  caps: PunterCaps,
  mine: Map<number, { payoutCents: number; placeCents: number }> | undefined,
) {
  if (caps.maxStakeCents === null && caps.maxPayoutCents === null) return stakes;
  const state = toEventState(e);
  const held = heldItems(items);
  const own = punterBook(held, (itemId) => {
    const m = mine?.get(itemId);
    return m && { winCents: m.payoutCents, placeCents: m.placeCents };
  });
  const offered = new Map<number, { win: number; eachWay: number }>();
  for (const i of held.values()) {
    const book = stakes.get(i.id) ?? { win: 0, eachWay: 0 };
    const within = (eachWay: boolean, upper: number) =>
      upper && punterMaxStakeCents(state, held, i, { odds: i.curr, eachWay, upper }, caps, own);
    offered.set(i.id, { win: within(false, book.win), eachWay: within(true, book.eachWay) });
  }
  return offered;
}

/**
 * The bookmaker's result per outcome should it win: every stake kept, that outcome's bets paid,
 * and, while the event is open, the largest place parts of the other paying places (its worst
 * case with that winner); once settled, what its bets paid. Bets cashed out are settled
 * already: their stakes kept, their values paid, whatever wins.
 */
const bookmakerWhatIfOf = (e: ListedEvent, items: OutcomeRow[]) => {
  const stakes = items.reduce((sum, i) => sum + i.stake_cents, 0) + e.cashed_out_stake_cents - e.cashed_out_cents;
  const { results } = bookOf(e, items);
  const open = isOpenStatus(e.status);
  return new Map(items.map((i) => [i.id, stakes - (open ? (results.get(i.id) ?? 0) : i.liability_cents)]));
};

/** Rule 4, dead heat and the each-way terms in force with the outcomes that still run. */
function racingRules(e: EventRow, items: OutcomeRow[]): RacingRules & EachWayRule {
  const eachWay = eachWayOf(e);
  const terms = termsInForce(eachWay, items.filter((i) => i.status !== "NR").length);
  return {
    rule4: e.rule4 === 1,
    deadHeat: e.dead_heat === 1,
    sp: e.sp === 1,
    bog: e.bog === 1,
    eachWay: terms && { ...terms, standard: eachWay === "standard" },
  };
}

/** An outcome's starting price as decimal odds, once the result set it. */
const startingPrice = (i: OutcomeRow) => (i.sp_num === null ? null : decimalText(odds(i.sp_num, i.sp_den!)));

const dates = (e: EventRow) => ({
  startDate: e.start_date,
  endDate: e.end_date,
  startDate2: e.start_date2,
  startDate3: e.start_date3,
  startDate4: e.start_date4,
  startDate5: e.start_date5,
});

/** The bookmaker's events matching `where` (over `e`), with what-if when he holds WHAT_IF. */
export async function bookmakerEvents(
  db: D1Database,
  where: string,
  binds: unknown[],
  withWhatIf: boolean,
): Promise<BookmakerEvent[]> {
  const { events, items } = await loadEvents(db, where, binds);
  return events.map((e) => {
    const own = items.get(e.id) ?? [];
    const whatIf = bookmakerWhatIfOf(e, own);
    return {
      id: e.id,
      title: e.title,
      description: e.description,
      status: e.status,
      ...dates(e),
      bookmakerId: e.bookmaker_id,
      maxTotalPayout: fromCents(e.max_total_payout_cents),
      returnPrice: e.return_pct / 100,
      botEqualizer: e.bot_equalizer === 1,
      ...racingRules(e, own),
      payoutRatioType: e.status === "CREATED" ? "ADVERTISED" : null,
      settledAt: e.settled_at,
      items: own.map((i) => ({
        id: i.id,
        title: i.title,
        coefficient: decimalText(odds(i.odds_num, i.odds_den)),
        fractalCoefficient: fractionalText(odds(i.odds_num, i.odds_den)),
        currCoefficient: decimalText(odds(i.curr_num, i.curr_den)),
        currFractalCoefficient: fractionalText(odds(i.curr_num, i.curr_den)),
        status: i.status,
        whatIf: withWhatIf ? fromCents(whatIf.get(i.id) ?? 0) : 0,
        deduction: i.deduction,
        withdrawnAt: i.withdrawn_at,
        place: i.place,
        sp: startingPrice(i),
      })),
    };
  });
}

/**
 * A bookmaker's published events started since `since`, as punter `userId` sees them. `versions`
 * (the listed events' ids and versions) keys the part every punter sees alike, read once.
 */
export async function playerEvents(
  db: D1Database,
  args: {
    bookmakerId: number;
    userId: number;
    requestId: number;
    since: string;
    versions: string;
    withWhatIf: boolean;
    withFractional: boolean;
    /** His limits in force, bounding the stakes offered to him. */
    caps: PunterCaps;
    /** The punter's own totals when already read (with the versions, in one round trip). */
    own?: OwnTotalRow[];
  },
): Promise<PlayerEvent[]> {
  // The stakes each outcome takes are the same for every punter: worked out once per version.
  const { events, items, stakes } = await sharedRead(`player-events:${args.bookmakerId}:${args.versions}`, async () => {
    const loaded = await loadEvents(db, `e.bookmaker_id = ?1 AND e.published_at IS NOT NULL AND e.start_date >= ?2`, [
      args.bookmakerId,
      args.since,
    ]);
    const stakes = new Map<number, { win: number; eachWay: number }>();
    for (const e of loaded.events) {
      const own = loaded.items.get(e.id) ?? [];
      const book = bookOf(e, own);
      for (const i of own) stakes.set(i.id, { win: book.maxStake(i.id, false), eachWay: book.maxStake(i.id, true) });
    }
    return { ...loaded, stakes };
  });
  const own = args.own ?? (events.length ? await readOwnTotals(db, args) : []);
  const totals = byEvent(own);
  return events.map((e) => {
    const own = items.get(e.id) ?? [];
    const mine = totals.get(e.id);
    const offered = offeredStakes(e, own, stakes, args.caps, mine?.items);
    return {
      eventId: e.id,
      title: e.title,
      description: e.description,
      status: e.status,
      ...dates(e),
      maxTotalPayout: fromCents(e.max_total_payout_cents),
      ...racingRules(e, own),
      bookmakerId: e.bookmaker_id,
      requestId: args.requestId,
      items: own.map((i) => {
        const curr = odds(i.curr_num, i.curr_den);
        return {
          id: i.id,
          title: i.title,
          coefficient: decimalText(curr),
          fractalCoefficient: args.withFractional ? fractionalText(curr) : null,
          status: i.status,
          // Should this outcome win: what his bets on it pay, less all he staked on the event, and
          // what his cash-outs gained him (a cash-out is a return, whatever the result).
          whatIf: args.withWhatIf
            ? fromCents((mine?.items.get(i.id)?.payoutCents ?? 0) - (mine?.staked ?? 0) + (mine?.cashed ?? 0))
            : 0,
          myStake: fromCents(mine?.items.get(i.id)?.stakeCents ?? 0),
          maxStake: fromCents(offered.get(i.id)?.win ?? 0),
          eachWayMaxStake: fromCents(offered.get(i.id)?.eachWay ?? 0),
          deduction: i.deduction,
          place: i.place,
          sp: startingPrice(i),
        };
      }),
    };
  });
}
