import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { SWRConfiguration } from "swr";
import { describe, expect, it } from "vitest";
import type { Money } from "@worker/contract";
import { useAuth } from "@/store/auth";
import { errorBody, json, stubApi } from "@/test/network";
import SwrCache from "./cache";
import { MAX_RETRY_MS, retryDelayMs } from "./retry";
import { useApi } from "./swr";

/** A screen polling the punter's coins with book 5 (any read would do), showing them or its failure. */
function Polled({ config }: { config: SWRConfiguration<Money> }) {
  const { data, error, mutate } = useApi("GET /balances/:bookmakerId", { params: { bookmakerId: 5 } }, config);
  return (
    <>
      <p>
        {data ? `n=${data.amount}` : "none"} {error ? "failed" : "ok"}
      </p>
      <button type="button" onClick={() => void mutate()}>
        Refresh
      </button>
    </>
  );
}

/** The API answers the i-th read with `answers[i]` (a number, or 503), the last one after. */
function serve(answers: (number | 503)[]) {
  let i = 0;
  return stubApi({
    "GET /balances/5": () => {
      const answer = answers[Math.min(i++, answers.length - 1)]!;
      return answer === 503 ? errorBody(503, "UNAVAILABLE", "Try again.") : json({ amount: answer, currency: "COIN" });
    },
  });
}

function show(config: SWRConfiguration<Money>) {
  useAuth.setState({ token: "t", userId: 42 });
  render(
    <SwrCache>
      <Polled config={config} />
    </SwrCache>,
  );
}

// Each waits up to 4 s for the next try: SWR's own comes 5 to 15 s after a first failure.
describe("a polled read that fails", () => {
  it("is tried again after its own poll interval, not SWR's 5 to 15 s", async () => {
    serve([503, 1]);
    show({ refreshInterval: 300 });
    await screen.findByText("none failed");
    await waitFor(() => expect(screen.getByText("n=1 ok")).toBeTruthy());
  });

  it("takes an interval that depends on the answer from the last answer it had", async () => {
    // The events near a start poll every 2 s, with nothing known every 12 s: here 300 ms and a
    // minute. SWR set its first poll from no answer (a minute away), so the read that fails is
    // asked for by hand.
    serve([1, 503, 2]);
    show({ refreshInterval: (data) => (data ? 300 : 60_000) });
    await screen.findByText("n=1 ok");
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await screen.findByText("n=1 failed");
    await waitFor(() => expect(screen.getByText("n=2 ok")).toBeTruthy());
  });
});

describe("the wait before the next try", () => {
  it("starts at the poll interval and doubles with each failure in a row", () => {
    expect([1, 2, 3].map((n) => retryDelayMs(2000, n, 0.5))).toEqual([2000, 4000, 8000]);
  });

  it("is randomised by half either way", () => {
    expect(retryDelayMs(2000, 1, 0)).toBe(1000);
    expect(retryDelayMs(2000, 1, 0.999)).toBe(2998);
  });

  it("never passes 30 s, however long the failures last", () => {
    for (const random of [0, 0.5, 0.999]) expect(retryDelayMs(12_000, 40, random)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(12_000, 2, 0.999)).toBe(MAX_RETRY_MS);
  });
});
