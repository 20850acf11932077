import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { deferred, json, stubApi, type RecordedCall } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram, TEST_INIT_DATA } from "@/test/telegram";

const OOPS_TEXT = "You are using too old Telegram client to run this application";
const session = { token: "fresh-token", userId: 42, username: "alice" };

async function expectOops(calls: RecordedCall[]) {
  expect(await screen.findByRole("heading", { name: "Oops" })).toBeTruthy();
  expect(screen.getByText(OOPS_TEXT).textContent).toBe(OOPS_TEXT);
  // Nothing else works: no other screen, no call to the API.
  expect(screen.queryByRole("button")).toBeNull();
  expect(calls).toEqual([]);
}

describe("start-up", () => {
  it("shows the Oops screen outside Telegram", async () => {
    const calls = stubApi({});
    renderApp("/");
    await expectOops(calls);
  });

  it("shows the Oops screen in a plain browser where Telegram's SDK has no init data", async () => {
    const calls = stubApi({});
    installTelegram({ initData: "" });
    renderApp("/");
    await expectOops(calls);
  });

  it("shows the Oops screen in a client older than 7.0", async () => {
    const calls = stubApi({});
    installTelegram({ version: "6.9" });
    renderApp("/home");
    await expectOops(calls);
  });

  it("waits the start-up delay before deciding", async () => {
    // The wait counts from navigation (performance.now()): here the bundle runs at once.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    stubApi({});
    renderApp("/", { startDelayMs: 1500 });
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(screen.queryByText("Oops")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText("Oops")).toBeTruthy();
  });

  it("signs in with the init data and keeps the token in sessionStorage under jwt", async () => {
    const calls = stubApi({ "POST /auth/telegram": () => json(session) });
    installTelegram({ version: "7.0" });
    renderApp("/");
    expect(await screen.findByRole("button", { name: "Start" })).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: "POST", path: "/auth/telegram", body: { initData: TEST_INIT_DATA } });
    expect(sessionStorage.getItem("jwt")).toBe("fresh-token");
  });

  it("uses a token restored from sessionStorage before sign-in answers", async () => {
    sessionStorage.setItem("jwt", "restored-token");
    const signIn = deferred<Response>();
    const calls = stubApi({
      "POST /auth/telegram": () => signIn.promise,
      "GET /bookmakers/authorizeMe": () => json({ userId: 42, username: "alice", bookmakerDto: null }),
    });
    installTelegram();
    renderApp("/home");
    expect(await screen.findByRole("heading", { name: "Bookie" })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === "/bookmakers/authorizeMe")).toBe(true));
    const me = calls.find((c) => c.path === "/bookmakers/authorizeMe");
    expect(me?.headers.get("Authorization")).toBe("JWT restored-token");
    signIn.resolve(json(session));
  });

  it("ignores a failed sign-in and still shows the app", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    stubApi({ "POST /auth/telegram": () => json({ error: { code: "UNAUTHENTICATED", message: "no" } }, 401) });
    installTelegram();
    await act(async () => {
      renderApp("/");
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole("button", { name: "Start" })).toBeTruthy();
    expect(sessionStorage.getItem("jwt")).toBeNull();
  });
});

describe("dev mode outside Telegram", () => {
  // Init data as the API's dev route signs it, for the user asked for.
  const devInitData = (username: string) => `user=${encodeURIComponent(JSON.stringify({ id: 7, username }))}&hash=dev`;
  const devApi = () =>
    stubApi({
      "GET /dev/init-data": (call) =>
        json({ initData: devInitData(new URL(call.path, "http://x").searchParams.get("username") ?? "") }),
      "POST /auth/telegram": () => json(session),
    });

  it("signs in as the ?devUser named in the address and keeps him for the tab", async () => {
    const calls = devApi();
    renderApp("/?devUser=bob", { devMode: true });
    expect(await screen.findByRole("button", { name: "Start" })).toBeTruthy();
    expect(calls[0]?.path).toBe("/dev/init-data?username=bob");
    expect(calls[1]?.body).toEqual({ initData: devInitData("bob") });
    expect(sessionStorage.getItem("devUser")).toBe("bob");
    expect(window.Telegram?.WebApp?.isVersionAtLeast("7.0")).toBe(true);
  });

  it("uses the tab's kept dev user when the address names none", async () => {
    sessionStorage.setItem("devUser", "carol");
    const calls = devApi();
    renderApp("/home", { devMode: true });
    await screen.findByRole("heading", { name: "Bookie" });
    expect(calls[0]?.path).toBe("/dev/init-data?username=carol");
  });

  it("keeps the ?devUser for the tab at once, so a tab navigated as soon as it loaded is still him", async () => {
    // A tab opened at ?devUser=bob and sent on before the dev chunk had loaded (its address then
    // names nobody) signed in as alice, who has no book: two tabs of one bookmaker, one showing
    // 'Failed to load events' through every Retry.
    devApi();
    renderApp("/bookmakerevents?devUser=bob", { devMode: true });
    expect(sessionStorage.getItem("devUser")).toBe("bob");
    await waitFor(() => expect(window.Telegram?.WebApp).toBeTruthy());
  });

  it("signs in as alice when neither the address nor the tab names a dev user", async () => {
    const calls = devApi();
    renderApp("/", { devMode: true });
    await screen.findByRole("button", { name: "Start" });
    expect(calls[0]?.path).toBe("/dev/init-data?username=alice");
  });

  it("drops the kept token when the tab switches to another dev user", async () => {
    sessionStorage.setItem("devUser", "alice");
    sessionStorage.setItem("jwt", "alice-token");
    const signIn = deferred<Response>();
    stubApi({
      "GET /dev/init-data": () => json({ initData: devInitData("bob") }),
      "POST /auth/telegram": () => signIn.promise,
    });
    renderApp("/?devUser=bob", { devMode: true });
    await waitFor(() => expect(window.Telegram?.WebApp).toBeTruthy());
    expect(sessionStorage.getItem("jwt")).toBeNull();
    signIn.resolve(json(session));
  });

  it("shows the Oops screen when the API gives no init data", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    stubApi({});
    renderApp("/", { devMode: true });
    expect(await screen.findByText("Oops")).toBeTruthy();
  });
});
