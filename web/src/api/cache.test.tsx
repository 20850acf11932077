import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../store/auth";
import { json, stubApi } from "../test/network";
import SwrCache, { UNUSED_ANSWER_MS } from "./cache";
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
