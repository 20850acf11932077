import { decimalText, fractionalText, type Odds } from "../../common/odds";
import type { BookmakerEvent, PlayerEvent } from "../contract";
import { fromCents } from "../ledger/money";
import { PAYOUT_SQL } from "../ledger/settlement";
import { bookmakerWhatIf, punterWhatIf, type LiveBet } from "./book";
import { EVENT_COLUMNS, type EventRow, type ItemRow } from "./state";

// Reads for the event screens, straight from D1 (never through a room).

const odds = (num: number, den: number): Odds => ({ num, den });

/** Bets that count for what-if: live ones, and settled ones for the realised gain. */
const COUNTED = `status IN ('ACCEPTED', 'WON', 'LOST')`;

interface BetRow {
  event_id: number;
  item_id: number;
  user_id: number;
  stake_cents: number;
  odds_num: number;
  odds_den: number;
  deduction: number;
  dead_heat: number;
}

async function loadEvents(db: D1Database, where: string, binds: unknown[]) {
  const { results: events } = await db
    .prepare(`SELECT ${EVENT_COLUMNS} FROM events e JOIN bookmakers b ON b.id = e.bookmaker_id WHERE ${where} ORDER BY e.start_date DESC`)
    .bind(...binds)
    .all<EventRow>();
  if (events.length === 0) return { events, items: new Map<number, ItemRow[]>(), ids: "[]" };
  const ids = JSON.stringify(events.map((e) => e.id));
  const { results } = await db
    .prepare(`SELECT * FROM event_items WHERE event_id IN (SELECT value FROM json_each(?1)) ORDER BY event_id, position`)
    .bind(ids)
    .all<ItemRow>();
  const items = new Map<number, ItemRow[]>();
  for (const i of results) items.set(i.event_id, [...(items.get(i.event_id) ?? []), i]);
  return { events, items, ids };
}

async function countedBets(db: D1Database, ids: string, userId?: number) {
  const { results } = await db
    .prepare(
      `SELECT event_id, item_id, user_id, stake_cents, odds_num, odds_den, deduction, dead_heat FROM bets
       WHERE event_id IN (SELECT value FROM json_each(?1)) AND ${COUNTED} ${userId === undefined ? "" : "AND user_id = ?2"}`,
    )
    .bind(...(userId === undefined ? [ids] : [ids, userId]))
    .all<BetRow>();
  const byEvent = new Map<number, LiveBet[]>();
  for (const b of results) byEvent.set(b.event_id, [...(byEvent.get(b.event_id) ?? []), { itemId: b.item_id, stakeCents: b.stake_cents, odds: odds(b.odds_num, b.odds_den), deduction: b.deduction, deadHeat: b.dead_heat }]);
  return byEvent;
}

/** What accepted bets would pay per outcome, should it win (cents). */
async function openLiability(db: D1Database, ids: string) {
  const { results } = await db
    .prepare(
      `SELECT item_id, SUM(${PAYOUT_SQL}) AS liability FROM bets b
       WHERE b.event_id IN (SELECT value FROM json_each(?1)) AND b.status = 'ACCEPTED' GROUP BY item_id`,
    )
    .bind(ids)
    .all<{ item_id: number; liability: number }>();
  return new Map(results.map((r) => [r.item_id, r.liability]));
}

/** The largest stake (cents) whose payout at `odds` fits in `roomCents`. */
export const stakeRoom = (roomCents: number, odds: Odds) => Math.max(0, Math.floor((roomCents * odds.den) / (odds.num + odds.den)));

const dates = (e: EventRow) => ({
  startDate: e.start_date,
  endDate: e.end_date,
  startDate2: e.start_date2,
  startDate3: e.start_date3,
  startDate4: e.start_date4,
  startDate5: e.start_date5,
});

/** The bookmaker's events matching `where` (over `e`), with what-if when he holds WHAT_IF. */
export async function bookmakerEvents(db: D1Database, where: string, binds: unknown[], withWhatIf: boolean): Promise<BookmakerEvent[]> {
  const { events, items, ids } = await loadEvents(db, where, binds);
  const bets = withWhatIf && events.length ? await countedBets(db, ids) : new Map<number, LiveBet[]>();
  return events.map((e) => {
    const own = items.get(e.id) ?? [];
    const whatIf = bookmakerWhatIf(own.map((i) => i.id), bets.get(e.id) ?? []);
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
      rule4: e.rule4 === 1,
      deadHeat: e.dead_heat === 1,
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
      })),
    };
  });
}

/** A bookmaker's published events started within `days` or later, as punter `userId` sees them. */
export async function playerEvents(
  db: D1Database,
  args: { bookmakerId: number; userId: number; requestId: number; since: string; withWhatIf: boolean; withFractional: boolean },
): Promise<PlayerEvent[]> {
  const { events, items, ids } = await loadEvents(db, `e.bookmaker_id = ?1 AND e.published_at IS NOT NULL AND e.start_date >= ?2`, [args.bookmakerId, args.since]);
  const [bets, liability] = events.length ? await Promise.all([countedBets(db, ids, args.userId), openLiability(db, ids)]) : [new Map<number, LiveBet[]>(), new Map<number, number>()];
  return events.map((e) => {
    const own = items.get(e.id) ?? [];
    const mine = bets.get(e.id) ?? [];
    const whatIf = punterWhatIf(own.map((i) => i.id), mine);
    return {
      eventId: e.id,
      title: e.title,
      description: e.description,
      status: e.status,
      ...dates(e),
      maxTotalPayout: fromCents(e.max_total_payout_cents),
      rule4: e.rule4 === 1,
      deadHeat: e.dead_heat === 1,
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
          whatIf: args.withWhatIf ? fromCents(whatIf.get(i.id) ?? 0) : 0,
          myStake: fromCents(mine.filter((b) => b.itemId === i.id).reduce((s, b) => s + b.stakeCents, 0)),
          maxStake: fromCents(stakeRoom(e.max_total_payout_cents - (liability.get(i.id) ?? 0), curr)),
          deduction: i.deduction,
        };
      }),
    };
  });
}
