import type { Env } from "../env";
import { roomOf } from "../events/room/rooms";
import { OPEN_SQL } from "../events/state";
import { nowIso } from "../lib/time";
import { enqueue } from "../notifications/enqueue";
import type { BotMessage } from "../notifications/messages";
import { languageIn, type LanguageRow } from "../identity/users";
import { en, say, words } from "../lib/words";
import type { Language } from "../../common/languages";

// docs/ARCHITECTURE.md, "Retention": a book is kept 60 days after its owner's BOOKMAKER subscription ended
// without renewal, then the daily cron deletes it whole: profile, events, outcomes, bets,
// memberships, its audit log, and the pool with its punter accounts and ledger rows. Coins never leave a
// book, so deleting all of one book's accounts and rows together leaves every other book's
// sums as they were. Events still open are abandoned first through their rooms (every bet
// refunded, as the rooms' own 30-day alarm would); a book with an event neither open nor
// settled (being settled) waits for the next day. The owner is warned for the last 7 days: by
// the bot once, and on the main page (authorizeMe's bookDeletesOn). Renewing moves the end
// date, and with it the deletion.

export const RETENTION_DAYS = 60;
export const WARNING_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows per DELETE: one statement stays small and quick whatever the book's size. */
export const DELETE_CHUNK = 1000;
/** D1 queries one cron run spends on deletions at most (an invocation may make 1,000); the rest waits a day. */
const QUERY_BUDGET = 600;

const FINAL = `('CALCULATED', 'CANCELLED', 'ABANDONED')`;

const deletionDay = (bookmakerEnd: string) => nowIso(Date.parse(bookmakerEnd) + RETENTION_DAYS * DAY_MS);

/** When the owner's book is deleted if he does not renew: 60 days after his BOOKMAKER ended; null while it runs. */
export function deletionDate(bookmakerEnd: string | null, now: number): string | null {
  return bookmakerEnd === null || Date.parse(bookmakerEnd) > now ? null : deletionDay(bookmakerEnd);
}

/** The deletion date once the warning is due (the last 7 days), else null. */
export function deletionWarning(bookmakerEnd: string | null, now: number): string | null {
  const on = deletionDate(bookmakerEnd, now);
  return on !== null && Date.parse(on) - WARNING_DAYS * DAY_MS <= now ? on : null;
}

interface LapsedBook {
  id: number;
  owner_id: number;
}

/** Books whose owner's BOOKMAKER ended 60 days or more before `now`. */
async function lapsedBooks(db: D1Database, now: number): Promise<LapsedBook[]> {
  const { results } = await db
    .prepare(
      `SELECT b.id, b.owner_id FROM bookmakers b
       JOIN user_subscriptions us ON us.user_id = b.owner_id AND us.type = 'BOOKMAKER'
       WHERE us.end_date IS NOT NULL AND us.end_date <= ?1
       ORDER BY b.id`,
    )
    .bind(nowIso(now - RETENTION_DAYS * DAY_MS))
    .all<LapsedBook>();
  return results;
}

/** Children first: D1 enforces the foreign keys. `?1` is the book, or its owner for the pool's accounts and rows. */
const steps = (chunk: number): [table: string, sql: string, by: "book" | "owner"][] => [
  // Price requests name their bets, events and outcomes: they go first, their takes and copies before them.
  [
    "price_request_takes",
    `DELETE FROM price_request_takes WHERE request_id IN (SELECT t.request_id FROM price_requests r JOIN price_request_takes t ON t.request_id = r.id WHERE r.bookmaker_id = ?1 LIMIT ${chunk})`,
    "book",
  ],
  [
    "price_request_messages",
    `DELETE FROM price_request_messages WHERE rowid IN (SELECT m.rowid FROM price_requests r JOIN price_request_messages m ON m.request_id = r.id WHERE r.bookmaker_id = ?1 LIMIT ${chunk})`,
    "book",
  ],
  [
    "price_requests",
    `DELETE FROM price_requests WHERE id IN (SELECT id FROM price_requests WHERE bookmaker_id = ?1 LIMIT ${chunk})`,
    "book",
  ],
  [
    "tickets",
    `DELETE FROM tickets WHERE code IN (SELECT code FROM tickets WHERE bookmaker_id = ?1 LIMIT ${chunk})`,
    "book",
  ],
  ["bets", `DELETE FROM bets WHERE id IN (SELECT id FROM bets WHERE bookmaker_id = ?1 LIMIT ${chunk})`, "book"],
  [
    "multiple_legs",
    `DELETE FROM multiple_legs WHERE rowid IN (SELECT l.rowid FROM multiples m JOIN multiple_legs l ON l.multiple_id = m.id WHERE m.bookmaker_id = ?1 LIMIT ${chunk})`,
    "book",
  ],
  [
    "multiples",
    `DELETE FROM multiples WHERE id IN (SELECT id FROM multiples WHERE bookmaker_id = ?1 LIMIT ${chunk})`,
    "book",
  ],
  [
    "event_items",
    `DELETE FROM event_items WHERE id IN (SELECT i.id FROM events e JOIN event_items i ON i.event_id = e.id WHERE e.bookmaker_id = ?1 LIMIT ${chunk})`,
    "book",
  ],
  ["events", `DELETE FROM events WHERE id IN (SELECT id FROM events WHERE bookmaker_id = ?1 LIMIT ${chunk})`, "book"],
  [
    "memberships",
    `DELETE FROM memberships WHERE id IN (SELECT id FROM memberships WHERE bookmaker_id = ?1 LIMIT ${chunk})`,
    "book",
  ],
  ["staff", `DELETE FROM staff WHERE bookmaker_id = ?1`, "book"],
  ["ledger", `DELETE FROM ledger WHERE id IN (SELECT id FROM ledger WHERE pool_owner_id = ?1 LIMIT ${chunk})`, "owner"],
  [
    "accounts",
    `DELETE FROM accounts WHERE id IN (SELECT id FROM accounts WHERE pool_owner_id = ?1 LIMIT ${chunk})`,
    "owner",
  ],
  // The counter's tickets' own users (below 0), once their bets and accounts are gone: this
  // book's, and any another deletion left (?1, the book, only names the step's row).
  [
    "users",
    `DELETE FROM users WHERE id IN (SELECT u.id FROM users u WHERE u.id < 0 AND ?1 > 0 AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.punter_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.user_id = u.id) LIMIT ${chunk})`,
    "book",
  ],
  // The book's audit log goes with it: the one delete its rows ever see.
  ["audit", `DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE bookmaker_id = ?1 LIMIT ${chunk})`, "book"],
  ["retention_warnings", `DELETE FROM retention_warnings WHERE bookmaker_id = ?1`, "book"],
  ["bookmakers", `DELETE FROM bookmakers WHERE id = ?1`, "book"],
];

/** Abandons the book's open events through their rooms; true when every event is then settled. */
async function closeEvents(env: Env, book: LapsedBook): Promise<boolean> {
  const { results: open } = await env.DB.prepare(
    `SELECT id FROM events WHERE bookmaker_id = ?1 AND status IN ${OPEN_SQL}`,
  )
    .bind(book.id)
    .all<{ id: number }>();
  for (const { id } of open) await roomOf(env, id).abandon(id);
  const left = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM events WHERE bookmaker_id = ?1 AND status NOT IN ${FINAL}`,
  )
    .bind(book.id)
    .first<{ n: number }>();
  return left?.n === 0;
}

export interface RetentionReport {
  deleted: { bookmakerId: number; rows: Record<string, number> }[];
  /** Books due but not deleted today: an event being settled, or the day's query budget spent. */
  postponed: number[];
}

/** The daily cron's deletion of lapsed books, in chunks of `chunk` rows. */
export async function deleteLapsedBooks(env: Env, now = Date.now(), chunk = DELETE_CHUNK): Promise<RetentionReport> {
  const report: RetentionReport = { deleted: [], postponed: [] };
  let budget = QUERY_BUDGET;
  for (const book of await lapsedBooks(env.DB, now)) {
    if (budget <= 0 || !(await closeEvents(env, book))) {
      report.postponed.push(book.id);
      continue;
    }
    const rows: Record<string, number> = {};
    for (const [table, sql, by] of steps(chunk)) {
      const statement = env.DB.prepare(`${sql} RETURNING 1`).bind(by === "book" ? book.id : book.owner_id);
      for (;;) {
        if (--budget < 0) break;
        // Counted from RETURNING: D1's meta.changes also counts what the tables' triggers write.
        const deleted = (await statement.all()).results.length;
        rows[table] = (rows[table] ?? 0) + deleted;
        if (deleted < chunk || table === "bookmakers") break;
      }
      if (budget < 0) break;
    }
    // Out of budget half-way: what is left of the book goes tomorrow, from where it stopped.
    if (budget < 0) report.postponed.push(book.id);
    else report.deleted.push({ bookmakerId: book.id, rows });
  }
  console.log(JSON.stringify({ job: "retention", ...report }));
  return report;
}

/** A book to warn, with its owner's languages (he reads the warning in his). */
interface DueWarning extends LanguageRow {
  id: number;
  owner_id: number;
  name: string;
  end_date: string;
}

/** "28 November 2026" in English, else as the language writes a date. */
const dayText = (iso: string, language: Language) =>
  new Date(iso).toLocaleDateString(language === "en" ? "en-GB" : language, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

export const deletionWarningMessage = (w: DueWarning): BotMessage => {
  const language = languageIn(w);
  const warning = words(
    "Your bookmaker subscription has ended. {book}, with its events, bets, punters and coins, will be deleted on {day} unless you renew.",
    { book: w.name, day: dayText(deletionDay(w.end_date), language) },
  );
  return {
    userId: w.owner_id,
    // Not a switch he can turn off: it is about everything he has in the app.
    topic: "MEMBERSHIP",
    text: say(language, warning),
    button: { text: say(language, en("Renew")), startapp: "renew" },
  };
};

/** Tells each owner whose book is deleted within 7 days, once per subscription end. */
export async function warnLapsedBooks(env: Env, now = Date.now()): Promise<number[]> {
  const db = env.DB;
  const { results: due } = await db
    .prepare(
      `SELECT b.id, b.owner_id, b.name, us.end_date, u.language, u.telegram_language FROM bookmakers b
       JOIN user_subscriptions us ON us.user_id = b.owner_id AND us.type = 'BOOKMAKER'
       LEFT JOIN users u ON u.id = b.owner_id
       WHERE us.end_date IS NOT NULL AND us.end_date <= ?1 AND us.end_date > ?2
         AND NOT EXISTS (SELECT 1 FROM retention_warnings w WHERE w.bookmaker_id = b.id AND w.subscription_end = us.end_date)`,
    )
    .bind(nowIso(now - (RETENTION_DAYS - WARNING_DAYS) * DAY_MS), nowIso(now - RETENTION_DAYS * DAY_MS))
    .all<DueWarning>();
  if (due.length === 0) return [];
  const mark = (w: DueWarning) =>
    db
      .prepare(
        `INSERT INTO retention_warnings (bookmaker_id, subscription_end, warned_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING`,
      )
      .bind(w.id, w.end_date, nowIso(now));
  await db.batch(due.map(mark));
  try {
    await enqueue(env, due.map(deletionWarningMessage));
  } catch (err) {
    // Not told: forget the marks so tomorrow's run tries again.
    console.error(
      JSON.stringify({
        job: "retention",
        error: "warnings not enqueued",
        stack: err instanceof Error ? err.stack : String(err),
      }),
    );
    await db.batch(
      due.map((w) =>
        db
          .prepare(`DELETE FROM retention_warnings WHERE bookmaker_id = ?1 AND subscription_end = ?2`)
          .bind(w.id, w.end_date),
      ),
    );
    return [];
  }
  return due.map((w) => w.id);
}

/** The daily cron's part: warn, then delete. */
export async function dailyRetention(env: Env, now = Date.now()) {
  await warnLapsedBooks(env, now);
  await deleteLapsedBooks(env, now);
}
