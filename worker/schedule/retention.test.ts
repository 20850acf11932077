import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BookmakerLists, Me, Money } from "../contract";
import worker from "..";
import type { Env } from "../env";
import { json } from "../test/api";
import { newEvent, placeBet } from "../test/events";
import { placeMultiple } from "../test/multiples";
import {
  buyInDevMode,
  giveSubscription,
  ledgerViolations,
  newBook,
  newPunter,
  NO_VIOLATIONS,
  type TestBook,
} from "../test/world";
import { received, settle, textsTo } from "../test/notify-test-kit";
import { fakeBotApi, type FakeBotApi } from "../test/fake-telegram";
import { deleteLapsedBooks, RETENTION_DAYS, warnLapsedBooks } from "./retention";

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
});
afterEach(() => bot.restore());

const DAY = 864e5;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString();
const db = () => env.DB;
const count = async (sql: string, ...binds: unknown[]) =>
  (await db()
    .prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

/** Every row the book owns, by table. */
async function rowsOf(book: TestBook) {
  const [id, owner] = [book.bookmakerId, book.owner.userId];
  return {
    bookmakers: await count(`SELECT COUNT(*) AS n FROM bookmakers WHERE id = ?1`, id),
    events: await count(`SELECT COUNT(*) AS n FROM events WHERE bookmaker_id = ?1`, id),
    event_items: await count(
      `SELECT COUNT(*) AS n FROM event_items WHERE event_id IN (SELECT id FROM events WHERE bookmaker_id = ?1)`,
      id,
    ),
    bets: await count(`SELECT COUNT(*) AS n FROM bets WHERE bookmaker_id = ?1`, id),
    multiples: await count(`SELECT COUNT(*) AS n FROM multiples WHERE bookmaker_id = ?1`, id),
    audit: await count(`SELECT COUNT(*) AS n FROM audit WHERE bookmaker_id = ?1`, id),
    multiple_legs: await count(
      `SELECT COUNT(*) AS n FROM multiple_legs WHERE multiple_id IN (SELECT id FROM multiples WHERE bookmaker_id = ?1)`,
      id,
    ),
    memberships: await count(`SELECT COUNT(*) AS n FROM memberships WHERE bookmaker_id = ?1`, id),
    accounts: await count(`SELECT COUNT(*) AS n FROM accounts WHERE pool_owner_id = ?1`, owner),
    ledger: await count(`SELECT COUNT(*) AS n FROM ledger WHERE pool_owner_id = ?1`, owner),
    price_requests: await count(`SELECT COUNT(*) AS n FROM price_requests WHERE bookmaker_id = ?1`, id),
    price_request_takes: await count(
      `SELECT COUNT(*) AS n FROM price_request_takes WHERE request_id IN (SELECT id FROM price_requests WHERE bookmaker_id = ?1)`,
      id,
    ),
  };
}
const NOTHING = {
  bookmakers: 0,
  events: 0,
  event_items: 0,
  bets: 0,
  multiples: 0,
  audit: 0,
  multiple_legs: 0,
  memberships: 0,
  accounts: 0,
  ledger: 0,
  price_requests: 0,
  price_request_takes: 0,
};

/** A book with punters, a settled event, an open event with bets and a draft; `shared` also plays with it. */
async function busyBook(shared?: Awaited<ReturnType<typeof newPunter>>) {
  const book = await newBook({ coins: 1000 });
  const punter = await newPunter(book, { coins: 100 });
  const settled = await newEvent(book);
  const open = await newEvent(book, {
    items: [
      ["A", 2],
      ["B", 3],
      ["C", 4],
    ],
  });
  await placeBet(punter, book, settled, 0, 10);
  // A double across the settled and the open event: settled by neither until the open one is.
  await placeMultiple(
    punter,
    book,
    "DOUBLE",
    [
      [settled, 0],
      [open, 0],
    ],
    1,
  );
  await json("POST", `/events/${settled.id}/finalize`, {
    token: book.owner.token,
    body: { eventId: settled.id, winners: [settled.items[0].id] },
  });
  await placeBet(punter, book, open, 1, 5);
  // A price request taken, and one waiting: over a max stake of 5.
  await json("PUT", "/balances/limits", {
    token: book.owner.token,
    body: { userId: punter.userId, maxStake: 5, maxPayoutPerEvent: null },
  });
  const ask = (item: number) =>
    json<{ id: number }>("POST", "/price-requests", {
      token: punter.token,
      expect: 201,
      body: {
        bookmakerId: book.bookmakerId,
        eventId: open.id,
        eventItemId: open.items[item].id,
        amount: 8,
        coefficient: open.items[item].currCoefficient,
      },
    });
  const taken = await ask(2);
  await json("POST", `/price-requests/${taken.id}/answer`, { token: book.owner.token, body: { action: "ACCEPT" } });
  await json("POST", `/price-requests/${taken.id}/take`, { token: punter.token, expect: 201 });
  await ask(0);
  await json("POST", "/drafts", {
    token: book.owner.token,
    body: {
      title: "Horse Racing / Ireland",
      description: "Draft",
      startDate: daysAgo(-1),
      endDate: daysAgo(-2),
      bookmakerId: book.bookmakerId,
      maxTotalPayout: 100,
      items: [
        { title: "X", coefficient: 2 },
        { title: "Y", coefficient: 2 },
      ],
    },
  });
  if (shared) {
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: shared.token });
  }
  return { book, punter, open };
}

/** The owner's BOOKMAKER ended `days` ago. */
const lapse = (book: TestBook, days: number) => giveSubscription(book.owner.userId, "BOOKMAKER", daysAgo(days));

describe("retention of lapsed books", () => {
  it("deletes a book 60 days after its BOOKMAKER ended: profile, events, outcomes, bets, multiples, memberships, accounts, ledger", async () => {
    const { book, open } = await busyBook();
    expect(Object.values(await rowsOf(book)).every((n) => n > 0)).toBe(true);
    await lapse(book, RETENTION_DAYS + 1);

    const report = await deleteLapsedBooks(env as unknown as Env);
    expect(report.deleted.map((d) => d.bookmakerId)).toContain(book.bookmakerId);
    expect(await rowsOf(book)).toEqual(NOTHING);
    // The open event was abandoned through its room, its bets refunded, before anything went.
    expect(report.postponed).not.toContain(book.bookmakerId);
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE id = ?1`, open.id)).toBe(0);
    // The people stay: they are users of the app, not of the book.
    expect(await count(`SELECT COUNT(*) AS n FROM users WHERE id = ?1`, book.owner.userId)).toBe(1);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("keeps a book until the 60 days are up", async () => {
    const { book } = await busyBook();
    await lapse(book, RETENTION_DAYS - 1);
    const before = await rowsOf(book);
    await deleteLapsedBooks(env as unknown as Env);
    expect(await rowsOf(book)).toEqual(before);
    // A day later than the 60 it goes.
    await deleteLapsedBooks(env as unknown as Env, Date.now() + 2 * DAY);
    expect(await rowsOf(book)).toEqual(NOTHING);
  });

  it("never touches another book: its punters keep their other bookmakers, coins and bets, and conservation holds", async () => {
    const other = await newBook({ coins: 1000 });
    const shared = await newPunter(other, { coins: 70 });
    const otherEvent = await newEvent(other);
    await placeBet(shared, other, otherEvent, 0, 20);
    const { book } = await busyBook(shared);
    // The lapsed bookmaker is himself a punter of the other book.
    const ownerAsPunter = await json("POST", `/bookmakers/${other.bookmakerId}/sign`, { token: book.owner.token });
    expect(ownerAsPunter).toBeTruthy();
    const otherBefore = await rowsOf(other);
    await lapse(book, RETENTION_DAYS + 5);

    await deleteLapsedBooks(env as unknown as Env);
    expect(await rowsOf(book)).toEqual(NOTHING);
    expect(await rowsOf(other)).toEqual(otherBefore);
    expect((await json<Money>("GET", `/balances/${other.bookmakerId}`, { token: shared.token })).amount).toBe(50);
    const lists = await json<BookmakerLists>("GET", "/bookmakers", { token: shared.token });
    expect(lists.activeBookmakers.map((b) => b.bookmakerId)).toContain(other.bookmakerId);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("deletes a book bigger than one chunk in batches, and nothing of the book beside it", async () => {
    const neighbour = await newBook({ coins: 1000 });
    const np = await newPunter(neighbour, { coins: 10 });
    const { book } = await busyBook();
    for (let i = 0; i < 4; i++) await newPunter(book, { coins: 3 });
    const neighbourBefore = await rowsOf(neighbour);
    await lapse(book, RETENTION_DAYS + 1);

    const report = await deleteLapsedBooks(env as unknown as Env, Date.now(), 2);
    const deleted = report.deleted.find((d) => d.bookmakerId === book.bookmakerId);
    expect(deleted?.rows.ledger).toBeGreaterThan(2);
    expect(await rowsOf(book)).toEqual(NOTHING);
    expect(await rowsOf(neighbour)).toEqual(neighbourBefore);
    expect((await json<Money>("GET", `/balances/${neighbour.bookmakerId}`, { token: np.token })).amount).toBe(10);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("is cancelled by renewing before the date", async () => {
    const { book } = await busyBook();
    await lapse(book, RETENTION_DAYS - 3);
    const before = await rowsOf(book);
    expect((await buyInDevMode(book.owner, "BOOKMAKER")).ok).toBe(true);
    // Ten days on, the old end is 67 days back; the renewed period runs.
    await deleteLapsedBooks(env as unknown as Env, Date.now() + 10 * DAY);
    // The renewal may bring the first period's grant: a ledger row more, nothing less.
    const after = await rowsOf(book);
    expect({ ...after, ledger: 0 }).toEqual({ ...before, ledger: 0 });
    expect(after.ledger).toBeGreaterThanOrEqual(before.ledger);
  });

  it("runs from the daily cron", async () => {
    const { book } = await busyBook();
    await lapse(book, RETENTION_DAYS + 1);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController(), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await rowsOf(book)).toEqual(NOTHING);
  });
});

describe("the warning", () => {
  const me = (book: TestBook) => json<Me>("GET", "/bookmakers/authorizeMe", { token: book.owner.token });

  it("gives the bookmaker the deletion date in the last 7 days, not before, not while subscribed", async () => {
    const book = await newBook();
    expect((await me(book)).bookDeletesOn).toBeUndefined();
    await lapse(book, RETENTION_DAYS - 8);
    expect((await me(book)).bookDeletesOn).toBeUndefined();
    const end = daysAgo(RETENTION_DAYS - 6);
    await giveSubscription(book.owner.userId, "BOOKMAKER", end);
    expect((await me(book)).bookDeletesOn).toBe(new Date(Date.parse(end) + RETENTION_DAYS * DAY).toISOString());
  });

  it("tells the bookmaker through the bot once, 7 days before, and again only after a new lapse", async () => {
    const book = await newBook({ allowsWrite: true });
    await lapse(book, RETENTION_DAYS - 8);
    expect(await warnLapsedBooks(env as unknown as Env)).not.toContain(book.bookmakerId);
    const end = daysAgo(RETENTION_DAYS - 6);
    await giveSubscription(book.owner.userId, "BOOKMAKER", end);
    expect(await warnLapsedBooks(env as unknown as Env)).toContain(book.bookmakerId);
    const on = new Date(Date.parse(end) + RETENTION_DAYS * DAY).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(await received(bot, book.owner.userId)).toEqual([
      `Your bookmaker subscription has ended. ${book.name}, with its events, bets, punters and coins, will be deleted on ${on} unless you renew.`,
    ]);
    expect(await warnLapsedBooks(env as unknown as Env)).not.toContain(book.bookmakerId);
    await settle();
    expect(textsTo(bot, book.owner.userId)).toHaveLength(1);
  });
});
