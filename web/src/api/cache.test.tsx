import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "@/store/auth";
import { json, stubApi } from "@/test/network";
import SwrCache, { FRESH_ON_OPEN_MS, UNUSED_ANSWER_MS } from "./cache";
import { fetchEarly, forgetEarlyAnswers } from "./early";
import { useApi } from "./swr";

/** A screen reading a balance (any read would do): the answer's number, or 'Loading...'. */
function Figures({ name }: { name: string }) {
  const { data } = useApi("GET /balances/:bookmakerId", { params: { bookmakerId: 5 } });
  return (
    <p>
      {name}: {data ? `n=${data.amount}` : "Loading..."}
    </p>
  );
}

/** The screens open now, under one cache as in the app. */
const screens = (open: string[]) => (
  <SwrCache>
    {open.map((name) => (
      <Figures key={name} name={name} />
    ))}
  </SwrCache>
);

/** Lets the stubbed API answer and React draw it, `ms` on. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  useAuth.setState({ token: "t", userId: 42 });
  let reads = 0;
  stubApi({ "GET /balances/5": () => json({ amount: ++reads, currency: "COIN" }) });
});

afterEach(() => {
  vi.useRealTimers();
  forgetEarlyAnswers();
});

describe("the cache's unused answers", () => {
  it("are shown at once by a screen opened again within 60 s", async () => {
    const view = render(screens(["history"]));
    await pass(0);
    expect(screen.getByText("history: n=1")).toBeTruthy();
    view.rerender(screens([]));
    await pass(UNUSED_ANSWER_MS - 1_000);
    view.rerender(screens(["history"]));
    expect(screen.getByText("history: n=1")).toBeTruthy();
  });

  it("leave the cache 60 s after the last screen reading them closed: it loads afresh", async () => {
    const view = render(screens(["history"]));
    await pass(0);
    view.rerender(screens([]));
    await pass(UNUSED_ANSWER_MS);
    view.rerender(screens(["history"]));
    expect(screen.getByText("history: Loading...")).toBeTruthy();
    await pass(0);
    expect(screen.getByText("history: n=2")).toBeTruthy();
  });

  it("stay while a mounted screen reads them, however long", async () => {
    const view = render(screens(["events"]));
    await pass(0);
    await pass(5 * UNUSED_ANSWER_MS);
    view.rerender(screens(["events", "history"]));
    expect(screen.getByText("history: n=1")).toBeTruthy();
  });

  it("count from when the last of their screens closed", async () => {
    const view = render(screens(["events", "history"]));
    await pass(0);
    view.rerender(screens(["events"]));
    await pass(UNUSED_ANSWER_MS);
    view.rerender(screens([]));
    await pass(UNUSED_ANSWER_MS - 1_000);
    view.rerender(screens(["history"]));
    expect(screen.getByText("history: n=1")).toBeTruthy();
  });
});

describe("a screen that opens", () => {
  it("reads again at once an answer another screen read over a second before, so a list changed elsewhere shows", async () => {
    const view = render(screens(["main"]));
    await pass(0);
    expect(screen.getByText("main: n=1")).toBeTruthy();
    // Within SWR's 2 s deduplication, which kept the old answer until the next poll.
    await pass(FRESH_ON_OPEN_MS + 500);
    view.rerender(screens(["main", "events"]));
    expect(screen.getByText("events: n=1")).toBeTruthy(); // the first paint
    await pass(0);
    expect(screen.getByText("events: n=2")).toBeTruthy();
  });

  it("shows an answer read within the second without asking again", async () => {
    const view = render(screens(["main"]));
    await pass(FRESH_ON_OPEN_MS - 500);
    view.rerender(screens(["main", "events"]));
    await pass(0);
    expect(screen.getByText("events: n=1")).toBeTruthy();
  });

  it("reads again at once, not taking its answer, another screen's read begun over a second before and still under way", async () => {
    // The start-up's read of a list, slow on a phone's network; the list changes meanwhile.
    let reads = 0;
    stubApi({
      "GET /balances/5": async () => {
        const n = ++reads;
        if (n === 1) await new Promise((answered) => setTimeout(answered, 3_000));
        return json({ amount: n, currency: "COIN" });
      },
    });
    const view = render(screens(["main"]));
    await pass(FRESH_ON_OPEN_MS + 500);
    view.rerender(screens(["main", "events"]));
    await pass(0);
    expect(screen.getByText("events: n=2")).toBeTruthy();
    await pass(3_000); // the slow answer, when it comes, is not shown over the newer one
    expect(screen.getByText("events: n=2")).toBeTruthy();
    expect(reads).toBe(2);
  });

  it("reads again an answer that arrived within the second but whose read began over a second before", async () => {
    let reads = 0;
    stubApi({
      "GET /balances/5": async () => {
        const n = ++reads;
        if (n === 1) await new Promise((answered) => setTimeout(answered, 1_500));
        return json({ amount: n, currency: "COIN" });
      },
    });
    const view = render(screens(["main"]));
    await pass(1_500);
    expect(screen.getByText("main: n=1")).toBeTruthy();
    await pass(FRESH_ON_OPEN_MS - 500);
    view.rerender(screens(["main", "events"]));
    await pass(0);
    expect(screen.getByText("events: n=2")).toBeTruthy();
  });

  it("reads a key again once, however many of the opening screen's hooks read it", async () => {
    const calls = stubApi({ "GET /balances/5": () => json({ amount: calls.length, currency: "COIN" }) });
    const view = render(screens(["main"]));
    await pass(FRESH_ON_OPEN_MS + 500);
    view.rerender(screens(["main", "events", "history", "figures"]));
    await pass(0);
    expect(calls).toHaveLength(2);
    expect(screen.getByText("figures: n=2")).toBeTruthy();
  });

  it("reads again an early answer started over a second before it opened (on approach, or during the start-up wait)", async () => {
    void fetchEarly("GET /balances/:bookmakerId", { params: { bookmakerId: 5 } });
    await pass(FRESH_ON_OPEN_MS + 500);
    render(screens(["events"]));
    await pass(0);
    expect(screen.getByText("events: n=2")).toBeTruthy();
  });

  it("takes an early answer started at the tap as it is", async () => {
    void fetchEarly("GET /balances/:bookmakerId", { params: { bookmakerId: 5 } });
    await pass(100);
    render(screens(["events"]));
    await pass(0);
    expect(screen.getByText("events: n=1")).toBeTruthy();
  });
});
