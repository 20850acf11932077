import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookBalances, ErrorBody } from "../contract";
import { markCommitted, requestHash } from "../idempotency/keys";
import { nowIso } from "../lib/time";
import { call, json } from "../test/api";
import { buyCoins, ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";
import { pool, punter } from "./accounts";
import { runMoneyBatch, transferStatements } from "./transfer";

type Path = "/balances/add" | "/balances/subtract";

const moveBody = (userId: number, amount: number) => ({ userId, balance: { amount, currency: "COIN" } });
const move = (path: Path, token: string, body: unknown, key?: string) =>
  call("POST", path, { token, body, headers: key === undefined ? {} : { "Idempotency-Key": key } });
const freshKey = () => `k_${crypto.randomUUID()}`;
const balances = (token: string) => json<BookBalances>("GET", "/balances", { token });

async function ledgerRows(ownerId: number) {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE pool_owner_id = ?1")
    .bind(ownerId)
    .first<{ n: number }>())!.n;
}

/** An attempt's claim as the middleware writes it, left behind `ageMs` ago by an attempt that died. */
async function leftClaim(userId: number, key: string, path: Path, body: unknown, ageMs: number) {
  const at = nowIso(Date.now() - ageMs);
  await env.DB.prepare(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, state, claim, claimed_at, created_at) VALUES (?1, ?2, ?3, 'PENDING', 'dead', ?4, ?4)`,
  )
    .bind(userId, key, await requestHash("POST", path, JSON.stringify(body)), at)
    .run();
}

describe("Idempotency-Key on coin moves", () => {
  it("answers a retry with the first answer and moves the coins once", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book);
    const key = freshKey();
    const first = await move("/balances/add", book.owner.token, moveBody(p.userId, 30), key);
    const again = await move("/balances/add", book.owner.token, moveBody(p.userId, 30), key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotency-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect((await balances(book.owner.token)).balance.amount).toBe(70);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("treats a body with its keys in another order as the same request", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book);
    const key = freshKey();
    await move("/balances/add", book.owner.token, moveBody(p.userId, 5), key);
    const res = await move(
      "/balances/add",
      book.owner.token,
      { balance: { currency: "COIN", amount: 5 }, userId: p.userId },
      key,
    );
    expect(res.status).toBe(200);
    expect((await balances(book.owner.token)).balance.amount).toBe(95);
  });

  for (const path of ["/balances/add", "/balances/subtract"] as const) {
    it(`moves coins exactly once under 20 parallel retries of ${path}, all answered alike`, async () => {
      const book = await newBook({ coins: 100 });
      const p = await newPunter(book, { coins: 50 });
      const before = await ledgerRows(book.owner.userId);
      const key = freshKey();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          move(path, book.owner.token, moveBody(p.userId, 10), key).then(async (r) => ({
            status: r.status,
            body: await r.json(),
          })),
        ),
      );
      const expected = path === "/balances/add" ? 60 : 40;
      for (const a of answers)
        expect(a).toEqual({ status: 200, body: { userId: p.userId, balance: { amount: expected, currency: "COIN" } } });
      expect(await ledgerRows(book.owner.userId)).toBe(before + 1);
      expect((await balances(book.owner.token)).punters[0].money.amount).toBe(expected);
      expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
    });
  }

  it("refuses the same key with another body, or on another route, with 422 IDEMPOTENCY_KEY_REUSED", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book, { coins: 10 });
    const key = freshKey();
    await move("/balances/add", book.owner.token, moveBody(p.userId, 1), key);
    for (const res of [
      await move("/balances/add", book.owner.token, moveBody(p.userId, 2), key),
      await move("/balances/subtract", book.owner.token, moveBody(p.userId, 1), key),
    ]) {
      expect(res.status).toBe(422);
      expect((await res.json<ErrorBody>()).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    }
    expect((await balances(book.owner.token)).punters[0].money.amount).toBe(11);
  });

  it("keeps each user's keys apart", async () => {
    const a = await newBook({ coins: 100 });
    const b = await newBook({ coins: 100 });
    const pa = await newPunter(a);
    const pb = await newPunter(b);
    const key = freshKey();
    expect((await move("/balances/add", a.owner.token, moveBody(pa.userId, 3), key)).status).toBe(200);
    expect((await move("/balances/add", b.owner.token, moveBody(pb.userId, 4), key)).status).toBe(200);
    expect((await balances(b.owner.token)).balance.amount).toBe(96);
  });

  it("refuses a malformed key with 400 naming the header, and moves nothing", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book);
    for (const key of ["", "x".repeat(65), "has space", "dot.ted", "a+b"]) {
      const res = await move("/balances/add", book.owner.token, moveBody(p.userId, 1), key);
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error).toMatchObject({ code: "VALIDATION", field: "Idempotency-Key" });
    }
    expect((await move("/balances/add", book.owner.token, moveBody(p.userId, 1), "x".repeat(64))).status).toBe(200);
    expect((await balances(book.owner.token)).balance.amount).toBe(99);
  });

  it("replays a refusal: a retry after the pool was topped up is still 409 INSUFFICIENT_COINS", async () => {
    const book = await newBook({ coins: 10 });
    const p = await newPunter(book);
    const key = freshKey();
    const first = await move("/balances/add", book.owner.token, moveBody(p.userId, 20), key);
    expect(first.status).toBe(409);
    await buyCoins(book.owner.userId, 10_000);
    const again = await move("/balances/add", book.owner.token, moveBody(p.userId, 20), key);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(await first.json());
    expect((await balances(book.owner.token)).balance.amount).toBe(110);
  });

  it("replays a 400 for a body the validator refused", async () => {
    const book = await newBook({ coins: 10 });
    const key = freshKey();
    const body = { userId: book.owner.userId, balance: { amount: -1 } };
    const first = await move("/balances/add", book.owner.token, body, key);
    expect(first.status).toBe(400);
    const again = await move("/balances/add", book.owner.token, body, key);
    expect(again.headers.get("Idempotency-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
  });

  it("answers from the ledger when an attempt committed its coins but died before answering", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book, { coins: 5 });
    const key = freshKey();
    const body = moveBody(p.userId, 25);
    // The dead attempt's claim, and its batch as the route writes it, marker included.
    await leftClaim(book.owner.userId, key, "/balances/add", body, 40_000);
    await runMoneyBatch(env.DB, [
      ...transferStatements(env.DB, {
        kind: "ALLOCATE",
        poolOwnerId: book.owner.userId,
        from: pool(book.owner.userId),
        to: punter(book.owner.userId, p.userId),
        amountCents: 2500,
      }),
      markCommitted(env.DB, book.owner.userId, key, `punter:${p.userId}`),
    ]);
    const before = await ledgerRows(book.owner.userId);

    const res = await move("/balances/add", book.owner.token, body, key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: p.userId, balance: { amount: 30, currency: "COIN" } });
    expect(await ledgerRows(book.owner.userId)).toBe(before);
    expect((await balances(book.owner.token)).balance.amount).toBe(70);
  });

  it("takes over a claim left pending for over 30 seconds and moves the coins once", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book);
    const key = freshKey();
    const body = moveBody(p.userId, 8);
    await leftClaim(book.owner.userId, key, "/balances/add", body, 31_000);
    const res = await move("/balances/add", book.owner.token, body, key);
    expect(res.status).toBe(200);
    expect((await move("/balances/add", book.owner.token, body, key)).status).toBe(200);
    expect((await balances(book.owner.token)).balance.amount).toBe(92);
  });

  it("answers 409 IDEMPOTENCY_KEY_IN_USE with Retry-After while another attempt holds the key", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book);
    const key = freshKey();
    const body = moveBody(p.userId, 8);
    await leftClaim(book.owner.userId, key, "/balances/add", body, 0);
    const res = await move("/balances/add", book.owner.token, body, key);
    expect(res.status).toBe(409);
    expect(res.headers.get("Retry-After")).toBe("1");
    expect((await res.json<ErrorBody>()).error.code).toBe("IDEMPOTENCY_KEY_IN_USE");
    expect((await balances(book.owner.token)).balance.amount).toBe(100);
  });

  it("lets only one of two batches carrying the same key's marker commit", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book);
    const key = freshKey();
    await leftClaim(book.owner.userId, key, "/balances/add", moveBody(p.userId, 1), 0);
    const batch = () =>
      runMoneyBatch(env.DB, [
        ...transferStatements(env.DB, {
          kind: "ALLOCATE",
          poolOwnerId: book.owner.userId,
          from: pool(book.owner.userId),
          to: punter(book.owner.userId, p.userId),
          amountCents: 100,
        }),
        markCommitted(env.DB, book.owner.userId, key, `punter:${p.userId}`),
      ]);
    await batch();
    // Refused as a failed money CHECK is, so the money writers treat it as a definite refusal.
    await expect(batch()).rejects.toMatchObject({ code: "INSUFFICIENT_COINS" });
    expect((await balances(book.owner.token)).balance.amount).toBe(99);
  });

  it("moves coins once when a slow first attempt's batch lands while its retry runs, and answers the balance", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book);
    const key = freshKey();
    const body = moveBody(p.userId, 6);
    // A slow first attempt: its claim went stale, then its batch landed while the retry ran.
    await leftClaim(book.owner.userId, key, "/balances/add", body, 31_000);
    const retry = move("/balances/add", book.owner.token, body, key);
    await runMoneyBatch(env.DB, [
      ...transferStatements(env.DB, {
        kind: "ALLOCATE",
        poolOwnerId: book.owner.userId,
        from: pool(book.owner.userId),
        to: punter(book.owner.userId, p.userId),
        amountCents: 600,
      }),
      markCommitted(env.DB, book.owner.userId, key, `punter:${p.userId}`),
    ]).catch(() => "the retry committed first");
    const res = await retry;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: p.userId, balance: { amount: 6, currency: "COIN" } });
    expect((await balances(book.owner.token)).balance.amount).toBe(94);
  });

  it("forgets a key after 24 hours: the same key then moves coins again", async () => {
    const book = await newBook({ coins: 100 });
    const p = await newPunter(book);
    const key = freshKey();
    const body = moveBody(p.userId, 1);
    await move("/balances/add", book.owner.token, body, key);
    await env.DB.prepare(`UPDATE idempotency_keys SET created_at = ?3 WHERE user_id = ?1 AND key = ?2`)
      .bind(book.owner.userId, key, nowIso(Date.now() - 25 * 3600_000))
      .run();
    await move("/balances/add", book.owner.token, body, key);
    expect((await balances(book.owner.token)).balance.amount).toBe(98);
  });
});
