import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookBalances, ErrorBody, LedgerPage } from "../contract";
import { call, json, signIn } from "../test/api";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

const add = (token: string, userId: number, amount: unknown) =>
  call("POST", "/balances/add", { token, body: { userId, balance: { amount, currency: "COIN" } } });
const subtract = (token: string, userId: number, amount: unknown) =>
  call("POST", "/balances/subtract", { token, body: { userId, balance: { amount, currency: "COIN" } } });
const balances = (token: string) => json<BookBalances>("GET", "/balances", { token });

async function ledgerCount(ownerId: number) {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE pool_owner_id = ?1")
    .bind(ownerId)
    .first<{ n: number }>())!.n;
}

describe("balances", () => {
  it("shows the pool and every approved punter with coins and note", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 250.75 });
    await json("POST", "/balances/addNote", {
      token: book.owner.token,
      body: { userId: punter.userId, note: "pays on Fridays" },
    });
    expect(await balances(book.owner.token)).toEqual({
      balance: { amount: 749.25, currency: "COIN" },
      punters: [
        {
          user: { internalId: punter.userId, username: punter.username },
          money: { amount: 250.75, currency: "COIN" },
          note: "pays on Fridays",
          limits: { maxStake: null, maxPayoutPerEvent: null },
        },
      ],
      limits: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
    });
  });

  it("shows a punter his own coins with a bookmaker, and 0 where he has none", async () => {
    const book = await newBook({ coins: 100 });
    const punter = await newPunter(book, { coins: 40 });
    expect(await json("GET", `/balances/${book.bookmakerId}`, { token: punter.token })).toEqual({
      amount: 40,
      currency: "COIN",
    });
    const stranger = await signIn("stranger");
    expect(await json("GET", `/balances/${book.bookmakerId}`, { token: stranger.token })).toEqual({
      amount: 0,
      currency: "COIN",
    });
    expect((await call("GET", `/balances/99999999`, { token: stranger.token })).status).toBe(404);
  });

  it("adds coins from the pool and subtracts them back, answering the punter's new balance", async () => {
    const book = await newBook({ coins: 100 });
    const punter = await newPunter(book);
    expect(await (await add(book.owner.token, punter.userId, 30.5)).json()).toEqual({
      userId: punter.userId,
      balance: { amount: 30.5, currency: "COIN" },
    });
    expect(await (await subtract(book.owner.token, punter.userId, 0.5)).json()).toEqual({
      userId: punter.userId,
      balance: { amount: 30, currency: "COIN" },
    });
    expect((await balances(book.owner.token)).balance.amount).toBe(70);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("answers 409 INSUFFICIENT_COINS when the pool or the punter lacks coins, and moves nothing", async () => {
    const book = await newBook({ coins: 10 });
    const punter = await newPunter(book, { coins: 4 });
    const before = await ledgerCount(book.owner.userId);
    for (const res of [
      await add(book.owner.token, punter.userId, 6.01),
      await subtract(book.owner.token, punter.userId, 4.01),
    ]) {
      expect(res.status).toBe(409);
      expect((await res.json<ErrorBody>()).error.code).toBe("INSUFFICIENT_COINS");
    }
    expect(await ledgerCount(book.owner.userId)).toBe(before);
    const after = await balances(book.owner.token);
    expect(after.balance.amount).toBe(6);
    expect(after.punters[0].money.amount).toBe(4);
  });

  it("refuses negative, zero, 3-decimal, non-numeric and huge amounts with the field named", async () => {
    const book = await newBook({ coins: 100 });
    const punter = await newPunter(book, { coins: 10 });
    const before = await ledgerCount(book.owner.userId);
    for (const amount of [-5, 0, 1.005, "10", null, 1e12, Number.NaN]) {
      for (const move of [add, subtract]) {
        const res = await move(book.owner.token, punter.userId, amount);
        expect(res.status).toBe(400);
        expect((await res.json<ErrorBody>()).error).toMatchObject({ code: "VALIDATION", field: "balance.amount" });
      }
    }
    for (const body of [
      { balance: { amount: 1 } },
      { userId: "x", balance: { amount: 1 } },
      { userId: punter.userId },
      { userId: 1.5, balance: { amount: 1 } },
    ]) {
      const res = await call("POST", "/balances/add", { token: book.owner.token, body });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.field).toMatch(/^(userId|balance)/);
    }
    expect(await ledgerCount(book.owner.userId)).toBe(before);
  });

  it("moves coins only for the owner's approved punters: pending 403, stranger 404, no profile 404", async () => {
    const book = await newBook({ coins: 100 });
    const pending = await signIn("pending");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: pending.token });
    const stranger = await signIn("stranger");
    expect((await add(book.owner.token, pending.userId, 1)).status).toBe(403);
    expect((await add(book.owner.token, stranger.userId, 1)).status).toBe(404);

    // A punter of another book cannot be paid from this one, nor can a punter pay himself.
    const other = await newBook({ coins: 100 });
    const theirs = await newPunter(other);
    expect((await add(book.owner.token, theirs.userId, 1)).status).toBe(404);
    expect((await add(theirs.token, theirs.userId, 1)).status).toBe(404);
    expect((await call("GET", "/balances", { token: theirs.token })).status).toBe(404);
    expect((await balances(book.owner.token)).balance.amount).toBe(100);
  });

  it("keeps a note per punter, only on the owner's own members", async () => {
    const book = await newBook();
    const punter = await newPunter(book);
    expect(
      await json("POST", "/balances/addNote", {
        token: book.owner.token,
        body: { userId: punter.userId, note: "VIP" },
      }),
    ).toEqual({ userId: punter.userId, note: "VIP" });
    const other = await newBook();
    expect(
      (
        await call("POST", "/balances/addNote", {
          token: other.owner.token,
          body: { userId: punter.userId, note: "x" },
        })
      ).status,
    ).toBe(404);
    const tooLong = await call("POST", "/balances/addNote", {
      token: book.owner.token,
      body: { userId: punter.userId, note: "x".repeat(201) },
    });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<ErrorBody>()).error.field).toBe("note");
  });
});

describe("polling", () => {
  it("answers 304 to an unchanged balance list, and the new list once coins moved", async () => {
    const book = await newBook({ coins: 100 });
    const punter = await newPunter(book, { coins: 10 });
    const first = await call("GET", "/balances", { token: book.owner.token });
    const tag = first.headers.get("ETag")!;
    expect(
      (await call("GET", "/balances", { token: book.owner.token, headers: { "If-None-Match": tag } })).status,
    ).toBe(304);
    await add(book.owner.token, punter.userId, 1);
    const changed = await call("GET", "/balances", { token: book.owner.token, headers: { "If-None-Match": tag } });
    expect(changed.status).toBe(200);
    expect((await changed.json<BookBalances>()).balance.amount).toBe(89);
  });
});

describe("ledger audit view", () => {
  it("lists every movement of the owner's coins, newest first, in pages", async () => {
    const book = await newBook({ coins: 100 });
    const punter = await newPunter(book, { coins: 10 });
    await subtract(book.owner.token, punter.userId, 3);
    const first = await json<LedgerPage>("GET", "/balances/ledger?limit=2", { token: book.owner.token });
    expect(first.entries.map((e) => [e.kind, e.amount])).toEqual([
      ["WITHDRAW", 3],
      ["ALLOCATE", 10],
    ]);
    expect(first.entries[0]).toMatchObject({
      from: { kind: "PUNTER", userId: punter.userId, username: punter.username },
      to: { kind: "POOL", userId: book.owner.userId, username: book.owner.username },
    });
    const rest = await json<LedgerPage>(`GET`, `/balances/ledger?limit=2&before=${first.nextBefore}`, {
      token: book.owner.token,
    });
    expect(rest.entries.map((e) => [e.kind, e.amount, e.from])).toEqual([["PURCHASE", 100, null]]);
    expect(rest.nextBefore).toBeNull();
  });

  it("is the owner's only: a punter or a user without a profile gets 404, a bad limit 400", async () => {
    const book = await newBook({ coins: 100 });
    const punter = await newPunter(book, { coins: 10 });
    expect((await call("GET", "/balances/ledger", { token: punter.token })).status).toBe(404);
    const res = await call("GET", "/balances/ledger?limit=0", { token: book.owner.token });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.field).toBe("limit");
  });
});
