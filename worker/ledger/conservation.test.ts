import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookBalances, DevPayment, InvoiceAnswer } from "../contract";
import { BOOKMAKER_GRANT_CENTS } from "../payments/apply";
import { fakeBotApi, paymentUpdate, preCheckoutUpdate, sendUpdate, type FakeBotApi } from "../test/fake-telegram";
import { call, json, signIn, type TestUser } from "../test/api";
import { catalogueId, ledgerViolations, newBook, NO_VIOLATIONS, type TestBook } from "../test/world";
import { propertyRuns } from "../test/property";

// Random sequences of membership, coin and market calls, valid or not, many at once, must
// never create or lose a coin: every balance equals its ledger, every book holds exactly what
// came into it, no punter is below zero, and the balances are what the accepted calls and
// payments say. Payments arrive through Telegram's webhook or dev pay, sometimes twice.

const PUNTERS = 4;
const runs = Number(env.PROPERTY_RUNS) || 200;

const amount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 40_000 }).map((cents) => cents / 100) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(-1, 0, 1.001, 1e12, "5", null) },
);
const who = fc.nat(PUNTERS - 1);
const PACKAGES = {
  ADD_BALANCE_1000: 100_000,
  ADD_BALANCE_5000: 500_000,
  ADD_BALANCE_10000: 1_000_000,
  ADD_BALANCE_50000: 5_000_000,
};
const payment = {
  via: fc.constantFrom("webhook" as const, "dev" as const),
  /** How many times Telegram (or the developer) delivers the payment. */
  deliveries: fc.integer({ min: 1, max: 2 }),
};
const op = fc.oneof(
  fc.record({ type: fc.constant("add" as const), who, amount }),
  fc.record({ type: fc.constant("subtract" as const), who, amount }),
  fc.record({ type: fc.constant("sign" as const), who }),
  fc.record({ type: fc.constant("approve" as const), who }),
  fc.record({ type: fc.constant("reject" as const), who }),
  fc.record({ type: fc.constant("selfAdd" as const), who, amount }),
  fc.record({
    type: fc.constant("buyCoins" as const),
    item: fc.constantFrom(...(Object.keys(PACKAGES) as (keyof typeof PACKAGES)[])),
    ...payment,
  }),
  fc.record({ type: fc.constant("subscribe" as const), ...payment }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Steps run one after another; the calls of a step run at once. */
const sequence = fc.record({
  poolCents: fc.integer({ min: 0, max: 200_000 }),
  /** A book without BOOKMAKER yet can subscribe, which brings the grant. */
  subscribed: fc.boolean(),
  /** Where each punter stands before the calls; most start approved so coins can move. */
  start: fc.array(fc.constantFrom("approved", "approved", "approved", "pending", "declined", "stranger"), {
    minLength: PUNTERS,
    maxLength: PUNTERS,
  }),
  steps: fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
});

interface World {
  book: TestBook;
  punters: TestUser[];
  /** What accepted calls moved to each punter, in cents. */
  movedCents: number[];
  /** What paid coin packages brought into the pool, in cents. */
  boughtCents: number;
  /** Whether a BOOKMAKER period was paid, which grants once. */
  subscribedNow: boolean;
}

const ALLOWED = new Set([200, 400, 403, 404, 409]);
let acceptedMoves = 0;
let paidInvoices = 0;
let bot: FakeBotApi;
beforeAll(() => {
  bot = fakeBotApi();
});
afterAll(() => bot.restore());
const toCents = (a: unknown) => Math.round((a as number) * 100);

async function pendingId(world: World, i: number): Promise<number | undefined> {
  const requests = await json<{ joinRequest: { id: number }; user: { internalId: number } }[]>(
    "GET",
    "/bookmakers/requests",
    { token: world.book.owner.token },
  );
  return requests.find((r) => r.user.internalId === world.punters[i].userId)?.joinRequest.id;
}

/** Buys an item as Telegram or dev mode would; true when it was paid. */
async function buy(world: World, type: string, via: "webhook" | "dev", deliveries: number): Promise<number | true> {
  const owner = world.book.owner;
  // Dev mode off: the invoice comes from the (fake) Bot API and is paid through the webhook.
  const res = await call("POST", "/subscriptions/purchase", {
    token: owner.token,
    body: { subscriptionId: await catalogueId(type) },
    env: via === "webhook" ? { DEV_MODE: "false" } : {},
  });
  if (res.status !== 200) return res.status;
  const { invoiceId } = await res.json<InvoiceAnswer>();
  const price = (await env.DB.prepare(`SELECT price_stars FROM invoices WHERE id = ?1`)
    .bind(invoiceId)
    .first<{ price_stars: number }>())!.price_stars;

  if (via === "dev") {
    const paid = await Promise.all(Array.from({ length: deliveries }, () => call("POST", `/dev/pay/${invoiceId}`)));
    const answers = await Promise.all(paid.filter((r) => r.status === 200).map((r) => r.json<DevPayment>()));
    expect(answers.filter((a) => a.applied).length).toBeLessThanOrEqual(1);
    return answers.some((a) => a.applied) || 409;
  }
  const checkout = preCheckoutUpdate(owner.userId, invoiceId, price);
  expect((await sendUpdate(checkout)).status).toBe(200);
  const verdict = bot
    .of("answerPreCheckoutQuery")
    .find((a) => a.params.pre_checkout_query_id === checkout.pre_checkout_query.id);
  if (!verdict?.params.ok) return 409; // Telegram takes no Stars after a refusal.
  const update = {
    update_id: Math.floor(Math.random() * 2 ** 40),
    ...paymentUpdate(owner.userId, invoiceId, price, `prop-${invoiceId}`),
  };
  // A redelivery: the same update, or another update with the same charge id.
  const statuses = await Promise.all(
    Array.from({ length: deliveries }, (_, i) =>
      sendUpdate(i % 2 === 0 ? update : { ...update, update_id: update.update_id + 1 }).then((r) => r.status),
    ),
  );
  expect(statuses.every((s) => s === 200)).toBe(true);
  return true;
}

async function perform(world: World, o: Op): Promise<number> {
  if (o.type === "buyCoins" || o.type === "subscribe") {
    const paid = await buy(world, o.type === "buyCoins" ? o.item : "BOOKMAKER", o.via, o.deliveries);
    if (paid !== true) return paid;
    if (o.type === "buyCoins") world.boughtCents += PACKAGES[o.item];
    else world.subscribedNow = true;
    paidInvoices++;
    return 200;
  }
  const owner = world.book.owner.token;
  const p = world.punters[o.who];
  switch (o.type) {
    case "add":
    case "subtract": {
      const res = await call("POST", `/balances/${o.type}`, {
        token: owner,
        body: { userId: p.userId, balance: { amount: o.amount } },
      });
      if (res.status === 200) {
        world.movedCents[o.who] += (o.type === "add" ? 1 : -1) * toCents(o.amount);
        acceptedMoves++;
      }
      return res.status;
    }
    case "selfAdd":
      return (
        await call("POST", "/balances/add", {
          token: p.token,
          body: { userId: p.userId, balance: { amount: o.amount } },
        })
      ).status;
    case "sign":
      return (await call("POST", `/bookmakers/${world.book.bookmakerId}/sign`, { token: p.token })).status;
    case "approve":
    case "reject": {
      const id = await pendingId(world, o.who);
      if (id === undefined) return 404;
      return (await call("POST", `/bookmakers/requests/${id}/${o.type}`, { token: owner })).status;
    }
  }
}

describe("coin conservation", () => {
  it(
    `holds over ${runs} random sequences of concurrent membership, coin and market calls`,
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(sequence, async ({ poolCents, subscribed, start, steps }) => {
          const book = await newBook({ coins: poolCents / 100, active: subscribed });
          const punters = await Promise.all(Array.from({ length: PUNTERS }, () => signIn("prop")));
          const world: World = {
            book,
            punters,
            movedCents: punters.map(() => 0),
            boughtCents: 0,
            subscribedNow: false,
          };
          for (const [i, state] of start.entries()) {
            if (state === "stranger") continue;
            await perform(world, { type: "sign", who: i });
            if (state !== "pending")
              await perform(world, { type: state === "approved" ? "approve" : "reject", who: i });
          }

          for (const step of steps) {
            const statuses = await Promise.all(step.map((o) => perform(world, o)));
            expect(statuses.filter((s) => !ALLOWED.has(s))).toEqual([]);
          }

          expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
          const { balance, punters: shown } = await json<BookBalances>("GET", "/balances", { token: book.owner.token });
          const moved = world.movedCents.reduce((a, b) => a + b, 0);
          const granted = world.subscribedNow ? BOOKMAKER_GRANT_CENTS : 0;
          expect(toCents(balance.amount)).toBe(poolCents + world.boughtCents + granted - moved);
          for (const [i, p] of punters.entries()) {
            const coins = shown.find((s) => s.user.internalId === p.userId)?.money.amount ?? 0;
            expect(toCents(coins)).toBe(world.movedCents[i]);
          }
        }),
        propertyRuns(runs),
      );
      // The sequences must reach the interesting part: coins moving and invoices paid (about half
      // the runs each). A guard against sequences that never reach a case, not a quota: each
      // commit's seed draws others.
      console.log(`ledger conservation: ${acceptedMoves} moves, ${paidInvoices} invoices paid in ${runs} runs`);
      expect(acceptedMoves).toBeGreaterThan(0);
      expect(paidInvoices).toBeGreaterThan(0);
    },
  );
});
