import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "@worker/contract";
import { RETRY_DELAYS_MS } from "@/api/client";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

// A sign-in refused or failed at start-up is said on screen, with Retry, not left as an app
// whose buttons do nothing (docs/decisions/screens.md, "The mini-app's screens").

const alice: Me = { userId: 42, username: "alice", bookmakerDto: null, staffOf: null };
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The API with sign-in failing as `failing` says for its first `times` tries, then answering a session. */
function api(failing: () => Response, times: number) {
  let tries = 0;
  return stubApi({
    "POST /auth/telegram": () => (tries++ < times ? failing() : json({ token: "t", userId: 42, username: "alice" })),
    "GET /bookmakers/authorizeMe": () => json(alice),
    "GET /subscriptions/mine": () => json([]),
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a sign-in that failed", () => {
  it("refused for too many sign-ins says so, offers Retry after the API's Retry-After, and Retry signs him in", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const body = { error: { code: "RATE_LIMITED", message: "Too many requests." } };
    api(
      () =>
        new Response(JSON.stringify(body), {
          status: 429,
          headers: { "Content-Type": "application/json", "Retry-After": "3" },
        }),
      1,
    );
    installTelegram();
    renderApp("/home");
    await pass(100);
    expect(screen.getByRole("alert").textContent).toContain(
      "We could not sign you in. Too many sign-ins from your network just now.",
    );
    expect((screen.getByRole("button", { name: "Retry in 3 s" }) as HTMLButtonElement).disabled).toBe(true);
    await pass(3000);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await pass(100);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("for want of a connection says so, with Retry", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    let down = true;
    stubApi({
      "POST /auth/telegram": () => {
        if (down) throw new TypeError("Failed to fetch");
        return json({ token: "t", userId: 42, username: "alice" });
      },
      "GET /bookmakers/authorizeMe": () => json(alice),
      "GET /subscriptions/mine": () => json([]),
    });
    installTelegram();
    renderApp("/home");
    // However the client retries a lost answer first.
    await pass(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 100));
    expect(screen.getByRole("alert").textContent).toContain("No connection to Bookie.");
    down = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await pass(100);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
