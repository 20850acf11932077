import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DevPayment, ErrorBody, InvoiceAnswer, UserSubscription } from "../contract";
import { balanceOf, pool } from "../ledger/accounts";
import { call, json, signIn } from "../test/api";
import { buyInDevMode, catalogueId, ledgerViolations, newBook, NO_VIOLATIONS } from "../test/world";

// Dev mode pays an invoice through POST /dev/pay/{invoiceId}, the same code Telegram's
// pre-checkout and successful_payment go through.

describe("dev payments", () => {
  it("activates BOOKMAKER and grants the coins, once however often the invoice is paid", async () => {
    const user = await signIn("devbuyer");
    const { invoiceId } = await json<InvoiceAnswer>("POST", "/subscriptions/purchase", {
      token: user.token,
      body: { subscriptionId: await catalogueId("BOOKMAKER") },
    });
    const answers = await Promise.all([1, 2, 3].map(() => json<DevPayment>("POST", `/dev/pay/${invoiceId}`)));
    expect(answers.filter((a) => a.applied)).toHaveLength(1);
    const [held] = await json<UserSubscription[]>("GET", "/subscriptions/mine", { token: user.token });
    expect(held).toMatchObject({ subscription: { subscriptionType: "BOOKMAKER" }, active: true });
    expect(await balanceOf(env.DB, pool(user.userId))).toBe(1_000_000);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("buys a coin package for the pool", async () => {
    const book = await newBook();
    const res = await buyInDevMode(book.owner, "ADD_BALANCE_50000");
    expect(await res.json()).toMatchObject({ applied: true });
    expect(await balanceOf(env.DB, pool(book.owner.userId))).toBe(5_000_000);
  });

  it("refuses, as pre-checkout would, an invoice no longer payable", async () => {
    const user = await signIn("devbuyer");
    const subscriptionId = await catalogueId("BOOKMAKER");
    const first = await json<InvoiceAnswer>("POST", "/subscriptions/purchase", {
      token: user.token,
      body: { subscriptionId },
    });
    const second = await json<InvoiceAnswer>("POST", "/subscriptions/purchase", {
      token: user.token,
      body: { subscriptionId },
    });
    await json("POST", `/dev/pay/${first.invoiceId}`);
    const res = await call("POST", `/dev/pay/${second.invoiceId}`);
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error.message).toMatch(/eight days/);
  });

  it("answers 404 for an unknown invoice, 400 for a malformed id, and nothing with dev mode off", async () => {
    expect((await call("POST", "/dev/pay/no-such-invoice")).status).toBe(404);
    const bad = await call("POST", `/dev/pay/${encodeURIComponent("bad id!")}`);
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).error.field).toBe("invoiceId");

    const user = await signIn("devbuyer");
    const { invoiceId } = await json<InvoiceAnswer>("POST", "/subscriptions/purchase", {
      token: user.token,
      body: { subscriptionId: await catalogueId("BOOKMAKER") },
    });
    expect((await call("POST", `/dev/pay/${invoiceId}`, { env: { DEV_MODE: "false" } })).status).toBe(404);
    expect(await balanceOf(env.DB, pool(user.userId))).toBe(0);
  });
});
