import type { MultipleKind } from "../../common/multiples";
import type { BetPart, CashOutSetting, Leg, Selection } from "./offer";

// What a cash-out is worked out from, read from D1 in one query: the bet's rows (both parts of an
// each-way bet) or the multiple's legs, each open selection's event and outcome as they stand,
// and the book's setting. Only the caller's own: someone else's bet reads as none.

interface SelectionColumns {
  event_status: string;
  start_date: string;
  outcome_status: string;
  /** The bookmaker's own price now (event_items.odds_*), not the equalizer's. */
  price_num: number;
  price_den: number;
}

interface PartRow extends SelectionColumns {
  id: number;
  part: "WIN" | "PLACE";
  status: string;
  stake_cents: number;
  odds_num: number;
  odds_den: number;
  book_num: number;
  book_den: number;
  deduction: number;
  place_fraction: number;
  place_places: number | null;
  created_at: string;
  user_id: number;
  event_id: number;
  item_id: number;
  bookmaker_id: number;
  owner_id: number;
  cashout_enabled: number;
  cashout_margin_pct: number;
  /** The WIN row's id: the bet's id for an each-way pair. */
  bet_id: number;
  at_sp: number;
}

interface LegRow extends SelectionColumns {
  id: number;
  user_id: number;
  bookmaker_id: number;
  owner_id: number;
  status: string;
  kind: MultipleKind;
  amount_cents: number;
  cashout_enabled: number;
  cashout_margin_pct: number;
  result: Leg["result"];
  odds_num: number;
  odds_den: number;
  book_num: number;
  book_den: number;
  at_sp: number;
  deduction: number;
  dead_heat: number;
}

const selectionOf = (r: SelectionColumns): Selection => ({
  eventStatus: r.event_status,
  startDate: r.start_date,
  outcomeStatus: r.outcome_status,
  price: { num: r.price_num, den: r.price_den },
});

const settingOf = (r: { cashout_enabled: number; cashout_margin_pct: number }): CashOutSetting => ({
  enabled: r.cashout_enabled === 1,
  marginPct: r.cashout_margin_pct,
});

const SELECTION = `e.status AS event_status, e.start_date, i.status AS outcome_status, i.odds_num AS price_num,
  i.odds_den AS price_den`;
const SETTING = `bk.owner_id, bk.cashout_enabled, bk.cashout_margin_pct`;

/** A single as the offer needs it: its rows, its event and book; null when it is not the punter's. */
export interface SingleState {
  betId: number;
  userId: number;
  eventId: number;
  itemId: number;
  bookmakerId: number;
  ownerId: number;
  setting: CashOutSetting;
  parts: BetPart[];
  selection: Selection;
  /** Struck at SP: its odds are its outcome's price now, so its value is what is left of its stake. */
  atSp: boolean;
}

const PARTS_SQL = `SELECT b.id, b.part, b.status, b.stake_cents, b.odds_num, b.odds_den, b.book_num, b.book_den, b.deduction, b.place_fraction,
    b.place_places, b.created_at, b.user_id, b.event_id, b.item_id, b.bookmaker_id, COALESCE(b.each_way_of, b.id) AS bet_id, b.at_sp, ${SELECTION}, ${SETTING}
  FROM bets b JOIN events e ON e.id = b.event_id JOIN event_items i ON i.id = b.item_id
  JOIN bookmakers bk ON bk.id = b.bookmaker_id`;

function toSingles(rows: PartRow[]): SingleState[] {
  const byBet = new Map<number, SingleState>();
  for (const r of rows) {
    let s = byBet.get(r.bet_id);
    if (!s) {
      s = {
        betId: r.bet_id,
        userId: r.user_id,
        eventId: r.event_id,
        itemId: r.item_id,
        bookmakerId: r.bookmaker_id,
        ownerId: r.owner_id,
        setting: settingOf(r),
        parts: [],
        selection: selectionOf(r),
        atSp: r.at_sp === 1,
      };
      byBet.set(r.bet_id, s);
    }
    s.parts.push({
      id: r.id,
      part: r.part,
      status: r.status,
      stakeCents: r.stake_cents,
      odds: { num: r.odds_num, den: r.odds_den },
      bookThen: { num: r.book_num, den: r.book_den },
      atSp: r.at_sp === 1,
      deduction: r.deduction,
      placeFraction: r.place_fraction,
      placePlaces: r.place_places,
      createdAt: r.created_at,
    });
  }
  return [...byBet.values()];
}

/**
 * The punter's single by either row's id (an each-way bet is cashed out whole). Found by its ids
 * (`+` keeps SQLite off the punter's index, which would walk all his bets).
 */
export async function singleState(db: D1Database, betId: number, userId: number): Promise<SingleState | null> {
  const { results } = await db
    .prepare(
      `${PARTS_SQL}
       WHERE +b.user_id = ?2 AND b.id IN (
         SELECT k.id FROM (SELECT COALESCE(each_way_of, id) AS bet FROM bets WHERE id = ?1 AND user_id = ?2) w
         JOIN bets k ON k.id = w.bet OR k.each_way_of = w.bet)`,
    )
    .bind(betId, userId)
    .all<PartRow>();
  return toSingles(results)[0] ?? null;
}

/** A multiple as the offer needs it; null when it is not the punter's. */
export interface MultipleState {
  multipleId: number;
  bookmakerId: number;
  ownerId: number;
  setting: CashOutSetting;
  multiple: { status: string; kind: MultipleKind; amountCents: number };
  legs: Leg[];
}

const LEGS_SQL = `SELECT m.id, m.user_id, m.bookmaker_id, m.status, m.kind, m.amount_cents, ${SETTING},
    l.result, l.odds_num, l.odds_den, l.book_num, l.book_den, l.at_sp, l.deduction, l.dead_heat, ${SELECTION}
  FROM multiples m JOIN bookmakers bk ON bk.id = m.bookmaker_id JOIN multiple_legs l ON l.multiple_id = m.id
  JOIN events e ON e.id = l.event_id JOIN event_items i ON i.id = l.item_id`;

function toMultiples(rows: LegRow[]): MultipleState[] {
  const byId = new Map<number, MultipleState>();
  for (const r of rows) {
    let m = byId.get(r.id);
    if (!m) {
      m = {
        multipleId: r.id,
        bookmakerId: r.bookmaker_id,
        ownerId: r.owner_id,
        setting: settingOf(r),
        multiple: { status: r.status, kind: r.kind, amountCents: r.amount_cents },
        legs: [],
      };
      byId.set(r.id, m);
    }
    m.legs.push({
      result: r.result,
      odds: { num: r.odds_num, den: r.odds_den },
      bookThen: { num: r.book_num, den: r.book_den },
      atSp: r.at_sp === 1,
      deduction: r.deduction,
      deadHeat: r.dead_heat,
      selection: selectionOf(r),
    });
  }
  return [...byId.values()];
}

export async function multipleState(db: D1Database, multipleId: number, userId: number): Promise<MultipleState | null> {
  const { results } = await db
    .prepare(`${LEGS_SQL} WHERE m.id = ?1 AND m.user_id = ?2 ORDER BY l.leg_no`)
    .bind(multipleId, userId)
    .all<LegRow>();
  return toMultiples(results)[0] ?? null;
}

/** The punter's open singles and multiples in a book, for the offers of his open bets at once. */
export async function openStates(db: D1Database, bookmakerId: number, userId: number) {
  const [singles, multiples] = await db.batch([
    db
      .prepare(`${PARTS_SQL} WHERE b.bookmaker_id = ?1 AND b.user_id = ?2 AND b.status = 'ACCEPTED' ORDER BY b.id`)
      .bind(bookmakerId, userId),
    db
      .prepare(
        `${LEGS_SQL} WHERE m.bookmaker_id = ?1 AND m.user_id = ?2 AND m.status = 'ACCEPTED' ORDER BY m.id, l.leg_no`,
      )
      .bind(bookmakerId, userId),
  ]);
  return {
    singles: toSingles(singles.results as PartRow[]),
    multiples: toMultiples(multiples.results as LegRow[]),
  };
}
