import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody, Money } from "../contract";
import type { Env } from "../env";
import { call, json } from "../test/api";
import { newEvent } from "../test/events";
import { newBook, newPunter } from "../test/world";
import { RETRY_AFTER_SECONDS } from "./rate-limit";

// The real Rate Limiting binding (Miniflare's), with TIGHT_LIMIT (3 calls per 10 s, vitest.config.ts)
// standing in for the limiter under test; the others stay out of reach as in every other test.
// Its windows follow the wall clock, so a test starts early in a window and waits one out to recover.

const WINDOW_MS = RETRY_AFTER_SECONDS * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for a new window when this one has too little left for a test's calls. */
const freshWindow = async () => {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < 6000) await sleep(left + 50);
};
const nextWindow = () => sleep(WINDOW_MS - (Date.now() % WINDOW_MS) + 50);
const tight = (limiter: keyof Env): Partial<Env> => ({ [limiter]: env.TIGHT_LIMIT });

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
  expect((await res.json<ErrorBody>()).error.code).toBe("RATE_LIMITED");
}

const signInFrom = async (address: string) => {
  const { initData } = await json<{ initData: string }>(
    "GET",
    `/dev/init-data?username=limited_${Math.floor(Math.random() * 1e9)}`,
  );
  return call("POST", "/auth/telegram", {
    body: { initData },
    headers: { "CF-Connecting-IP": address },
    env: tight("SIGN_IN_LIMIT"),
  });
};

describe("rate limits", () => {
  it(
    "refuses the fourth sign-in from one address with 429 and Retry-After, not another address's, and lets it in again after the window",
    { timeout: 30_000 },
    async () => {
      const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
      await freshWindow();
      for (let i = 0; i < 3; i++) expect((await signInFrom(address)).status).toBe(200);
      await expectLimited(await signInFrom(address));
      expect((await signInFrom(`198.51.100.${Math.floor(Math.random() * 250)}`)).status).toBe(200);
      await nextWindow();
      expect((await signInFrom(address)).status).toBe(200);
    },
  );

  it(
    "counts a punter's bets per punter: the fourth is refused, other punters and reads go on, and he bets again after the window",
    { timeout: 30_000 },
    async () => {
      const book = await newBook({ coins: 1000 });
      const [punter, other] = [await newPunter(book, { coins: 100 }), await newPunter(book, { coins: 100 })];
      const event = await newEvent(book, {
        items: [
          ["A", 2],
          ["B", 3],
          ["C", 4],
          ["D", 5],
          ["E", 6],
        ],
      });
      const limits = { env: tight("BET_LIMIT") };
      const bet = (who: typeof punter, index: number) => {
        const item = event.items[index];
        const body = {
          bookmakerId: book.bookmakerId,
          eventId: event.id,
          eventItemId: item.id,
          amount: 1,
          coefficient: item.currCoefficient,
        };
        return call("POST", "/bets", { token: who.token, body, ...limits });
      };
      await freshWindow();
      for (let i = 0; i < 3; i++) expect((await bet(punter, i)).status).toBe(201);
      await expectLimited(await bet(punter, 3));
      expect((await bet(other, 0)).status).toBe(201);
      expect((await call("GET", `/balances/${book.bookmakerId}`, { token: punter.token, ...limits })).status).toBe(200);
      await nextWindow();
      expect((await bet(punter, 3)).status).toBe(201);
      expect((await json<Money>("GET", `/balances/${book.bookmakerId}`, { token: punter.token })).amount).toBe(96);
    },
  );

  it("counts other writes per user on their own limiter, never reads", { timeout: 30_000 }, async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    const limits = { env: tight("WRITE_LIMIT") };
    const add = () =>
      call("POST", "/balances/add", {
        token: book.owner.token,
        body: { userId: punter.userId, balance: { amount: 1 } },
        ...limits,
      });
    await freshWindow();
    for (let i = 0; i < 3; i++) expect((await add()).status).toBe(200);
    await expectLimited(await add());
    for (let i = 0; i < 5; i++)
      expect((await call("GET", "/balances", { token: book.owner.token, ...limits })).status).toBe(200);
    await nextWindow();
    expect((await add()).status).toBe(200);
    expect((await json<Money>("GET", `/balances/${book.bookmakerId}`, { token: punter.token })).amount).toBe(4);
  });
});
