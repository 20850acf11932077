import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ErrorBody, Money } from "../contract";
import type { Env } from "../env";
import { call, json } from "../test/api";
import { newEvent } from "../test/events";
import { newBook, newPunter } from "../test/world";
import { WINDOW_SECONDS } from "./rate-limit";

// The real Rate Limiting binding (Miniflare's), with TIGHT_LIMIT (3 calls per window,
// vitest.config.ts) standing in for the limiter under test; the others stay out of reach as in
// every other test. Our window is in the key the binding counts (rate-limit.ts), so a test steps
// it by moving the worker's clock (vitest's fake Date; timers stay real) rather than waiting.
// The binding keeps counts over its own wall-clock minute and forgets them all when it turns, so
// a test starts with a few seconds of that minute left: nothing it counted is forgotten under it.

const WINDOW_MS = WINDOW_SECONDS * 1000;
const BINDING_PERIOD_MS = 60_000;
const tight = (limiter: keyof Env): Partial<Env> => ({ [limiter]: env.TIGHT_LIMIT });

/** Puts the clock at the start of one of our windows, the binding's minute having room; answers a stepper. */
async function startOfAWindow() {
  vi.useRealTimers();
  const left = BINDING_PERIOD_MS - (Date.now() % BINDING_PERIOD_MS);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  const start = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
  /** Moves the clock to `ms` after the window's start. */
  return (ms: number) => vi.setSystemTime(start + ms);
}

afterEach(() => {
  vi.useRealTimers();
});

async function expectLimited(res: Response, retryAfter = WINDOW_SECONDS) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe(String(retryAfter));
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
  it("refuses the fourth sign-in from one address with 429 and Retry-After, not another address's, and lets it in again after the window", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const at = await startOfAWindow();
    for (let i = 0; i < 3; i++) expect((await signInFrom(address)).status).toBe(200);
    await expectLimited(await signInFrom(address));
    expect((await signInFrom(`198.51.100.${Math.floor(Math.random() * 250)}`)).status).toBe(200);
    at(WINDOW_MS - 400); // Retry-After rounds up: a retry sooner would be refused again
    await expectLimited(await signInFrom(address), 1);
    at(WINDOW_MS);
    expect((await signInFrom(address)).status).toBe(200);
  });

  it("counts a punter's bets per punter: the fourth is refused, other punters and reads go on, and he bets again after the window", async () => {
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
    const at = await startOfAWindow();
    for (let i = 0; i < 3; i++) expect((await bet(punter, i)).status).toBe(201);
    await expectLimited(await bet(punter, 3));
    expect((await bet(other, 0)).status).toBe(201);
    expect((await call("GET", `/balances/${book.bookmakerId}`, { token: punter.token, ...limits })).status).toBe(200);
    at(WINDOW_MS);
    expect((await bet(punter, 3)).status).toBe(201);
    expect((await json<Money>("GET", `/balances/${book.bookmakerId}`, { token: punter.token })).amount).toBe(96);
  });

  it("counts other writes per user on their own limiter, never reads", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    const limits = { env: tight("WRITE_LIMIT") };
    const add = () =>
      call("POST", "/balances/add", {
        token: book.owner.token,
        body: { userId: punter.userId, balance: { amount: 1 } },
        ...limits,
      });
    const at = await startOfAWindow();
    for (let i = 0; i < 3; i++) expect((await add()).status).toBe(200);
    await expectLimited(await add());
    for (let i = 0; i < 5; i++)
      expect((await call("GET", "/balances", { token: book.owner.token, ...limits })).status).toBe(200);
    at(WINDOW_MS);
    expect((await add()).status).toBe(200);
    expect((await json<Money>("GET", `/balances/${book.bookmakerId}`, { token: punter.token })).amount).toBe(4);
  });
});
