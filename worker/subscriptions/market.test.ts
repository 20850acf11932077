import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  BookBalances,
  BookmakerLists,
  CatalogueItem,
  ErrorBody,
  InvoiceAnswer,
  UserSubscription,
} from "../contract";
import { call, json, signIn } from "../test/api";
import { catalogueId, giveSubscription, newBook } from "../test/world";
import { fakeBotApi, type FakeBotApi } from "../test/fake-telegram";
import { holdsSubscription } from "./activity";

let bot: FakeBotApi;
beforeEach(() => {
  bot = fakeBotApi();
});
afterEach(() => bot.restore());

const PRODUCTION = { DEV_MODE: "false" };
const DAY = 864e5;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const priceOf = (items: CatalogueItem[], type: string) => items.find((i) => i.subscriptionType === type)!;

describe("the market catalogue", () => {
  it("lists every item with its price in Stars, packages with their coins", async () => {
    const user = await signIn("shopper");
    const items = await json<CatalogueItem[]>("GET", "/subscriptions", { token: user.token });
    expect(items.map((i) => i.subscriptionType)).toEqual([
      "BOOKMAKER",
      "WHAT_IF",
      "FRACTAL_ODDS",
      "ADD_BALANCE_1000",
      "ADD_BALANCE_5000",
      "ADD_BALANCE_10000",
      "ADD_BALANCE_50000",
    ]);
    expect(priceOf(items, "WHAT_IF")).toMatchObject({
      subscriptionName: "What if?",
      subscriptionPrice: 250,
      periodDays: 30,
    });
    expect(priceOf(items, "ADD_BALANCE_10000")).toMatchObject({ subscriptionPrice: 800, coins: 10_000 });
  });

  it("shows BOOKMAKER at half price until the user has held it once", async () => {
    const user = await signIn("shopper");
    const before = await json<CatalogueItem[]>("GET", "/subscriptions", { token: user.token });
    expect(priceOf(before, "BOOKMAKER")).toMatchObject({ subscriptionPrice: 500, regularPrice: 1000 });

    await giveSubscription(user.userId, "BOOKMAKER", inDays(-40));
    const after = await json<CatalogueItem[]>("GET", "/subscriptions", { token: user.token });
    expect(priceOf(after, "BOOKMAKER").subscriptionPrice).toBe(1000);
    expect(priceOf(after, "BOOKMAKER").regularPrice).toBeUndefined();
  });

  it("needs a session", async () => {
    expect((await call("GET", "/subscriptions")).status).toBe(401);
  });
});

describe("a bookmaker's subscriptions", () => {
  it("lists what the bookmaker's owner holds, active or not", async () => {
    const book = await newBook();
    await giveSubscription(book.owner.userId, "WHAT_IF", inDays(-1));
    const punter = await signIn("punter");
    const list = await json<UserSubscription[]>("GET", `/subscriptions/active/${book.bookmakerId}`, {
      token: punter.token,
    });
    expect(list).toEqual([
      expect.objectContaining({
        subscription: { subscriptionType: "BOOKMAKER" },
        active: true,
        endDate: expect.any(String),
      }),
      expect.objectContaining({ subscription: { subscriptionType: "WHAT_IF" }, active: false }),
    ]);
  });

  it("answers 404 for an unknown bookmaker and 400 naming the field for a bad id", async () => {
    const user = await signIn("punter");
    expect((await call("GET", "/subscriptions/active/999999999", { token: user.token })).status).toBe(404);
    const bad = await call("GET", "/subscriptions/active/abc", { token: user.token });
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).error.field).toBe("bookmakerId");
  });

  it("turns the bookmaker inactive when BOOKMAKER expires, keeps his data and lets him renew", async () => {
    const book = await newBook({ coins: 50 });
    const punter = await signIn("punter");
    const end = inDays(-1);
    await giveSubscription(book.owner.userId, "BOOKMAKER", end);

    expect(await holdsSubscription(env.DB, book.owner.userId, "BOOKMAKER", new Date().toISOString())).toBe(false);
    const lists = await json<BookmakerLists>("GET", "/bookmakers", { token: punter.token });
    expect(lists.inactiveBookmakers.find((b) => b.bookmakerId === book.bookmakerId)?.active).toBe(false);
    const [bookmaker] = await json<UserSubscription[]>("GET", `/subscriptions/active/${book.bookmakerId}`, {
      token: punter.token,
    });
    expect(bookmaker).toMatchObject({ active: false, endDate: end, renewableFrom: null });

    expect((await json<BookBalances>("GET", "/balances", { token: book.owner.token })).balance.amount).toBe(50);
    const renewal = await json<InvoiceAnswer>("POST", "/subscriptions/purchase", {
      token: book.owner.token,
      body: { subscriptionId: await catalogueId("BOOKMAKER") },
      env: PRODUCTION,
    });
    expect(renewal.invoiceId).toBeTruthy();
  });

  it("counts a subscription as active up to its end and not after", async () => {
    const user = await signIn("holder");
    await giveSubscription(user.userId, "FRACTAL_ODDS", inDays(1));
    expect(await holdsSubscription(env.DB, user.userId, "FRACTAL_ODDS", inDays(0.99))).toBe(true);
    expect(await holdsSubscription(env.DB, user.userId, "FRACTAL_ODDS", inDays(1.01))).toBe(false);
  });
});

describe("invoices", () => {
  const purchase = async (token: string, type: string, options = {}) =>
    call("POST", "/subscriptions/purchase", {
      token,
      body: { subscriptionId: await catalogueId(type) },
      env: PRODUCTION,
      ...options,
    });

  it("makes the same invoice by path as by body", async () => {
    const user = await signIn("buyer");
    const res = await call("POST", `/subscriptions/invoice/${await catalogueId("BOOKMAKER")}`, {
      token: user.token,
      env: PRODUCTION,
    });
    expect(res.status).toBe(200);
    const answer = await res.json<InvoiceAnswer>();
    const row = await env.DB.prepare(`SELECT user_id, price_stars, status FROM invoices WHERE id = ?1`)
      .bind(answer.invoiceId)
      .first();
    expect(row).toEqual({ user_id: user.userId, price_stars: 500, status: "PENDING" });
    expect(bot.of("createInvoiceLink")[0].params.payload).toBe(answer.invoiceId);
  });

  it("refuses a renewal before the eight-day window with 409, and accepts it inside", async () => {
    const book = await newBook();
    await giveSubscription(book.owner.userId, "BOOKMAKER", inDays(9));
    const early = await purchase(book.owner.token, "BOOKMAKER");
    expect(early.status).toBe(409);
    const body = await early.json<ErrorBody & { error: { renewableFrom: string } }>();
    expect(body.error).toMatchObject({
      code: "CONFLICT",
      reason: "TOO_EARLY",
      message: expect.stringMatching(/eight days before/),
    });
    expect(Math.abs(Date.parse(body.error.renewableFrom) - (Date.now() + DAY))).toBeLessThan(60_000);
    expect(bot.of("createInvoiceLink")).toHaveLength(0);

    await giveSubscription(book.owner.userId, "BOOKMAKER", inDays(7));
    expect((await purchase(book.owner.token, "BOOKMAKER")).status).toBe(200);
    expect(bot.of("createInvoiceLink")[0].params.prices).toEqual([{ label: "Bookmaker", amount: 1000 }]);
  });

  it("refuses features and coins without a bookmaker profile", async () => {
    const user = await signIn("nobook");
    for (const type of ["WHAT_IF", "FRACTAL_ODDS", "ADD_BALANCE_1000"]) {
      const res = await purchase(user.token, type);
      expect(res.status).toBe(404);
      expect((await res.json<ErrorBody>()).error.message).toBe("Bookmaker profile not found.");
    }
  });

  it("answers 400 naming the field for a bad body or path, and 404 for an unknown item", async () => {
    const user = await signIn("buyer");
    for (const body of [{}, { subscriptionId: "abc" }, { subscriptionId: -1 }, { subscriptionId: 1.5 }, null]) {
      const res = await call("POST", "/subscriptions/purchase", { token: user.token, body });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.field).toBe(body === null ? "json" : "subscriptionId");
    }
    const badPath = await call("POST", "/subscriptions/invoice/x1", { token: user.token });
    expect(badPath.status).toBe(400);
    expect((await badPath.json<ErrorBody>()).error.field).toBe("subscriptionId");
    expect(
      (await call("POST", "/subscriptions/purchase", { token: user.token, body: { subscriptionId: 999999 } })).status,
    ).toBe(404);
  });

  it("cancels the invoice and answers 502 when Telegram does not make the link", async () => {
    const user = await signIn("buyer");
    bot.answer("createInvoiceLink", () => ({
      status: 500,
      body: { ok: false, error_code: 500, description: "Internal" },
    }));
    const res = await purchase(user.token, "BOOKMAKER");
    expect(res.status).toBe(502);
    const row = await env.DB.prepare(`SELECT status FROM invoices WHERE user_id = ?1`).bind(user.userId).first();
    expect(row).toEqual({ status: "CANCELLED" });
  });

  it("links to the dev pay route in dev mode without a real bot token, calling no Telegram", async () => {
    const user = await signIn("buyer");
    const answer = await json<InvoiceAnswer>("POST", "/subscriptions/purchase", {
      token: user.token,
      body: { subscriptionId: await catalogueId("BOOKMAKER") },
    });
    expect(answer.invoiceLink).toBe(`http://api.test/dev/pay/${answer.invoiceId}`);
    expect(bot.calls).toHaveLength(0);
  });
});
