import { env } from "cloudflare:workers";
import { openAccount, pool } from "../ledger/accounts";
import { runMoneyBatch, transferStatements } from "../ledger/transfer";
import type { SubscriptionType } from "../subscriptions/activity";
import { call, signIn, type TestUser } from "./api";
import { send } from "./client";

// Builders for the situations tests start from, going through the API wherever the API
// can do it, and through our own ledger module for coins that payments will bring.

let bookSeq = Math.floor(Math.random() * 1e7);
export const freshBookName = () => `Book${String(bookSeq++).padStart(8, "0")}`;

export interface TestBook {
  owner: TestUser;
  bookmakerId: number;
  name: string;
}

/**
 * A bookmaker with a profile; `coins` are bought in (a PURCHASE). As in the app, the BOOKMAKER
 * subscription comes first (registering needs an active one); `active: false` lets it lapse
 * once the profile exists, so the owner holds an expired subscription.
 */
export async function newBook(
  options: { coins?: number; active?: boolean; allowsWrite?: boolean } = {},
): Promise<TestBook> {
  const owner = await signIn("bookie", { allowsWrite: options.allowsWrite });
  const name = freshBookName();
  await giveSubscription(owner.userId, "BOOKMAKER");
  const { bookmakerId } = await send("PUT /bookmakers/register", { token: owner.token, body: { name } });
  if (!(options.active ?? true))
    await giveSubscription(owner.userId, "BOOKMAKER", new Date(Date.now() - 864e5).toISOString());
  if (options.coins) await buyCoins(owner.userId, Math.round(options.coins * 100));
  return { owner, bookmakerId, name };
}

/** Coins entering a pool from outside, as a paid coin package does. */
export async function buyCoins(ownerId: number, cents: number, kind: "PURCHASE" | "GRANT" = "PURCHASE") {
  await runMoneyBatch(env.DB, [
    openAccount(env.DB, pool(ownerId)),
    ...transferStatements(env.DB, {
      kind,
      poolOwnerId: ownerId,
      from: null,
      to: pool(ownerId),
      amountCents: cents,
      ref: "test",
    }),
  ]);
}

export async function giveSubscription(
  userId: number,
  type: SubscriptionType,
  endDate: string | null = new Date(Date.now() + 30 * 864e5).toISOString(),
) {
  await env.DB.prepare(
    `INSERT INTO user_subscriptions (user_id, type, active, start_date, end_date) VALUES (?1, ?2, 1, ?3, ?4)
     ON CONFLICT (user_id, type) DO UPDATE SET active = 1, end_date = excluded.end_date`,
  )
    .bind(userId, type, new Date().toISOString(), endDate)
    .run();
}

/** A punter who asked to join and was approved; `coins` are then allocated by the bookmaker. */
export async function newPunter(
  book: TestBook,
  options: { coins?: number; prefix?: string; allowsWrite?: boolean } = {},
): Promise<TestUser> {
  const punter = await signIn(options.prefix ?? "punter", { allowsWrite: options.allowsWrite });
  await send("POST /bookmakers/:id/sign", { token: punter.token, params: { id: book.bookmakerId } });
  const requestId = await pendingRequestId(book, punter.userId);
  const token = book.owner.token;
  await send("POST /bookmakers/requests/:id/approve", { token, params: { id: requestId } });
  if (options.coins) {
    await send("POST /balances/add", {
      token,
      body: { userId: punter.userId, balance: { amount: options.coins, currency: "COIN" } },
    });
  }
  return punter;
}

export async function pendingRequestId(book: TestBook, userId: number): Promise<number> {
  const requests = await send("GET /bookmakers/requests", { token: book.owner.token });
  const request = requests.find((r) => r.user.internalId === userId);
  if (!request) throw new Error(`no pending request of ${userId}`);
  return request.joinRequest.id;
}

export interface LedgerViolations {
  /** Accounts whose balance differs from the sum of their ledger rows. */
  unbalancedAccounts: unknown[];
  /** Pool owners whose pool + punters (tickets and CASH too) differ from the coins and cash that came in. */
  unbalancedBooks: unknown[];
  negativePunters: unknown[];
  /** Moves between a person's coins and the counter's cash (a ticket, the CASH account): coins and cash never mix. */
  mixedMoves: unknown[];
}

/** Checks the ledger's invariants over the whole database (docs/ARCHITECTURE.md, "Ledger invariants"). */
export async function ledgerViolations(): Promise<LedgerViolations> {
  const [accounts, books, negative, mixed] = await env.DB.batch([
    env.DB.prepare(
      `SELECT a.id, a.balance_cents,
         COALESCE((SELECT SUM(amount_cents) FROM ledger WHERE to_account = a.id), 0)
           - COALESCE((SELECT SUM(amount_cents) FROM ledger WHERE from_account = a.id), 0) AS ledger_cents
       FROM accounts a WHERE a.balance_cents <> ledger_cents`,
    ),
    env.DB.prepare(
      `SELECT o.pool_owner_id, o.held, COALESCE(i.came_in, 0) AS came_in FROM
         (SELECT pool_owner_id, SUM(balance_cents) AS held FROM accounts GROUP BY pool_owner_id) o
         LEFT JOIN (SELECT pool_owner_id, SUM(amount_cents) AS came_in FROM ledger WHERE kind IN ('GRANT', 'PURCHASE', 'CASH_IN') GROUP BY pool_owner_id) i
         ON i.pool_owner_id = o.pool_owner_id
       WHERE o.held <> COALESCE(i.came_in, 0)`,
    ),
    env.DB.prepare(`SELECT id, balance_cents FROM accounts WHERE kind <> 'POOL' AND balance_cents < 0`),
    env.DB.prepare(
      `SELECT l.id, l.kind FROM ledger l JOIN accounts f ON f.id = l.from_account JOIN accounts t ON t.id = l.to_account
       WHERE (f.kind = 'CASH' OR f.punter_id < 0) <> (t.kind = 'CASH' OR t.punter_id < 0) AND f.kind <> 'POOL' AND t.kind <> 'POOL'`,
    ),
  ]);
  return {
    unbalancedAccounts: accounts.results,
    unbalancedBooks: books.results,
    negativePunters: negative.results,
    mixedMoves: mixed.results,
  };
}

export const NO_VIOLATIONS: LedgerViolations = {
  unbalancedAccounts: [],
  unbalancedBooks: [],
  negativePunters: [],
  mixedMoves: [],
};

/** The catalogue id of a market item, e.g. "BOOKMAKER" or "ADD_BALANCE_1000". */
export async function catalogueId(type: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT id FROM subscriptions WHERE type = ?1`).bind(type).first<{ id: number }>();
  if (!row) throw new Error(`no catalogue item ${type}`);
  return row.id;
}

/** Buys a market item the dev-mode way: an invoice, then `POST /dev/pay`. Answers the pay call. */
export async function buyInDevMode(user: TestUser, type: string): Promise<Response> {
  const subscriptionId = await catalogueId(type);
  const { invoiceId } = await send("POST /subscriptions/purchase", { token: user.token, body: { subscriptionId } });
  return call("POST", `/dev/pay/${invoiceId}`);
}
