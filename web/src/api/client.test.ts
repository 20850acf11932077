import { describe, expect, it, vi } from "vitest";
import { errorBody, json, stubApi } from "@/test/network";
import { ApiError, apiFetch, RETRY_DELAYS_MS } from "./client";

describe("the API client", () => {
  it("sends JSON with the JWT authorization scheme", async () => {
    const calls = stubApi({ "POST /bookmakers/rename": () => json({ bookmakerId: 1 }) });
    await apiFetch("/bookmakers/rename", { method: "POST", body: { name: "BigBookie" }, token: "tok" });
    expect(calls[0]?.headers.get("Authorization")).toBe("JWT tok");
    expect(calls[0]?.headers.get("Content-Type")).toBe("application/json");
    expect(calls[0]?.headers.get("Accept")).toBe("application/json");
    expect(calls[0]?.body).toEqual({ name: "BigBookie" });
  });

  it("sends no authorization without a token", async () => {
    const calls = stubApi({ "GET /health": () => json({ ok: true }) });
    expect(await apiFetch("/health")).toEqual({ ok: true });
    expect(calls[0]?.headers.has("Authorization")).toBe(false);
  });

  it("throws the error body's code, message and field", async () => {
    stubApi({
      "PUT /bookmakers/register": () => errorBody(400, "VALIDATION", "Name must be 8 to 16 characters long", "name"),
    });
    const err = await apiFetch("/bookmakers/register", { method: "PUT", body: { name: "x" } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: "VALIDATION",
      message: "Name must be 8 to 16 characters long",
      field: "name",
    });
  });

  it("throws a plain HTTP error when the body is not the API's", async () => {
    stubApi({ "GET /events": () => new Response("Bad gateway", { status: 502 }) });
    await expect(apiFetch("/events")).rejects.toMatchObject({ status: 502, code: "HTTP_ERROR" });
  });

  it("sends a fresh Idempotency-Key with each idempotent call, and none with the others", async () => {
    const calls = stubApi({ "POST /balances/add": () => json({}) });
    await apiFetch("/balances/add", { method: "POST", body: {}, idempotent: true });
    await apiFetch("/balances/add", { method: "POST", body: {}, idempotent: true });
    await apiFetch("/balances/add", { method: "POST", body: {} });
    const keys = calls.map((c) => c.headers.get("Idempotency-Key"));
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeNull();
  });

  it("retries an idempotent call whose answer was lost with the same key, and answers the retry's answer", async () => {
    vi.useFakeTimers();
    let tries = 0;
    const calls = stubApi({
      "POST /bets": () => {
        if (tries++ === 0) throw new TypeError("Failed to fetch");
        return json({ betId: 7 }, 201);
      },
    });
    const placed = apiFetch("/bets", { method: "POST", body: { amount: 5 }, idempotent: true });
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(await placed).toEqual({ betId: 7 });
    expect(calls).toHaveLength(2);
    expect(calls[1].headers.get("Idempotency-Key")).toBe(calls[0].headers.get("Idempotency-Key"));
    expect(calls[1].body).toEqual(calls[0].body);
  });

  it("waits out 409 IDEMPOTENCY_KEY_IN_USE for Retry-After seconds, then asks again with the same key", async () => {
    vi.useFakeTimers();
    let tries = 0;
    const calls = stubApi({
      "POST /balances/subtract": () => {
        if (tries++ > 0) return json({ userId: 1 });
        const res = errorBody(
          409,
          "IDEMPOTENCY_KEY_IN_USE",
          "A request with this Idempotency-Key is still being processed.",
        );
        res.headers.set("Retry-After", "1");
        return res;
      },
    });
    const moved = apiFetch("/balances/subtract", { method: "POST", body: {}, idempotent: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await moved).toEqual({ userId: 1 });
    expect(new Set(calls.map((c) => c.headers.get("Idempotency-Key"))).size).toBe(1);
  });

  it("gives up after the last retry with the network error, and never retries a plain call", async () => {
    vi.useFakeTimers();
    const calls = stubApi({
      "POST /bets": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const plain = apiFetch("/bets", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(await plain).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(1);
    const retried = apiFetch("/bets", { method: "POST", body: {}, idempotent: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(await retried).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(2 + RETRY_DELAYS_MS.length);
  });
});

describe("polls", () => {
  const tagged = (body: unknown, etag: string) =>
    new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json", ETag: etag } });
  const notModified = (etag: string) => new Response(null, { status: 304, headers: { ETag: etag } });

  it("ask with the last answer's ETag and reuse that answer on a 304", async () => {
    const answers = [
      tagged({ balance: 5 }, '"v1"'),
      notModified('"v1"'),
      tagged({ balance: 7 }, '"v2"'),
      notModified('"v2"'),
    ];
    const calls = stubApi({ "GET /balances/1": () => answers.shift()! });
    expect(await apiFetch("/balances/1", { token: "tok" })).toEqual({ balance: 5 });
    expect(await apiFetch("/balances/1", { token: "tok" })).toEqual({ balance: 5 });
    expect(await apiFetch("/balances/1", { token: "tok" })).toEqual({ balance: 7 });
    expect(await apiFetch("/balances/1", { token: "tok" })).toEqual({ balance: 7 });
    expect(calls.map((c) => c.headers.get("If-None-Match"))).toEqual([null, '"v1"', '"v1"', '"v2"']);
  });

  it("never send another user's ETag, nor one with a write", async () => {
    const calls = stubApi({
      "GET /bookmakers": () => tagged([], '"v1"'),
      "POST /bookmakers/rename": () => json({ bookmakerId: 1 }),
    });
    await apiFetch("/bookmakers", { token: "alice" });
    await apiFetch("/bookmakers", { token: "bob" });
    await apiFetch("/bookmakers/rename", { method: "POST", body: {}, token: "alice" });
    expect(calls.map((c) => c.headers.get("If-None-Match"))).toEqual([null, null, null]);
  });

  it("accept versions a second old, except in the second after the app's own change", async () => {
    vi.useFakeTimers({ now: Date.now() + 3_600_000 }); // well after any change of the tests before
    const calls = stubApi({
      "GET /player/events/1": () => tagged([], '"v1"'),
      "POST /bets": () => json({ betId: 1 }, 201),
    });
    const list = () => apiFetch("/player/events/1", { token: "tok" });
    await list(); // nothing kept yet: a plain read
    await list();
    await apiFetch("/bets", { method: "POST", body: {}, token: "tok" });
    await list();
    vi.advanceTimersByTime(999);
    await list();
    vi.advanceTimersByTime(1);
    await list();
    const polls = calls.filter((c) => c.method === "GET").map((c) => c.headers.get("Cache-Control"));
    expect(polls).toEqual([null, "max-age=1", null, null, "max-age=1"]);
  });

  it("ask afresh after an answer without an ETag", async () => {
    const answers = [tagged({ n: 1 }, '"v1"'), json({ n: 2 }), json({ n: 3 })];
    const calls = stubApi({ "GET /events": () => answers.shift()! });
    await apiFetch("/events", { token: "tok" });
    await apiFetch("/events", { token: "tok" });
    expect(await apiFetch("/events", { token: "tok" })).toEqual({ n: 3 });
    expect(calls.map((c) => c.headers.get("If-None-Match"))).toEqual([null, '"v1"', null]);
  });
});
