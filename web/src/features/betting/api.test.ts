import { describe, expect, it, vi } from "vitest";
import { RETRY_DELAYS_MS } from "@/api/client";
import { json, stubApi } from "@/test/network";
import { playerEvent, playerItem } from "@/test/punter";
import { placeBets } from "./api";

const item = playerItem(701, "Red Rum", 2);
const event = playerEvent({ items: [item] });

describe("placing bets", () => {
  it("counts a bet as taken when its first answer was lost and the retry with the same key is answered", async () => {
    vi.useFakeTimers();
    let tries = 0;
    const calls = stubApi({
      "POST /bets": () => {
        // The bet went through, but the connection dropped before its answer arrived.
        if (tries++ === 0) throw new TypeError("Load failed");
        return json({ betId: 9 }, 201);
      },
    });
    const outcomes = placeBets(event, [{ item, amount: 10 }]);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(await outcomes).toEqual([{ item, error: null, betId: 9 }]);
    const [first, retry] = calls;
    expect(first.headers.get("Idempotency-Key")).toBeTruthy();
    expect(retry.headers.get("Idempotency-Key")).toBe(first.headers.get("Idempotency-Key"));
  });
});
