import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BookBalances } from "../contract";
import { call, json, signIn, type TestUser } from "../test/api";
import { ledgerViolations, newBook, NO_VIOLATIONS, type TestBook } from "../test/world";

// Random sequences of membership and coin calls, valid or not, many at once, must never
// create or lose a coin: every balance equals its ledger, every book holds exactly what
// came into it, no punter is below zero, and the balances are what the accepted calls say.

const PUNTERS = 4;
const runs = Number(env.PROPERTY_RUNS) || 200;

const amount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 40_000 }).map((cents) => cents / 100) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(-1, 0, 1.001, 1e12, "5", null) },
);
const who = fc.nat(PUNTERS - 1);
const op = fc.oneof(
  fc.record({ type: fc.constant("add" as const), who, amount }),
  fc.record({ type: fc.constant("subtract" as const), who, amount }),
  fc.record({ type: fc.constant("sign" as const), who }),
  fc.record({ type: fc.constant("approve" as const), who }),
  fc.record({ type: fc.constant("reject" as const), who }),
  fc.record({ type: fc.constant("selfAdd" as const), who, amount }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Steps run one after another; the calls of a step run at once. */
const sequence = fc.record({
  poolCents: fc.integer({ min: 0, max: 200_000 }),
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
}

const ALLOWED = new Set([200, 400, 403, 404, 409]);
let acceptedMoves = 0;
const toCents = (a: unknown) => Math.round((a as number) * 100);

async function pendingId(world: World, i: number): Promise<number | undefined> {
  const requests = await json<{ joinRequest: { id: number }; user: { internalId: number } }[]>("GET", "/bookmakers/requests", { token: world.book.owner.token });
  return requests.find((r) => r.user.internalId === world.punters[i].userId)?.joinRequest.id;
}

async function perform(world: World, o: Op): Promise<number> {
  const owner = world.book.owner.token;
  const p = world.punters[o.who];
  switch (o.type) {
    case "add":
    case "subtract": {
      const res = await call("POST", `/balances/${o.type}`, { token: owner, body: { userId: p.userId, balance: { amount: o.amount } } });
      if (res.status === 200) {
        world.movedCents[o.who] += (o.type === "add" ? 1 : -1) * toCents(o.amount);
        acceptedMoves++;
      }
      return res.status;
    }
    case "selfAdd":
      return (await call("POST", "/balances/add", { token: p.token, body: { userId: p.userId, balance: { amount: o.amount } } })).status;
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
  it(`holds over ${runs} random sequences of concurrent membership and coin calls`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(sequence, async ({ poolCents, start, steps }) => {
        const book = await newBook({ coins: poolCents / 100 });
        const punters = await Promise.all(Array.from({ length: PUNTERS }, () => signIn("prop")));
        const world: World = { book, punters, movedCents: punters.map(() => 0) };
        for (const [i, state] of start.entries()) {
          if (state === "stranger") continue;
          await perform(world, { type: "sign", who: i });
          if (state !== "pending") await perform(world, { type: state === "approved" ? "approve" : "reject", who: i });
        }

        for (const step of steps) {
          const statuses = await Promise.all(step.map((o) => perform(world, o)));
          expect(statuses.filter((s) => !ALLOWED.has(s))).toEqual([]);
        }

        expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
        const { balance, punters: shown } = await json<BookBalances>("GET", "/balances", { token: book.owner.token });
        const moved = world.movedCents.reduce((a, b) => a + b, 0);
        expect(toCents(balance.amount)).toBe(poolCents - moved);
        for (const [i, p] of punters.entries()) {
          const coins = shown.find((s) => s.user.internalId === p.userId)?.money.amount ?? 0;
          expect(toCents(coins)).toBe(world.movedCents[i]);
        }
      }),
      { numRuns: runs },
    );
    // The sequences must reach the interesting part: coins actually moving.
    expect(acceptedMoves).toBeGreaterThan(runs / 2);
  });
});
