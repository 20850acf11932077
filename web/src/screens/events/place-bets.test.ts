import { describe, expect, it, vi } from "vitest";
import type { PlayerEvent } from "../../../../worker/contract";
import { RETRY_DELAYS_MS } from "../../api/client";
import { json, stubApi } from "../../test/network";
import { placeBets } from "./place-bets";

const item = {
  id: 701,
  title: "Red Rum",
  coefficient: 2,
  fractalCoefficient: null,
  status: "ACTIVE" as const,
  whatIf: 0,
  myStake: 0,
  maxStake: 500,
  eachWayMaxStake: 0,
  place: null,
  deduction: 0,
};
const event: PlayerEvent = {
  eventId: 70,
  title: "Horse Racing / Ireland",
  description: "Leopardstown, 3:15",
  status: "READY_FOR_BETS",
  startDate: "2030-01-01T15:15:00.000Z",
  endDate: "2030-01-01T16:00:00.000Z",
  startDate2: null,
  startDate3: null,
  startDate4: null,
  startDate5: null,
  maxTotalPayout: 1000,
  bookmakerId: 5,
  requestId: 33,
  rule4: false,
  deadHeat: false,
  eachWay: null,
  items: [item],
};

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
    expect(await outcomes).toEqual([{ item, error: null }]);
    const [first, retry] = calls;
    expect(first.headers.get("Idempotency-Key")).toBeTruthy();
    expect(retry.headers.get("Idempotency-Key")).toBe(first.headers.get("Idempotency-Key"));
  });
});
