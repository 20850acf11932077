import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BookBalances, ErrorBody, InvoiceAnswer, UserSubscription } from "../contract";
import { balanceOf, pool } from "../ledger/accounts";
import { call, json, signIn, type TestUser } from "../test/api";
import { catalogueId, freshBookName, giveSubscription, ledgerViolations, newBook, NO_VIOLATIONS } from "../test/world";
import { fakeBotApi, paymentUpdate, preCheckoutUpdate, sendUpdate, type FakeBotApi } from "../test/fake-telegram";

// The whole Stars flow as Telegram drives it: invoice link, pre-checkout, successful payment.

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
});
afterEach(() => bot.restore());

/** Dev mode off: invoices come from the (fake) Bot API, as in production. */
const PRODUCTION = { DEV_MODE: "false" };
const DAY = 864e5;

async function invoice(user: TestUser, type: string): Promise<InvoiceAnswer> {
  const subscriptionId = await catalogueId(type);
  return json<InvoiceAnswer>("POST", "/subscriptions/purchase", {
    token: user.token,
    body: { subscriptionId },
    env: PRODUCTION,
  });
}

async function pay(
  user: TestUser,
  inv: InvoiceAnswer,
  price: number,
  chargeId = `charge-${inv.invoiceId}`,
  extra = {},
) {
  const checkout = await sendUpdate(preCheckoutUpdate(user.userId, inv.invoiceId, price));
  expect(checkout.status).toBe(200);
  expect(bot.of("answerPreCheckoutQuery").at(-1)?.params).toMatchObject({ ok: true });
  const paid = await sendUpdate(paymentUpdate(user.userId, inv.invoiceId, price, chargeId, extra));
  expect(paid.status).toBe(200);
}

const mine = (user: TestUser) => json<UserSubscription[]>("GET", "/subscriptions/mine", { token: user.token });
const held = async (user: TestUser, type: string) =>
  (await mine(user)).find((s) => s.subscription.subscriptionType === type);

async function ledgerRows(ownerId: number, kind: string) {
  const { results } = await env.DB.prepare(
    `SELECT amount_cents, ref FROM ledger WHERE pool_owner_id = ?1 AND kind = ?2`,
  )
    .bind(ownerId, kind)
    .all<{ amount_cents: number; ref: string }>();
  return results;
}

const paymentCount = async (invoiceId: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM payments WHERE invoice_id = ?1`)
    .bind(invoiceId)
    .first<{ n: number }>())!.n;

describe("Stars payments through the webhook", () => {
  it("asks Telegram for an XTR invoice link with one price and an empty provider token", async () => {
    const user = await signIn("buyer");
    const inv = await invoice(user, "BOOKMAKER");
    expect(inv.invoiceLink).toMatch(/^https:\/\/t\.me\/\$/);
    const [created] = bot.of("createInvoiceLink");
    expect(created.token).toBe(env.BOT_TOKEN);
    expect(created.params).toMatchObject({
      payload: inv.invoiceId,
      provider_token: "",
      currency: "XTR",
      prices: [{ amount: 500 }],
    });
    // The half-price first period is a one-off: a Telegram subscription would renew at half price.
    expect(created.params.subscription_period).toBeUndefined();
  });

  it("activates BOOKMAKER and grants 10,000 coins to the future bookmaker's pool on the first payment", async () => {
    const user = await signIn("buyer");
    const inv = await invoice(user, "BOOKMAKER");
    await pay(user, inv, 500);

    const bookmaker = await held(user, "BOOKMAKER");
    expect(bookmaker?.active).toBe(true);
    expect(Math.abs(Date.parse(bookmaker!.endDate!) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(await ledgerRows(user.userId, "GRANT")).toEqual([
      { amount_cents: 1_000_000, ref: `invoice:${inv.invoiceId}` },
    ]);

    // The profile comes after the subscription and finds the coins there.
    await json("PUT", "/bookmakers/register", { token: user.token, body: { name: freshBookName() } });
    const book = await json<BookBalances>("GET", "/balances", { token: user.token });
    expect(book.balance.amount).toBe(10_000);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("grants nothing more on a renewal, which extends from the old end date at full price as a Telegram subscription", async () => {
    const user = await signIn("buyer");
    await pay(user, await invoice(user, "BOOKMAKER"), 500);
    const end = new Date(Date.now() + 5 * DAY).toISOString();
    await giveSubscription(user.userId, "BOOKMAKER", end);

    const renewal = await invoice(user, "BOOKMAKER");
    expect(bot.of("createInvoiceLink").at(-1)?.params).toMatchObject({
      prices: [{ amount: 1000 }],
      subscription_period: 2_592_000,
    });
    await pay(user, renewal, 1000);

    expect((await held(user, "BOOKMAKER"))?.endDate).toBe(new Date(Date.parse(end) + 30 * DAY).toISOString());
    expect(await ledgerRows(user.userId, "GRANT")).toHaveLength(1);
  });

  it("changes nothing when the same update is delivered twice", async () => {
    const book = await newBook();
    const inv = await invoice(book.owner, "ADD_BALANCE_1000");
    const checkout = {
      update_id: 900_000_000 + Math.floor(Math.random() * 1e8),
      ...preCheckoutUpdate(book.owner.userId, inv.invoiceId, 100),
    };
    expect((await sendUpdate(checkout)).status).toBe(200);
    expect((await sendUpdate(checkout)).status).toBe(200);
    expect(bot.of("answerPreCheckoutQuery")).toHaveLength(1);

    const payment = {
      update_id: checkout.update_id + 1,
      ...paymentUpdate(book.owner.userId, inv.invoiceId, 100, `charge-${inv.invoiceId}`),
    };
    await Promise.all([sendUpdate(payment), sendUpdate(payment)]);
    expect(await sendUpdate(payment).then((r) => r.status)).toBe(200);
    expect(await paymentCount(inv.invoiceId)).toBe(1);
    expect(await balanceOf(env.DB, pool(book.owner.userId))).toBe(100_000);
  });

  it("applies a charge id once even when it comes in different updates", async () => {
    const user = await signIn("buyer");
    const inv = await invoice(user, "BOOKMAKER");
    await pay(user, inv, 500, "same-charge-" + inv.invoiceId);
    const end = (await held(user, "BOOKMAKER"))?.endDate;
    const again = await Promise.all(
      [1, 2].map(() => sendUpdate(paymentUpdate(user.userId, inv.invoiceId, 500, "same-charge-" + inv.invoiceId))),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect((await held(user, "BOOKMAKER"))?.endDate).toBe(end);
    expect(await paymentCount(inv.invoiceId)).toBe(1);
    expect(await balanceOf(env.DB, pool(user.userId))).toBe(1_000_000);
  });

  it("grants once when two first BOOKMAKER payments land at the same time", async () => {
    const user = await signIn("buyer");
    const [a, b] = await Promise.all([invoice(user, "BOOKMAKER"), invoice(user, "BOOKMAKER")]);
    await Promise.all(
      [a, b].map((inv) => sendUpdate(paymentUpdate(user.userId, inv.invoiceId, 500, `c-${inv.invoiceId}`))),
    );
    expect(await ledgerRows(user.userId, "GRANT")).toHaveLength(1);
    // Both were paid, so both periods count.
    expect(Math.abs(Date.parse((await held(user, "BOOKMAKER"))!.endDate!) - (Date.now() + 60 * DAY))).toBeLessThan(
      60_000,
    );
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("refuses an update without the right secret token with 401 and applies nothing", async () => {
    const book = await newBook();
    const inv = await invoice(book.owner, "ADD_BALANCE_1000");
    for (const secret of ["wrong-secret", "", null]) {
      const res = await sendUpdate(paymentUpdate(book.owner.userId, inv.invoiceId, 100, `c-${inv.invoiceId}`), {
        secret,
      });
      expect(res.status).toBe(401);
    }
    expect(await paymentCount(inv.invoiceId)).toBe(0);
  });

  it("refuses a pre-checkout for an unknown invoice", async () => {
    const user = await signIn("buyer");
    expect((await sendUpdate(preCheckoutUpdate(user.userId, "no-such-invoice", 500))).status).toBe(200);
    expect(bot.of("answerPreCheckoutQuery")[0].params).toMatchObject({
      ok: false,
      error_message: expect.stringMatching(/unknown/),
    });
  });

  it("refuses a pre-checkout at a price other than the invoice's, or in another currency", async () => {
    const user = await signIn("buyer");
    const inv = await invoice(user, "BOOKMAKER");
    await sendUpdate(preCheckoutUpdate(user.userId, inv.invoiceId, 499));
    await sendUpdate(preCheckoutUpdate(user.userId, inv.invoiceId, 500, "USD"));
    for (const answer of bot.of("answerPreCheckoutQuery")) {
      expect(answer.params).toMatchObject({ ok: false, error_message: expect.stringMatching(/price has changed/) });
    }
  });

  it("refuses a pre-checkout of another user's invoice", async () => {
    const user = await signIn("buyer");
    const other = await signIn("other");
    const inv = await invoice(user, "BOOKMAKER");
    await sendUpdate(preCheckoutUpdate(other.userId, inv.invoiceId, 500));
    expect(bot.of("answerPreCheckoutQuery")[0].params).toMatchObject({ ok: false });
  });

  it("refuses a second half-price invoice once the first period is paid", async () => {
    const user = await signIn("buyer");
    const [first, second] = [await invoice(user, "BOOKMAKER"), await invoice(user, "BOOKMAKER")];
    await pay(user, first, 500);
    await sendUpdate(preCheckoutUpdate(user.userId, second.invoiceId, 500));
    expect(bot.of("answerPreCheckoutQuery").at(-1)?.params).toMatchObject({
      ok: false,
      error_message: expect.stringMatching(/eight days/),
    });
    // An invoice already paid is not paid again either.
    await sendUpdate(preCheckoutUpdate(user.userId, first.invoiceId, 500));
    expect(bot.of("answerPreCheckoutQuery").at(-1)?.params).toMatchObject({ ok: false });
  });

  it("credits a coin package to the pool with a PURCHASE ledger row", async () => {
    const book = await newBook({ coins: 3 });
    const inv = await invoice(book.owner, "ADD_BALANCE_5000");
    expect(bot.of("createInvoiceLink")[0].params).toMatchObject({ prices: [{ amount: 450 }] });
    expect(bot.of("createInvoiceLink")[0].params.subscription_period).toBeUndefined();
    await pay(book.owner, inv, 450);
    expect(await ledgerRows(book.owner.userId, "PURCHASE")).toContainEqual({
      amount_cents: 500_000,
      ref: `invoice:${inv.invoiceId}`,
    });
    expect((await json<BookBalances>("GET", "/balances", { token: book.owner.token })).balance.amount).toBe(5_003);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("extends a feature with each recurring Telegram payment and refuses a manual renewal meanwhile", async () => {
    const book = await newBook();
    const inv = await invoice(book.owner, "WHAT_IF");
    expect(bot.of("createInvoiceLink")[0].params).toMatchObject({
      prices: [{ amount: 250 }],
      subscription_period: 2_592_000,
    });
    const renewsAt = Math.floor(Date.now() / 1000) + 30 * 86400;
    await pay(book.owner, inv, 250, `first-${inv.invoiceId}`, {
      subscription_expiration_date: renewsAt,
      is_recurring: true,
      is_first_recurring: true,
    });
    const first = (await held(book.owner, "WHAT_IF"))!;
    expect(first).toMatchObject({ active: true, renewsAt: new Date(renewsAt * 1000).toISOString() });

    const manual = await call("POST", `/subscriptions/invoice/${await catalogueId("WHAT_IF")}`, {
      token: book.owner.token,
      env: PRODUCTION,
    });
    expect(manual.status).toBe(409);

    // Telegram charges again by itself: no pre-checkout, the same payload, a new charge id.
    const next = renewsAt + 30 * 86400;
    await sendUpdate(
      paymentUpdate(book.owner.userId, inv.invoiceId, 250, `second-${inv.invoiceId}`, {
        subscription_expiration_date: next,
        is_recurring: true,
      }),
    );
    const second = (await held(book.owner, "WHAT_IF"))!;
    expect(second.endDate).toBe(new Date(Date.parse(first.endDate!) + 30 * DAY).toISOString());
    expect(second.renewsAt).toBe(new Date(next * 1000).toISOString());
  });

  it("asks Telegram to deliver again when answering the pre-checkout fails on Telegram's side", async () => {
    const user = await signIn("buyer");
    const inv = await invoice(user, "BOOKMAKER");
    const update = {
      update_id: 800_000_000 + Math.floor(Math.random() * 1e8),
      ...preCheckoutUpdate(user.userId, inv.invoiceId, 500),
    };
    bot.answer("answerPreCheckoutQuery", () => ({
      status: 502,
      body: { ok: false, error_code: 502, description: "Bad Gateway" },
    }));
    expect((await sendUpdate(update)).status).toBe(503);
    bot.answer("answerPreCheckoutQuery", () => ({ body: { ok: true, result: true } }));
    expect((await sendUpdate(update)).status).toBe(200);
    expect(bot.of("answerPreCheckoutQuery")).toHaveLength(2);
  });

  it("acknowledges a refusal by Telegram without asking for redelivery", async () => {
    const user = await signIn("buyer");
    const inv = await invoice(user, "BOOKMAKER");
    bot.answer("answerPreCheckoutQuery", () => ({
      status: 400,
      body: { ok: false, error_code: 400, description: "query is too old" },
    }));
    expect((await sendUpdate(preCheckoutUpdate(user.userId, inv.invoiceId, 500))).status).toBe(200);
  });

  it("acknowledges a payment for an invoice it does not know, applies nothing and refunds the Stars", async () => {
    const user = await signIn("buyer");
    expect((await sendUpdate(paymentUpdate(user.userId, "unknown-invoice", 500, "c-unknown"))).status).toBe(200);
    expect(await balanceOf(env.DB, pool(user.userId))).toBe(0);
    expect(bot.of("refundStarPayment").map((c) => c.params)).toEqual([
      { user_id: user.userId, telegram_payment_charge_id: "c-unknown" },
    ]);
  });

  it("refunds a payment that does not match its invoice, and applies nothing", async () => {
    const book = await newBook({ coins: 3 });
    const inv = await invoice(book.owner, "ADD_BALANCE_5000");
    const charge = `c-short-${inv.invoiceId}`;
    expect((await sendUpdate(paymentUpdate(book.owner.userId, inv.invoiceId, 449, charge))).status).toBe(200);
    expect((await ledgerRows(book.owner.userId, "PURCHASE")).map((r) => r.ref)).not.toContain(
      `invoice:${inv.invoiceId}`,
    );
    expect(bot.of("refundStarPayment").map((c) => c.params)).toEqual([
      { user_id: book.owner.userId, telegram_payment_charge_id: charge },
    ]);
  });

  it("does not refund a payment it applied, delivered twice", async () => {
    const book = await newBook({ coins: 3 });
    const inv = await invoice(book.owner, "ADD_BALANCE_5000");
    await pay(book.owner, inv, 450);
    await sendUpdate(paymentUpdate(book.owner.userId, inv.invoiceId, 450, `again-${inv.invoiceId}`));
    expect(bot.of("refundStarPayment")).toEqual([]);
  });

  it("answers 400 naming the field for an update that is not one", async () => {
    for (const [body, field] of [
      [{ update_id: "seven" }, "update_id"],
      [
        { update_id: 7, pre_checkout_query: { id: "q", from: { id: 1 }, currency: "XTR", invoice_payload: "x" } },
        "pre_checkout_query.total_amount",
      ],
    ] as const) {
      const res = await call("POST", "/telegram/webhook", {
        body,
        headers: { "X-Telegram-Bot-Api-Secret-Token": env.WEBHOOK_SECRET },
      });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.field).toBe(field);
    }
  });
});
