import { describe, expect, it } from "vitest";
import type { BookBalances } from "../contract";
import { call, json } from "../test/api";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

describe("concurrent coin movements", () => {
  it("50 concurrent subtracts asking for more than the punter has leave him at 0 or above, with the ledger agreeing", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 100 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call("POST", "/balances/subtract", {
          token: book.owner.token,
          body: { userId: punter.userId, balance: { amount: 3 } },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const accepted = statuses.filter((s) => s === 200).length;
    expect(accepted).toBe(33); // 33 × 3 = 99 of the 100 coins; the 34th would overdraw
    const { balance, punters } = await json<BookBalances>("GET", "/balances", { token: book.owner.token });
    expect(punters[0].money.amount).toBe(1);
    expect(balance.amount).toBe(999);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("concurrent adds never take the pool below zero", async () => {
    const book = await newBook({ coins: 50 });
    const punters = await Promise.all([1, 2, 3, 4, 5].map(() => newPunter(book)));
    const responses = await Promise.all(
      punters.flatMap((p) =>
        [1, 2, 3].map(() =>
          call("POST", "/balances/add", {
            token: book.owner.token,
            body: { userId: p.userId, balance: { amount: 7 } },
          }),
        ),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(7); // 7 × 7 = 49 ≤ 50 < 56
    const { balance } = await json<BookBalances>("GET", "/balances", { token: book.owner.token });
    expect(balance.amount).toBe(1);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});
