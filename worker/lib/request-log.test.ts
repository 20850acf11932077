import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { call, signIn } from "../test/api";
import { newBook, newPunter } from "../test/world";
import { REQUEST_ID_HEADER } from "./request-log";

let logs: MockInstance;
let errors: MockInstance;
beforeEach(() => {
  logs = vi.spyOn(console, "log").mockImplementation(() => {});
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** The line per request as deployed (the tests' config leaves it out: vitest.config.ts). */
const LOGGED = { LOG_REQUESTS: "true" };

const lines = (spy: MockInstance) =>
  spy.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
const lineOf = (spy: MockInstance, requestId: string | null) => lines(spy).filter((l) => l.requestId === requestId);

describe("request log", () => {
  it("writes one JSON line per request with its id, route pattern, status, milliseconds and user, and answers the id", async () => {
    const book = await newBook();
    const punter = await newPunter(book);
    logs.mockClear();
    const res = await call("GET", `/balances/${book.bookmakerId}`, { token: punter.token, env: LOGGED });
    const requestId = res.headers.get(REQUEST_ID_HEADER);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = lineOf(logs, requestId);
    expect(line).toEqual({
      requestId,
      method: "GET",
      route: "/balances/:bookmakerId",
      status: 200,
      ms: expect.any(Number),
      userId: punter.userId,
    });
    expect(lines(logs)).toHaveLength(1);
  });

  it("gives every request its own id, also refusals and unknown routes, with no user before sign-in", async () => {
    const answers = [
      await call("GET", "/health", { env: LOGGED }),
      await call("GET", "/balances", { env: LOGGED }),
      await call("GET", "/no/such/route", { env: LOGGED }),
    ];
    const ids = answers.map((r) => r.headers.get(REQUEST_ID_HEADER));
    expect(new Set(ids).size).toBe(3);
    expect(lines(logs).map((l) => [l.requestId, l.status, l.userId])).toEqual([
      [ids[0], 200, null],
      [ids[1], 401, null],
      [ids[2], 404, null],
    ]);
  });

  it("never writes a token or init data", async () => {
    const user = await signIn("logged");
    await call("GET", "/bookmakers", { token: user.token, env: LOGGED });
    const text = JSON.stringify(logs.mock.calls);
    expect(text).not.toContain(user.token);
    expect(text).not.toMatch(/hash=|initData|auth_date/);
  });

  it("logs an unexpected error with its stack under the request id, and answers a plain 500", async () => {
    const user = await signIn("broken");
    const broken = {
      prepare: () => {
        throw new Error("database on fire");
      },
    } as unknown as D1Database;
    const res = await call("GET", "/bookmakers", { token: user.token, env: { DB: broken, ...LOGGED } });
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain("on fire");
    const requestId = res.headers.get(REQUEST_ID_HEADER);
    const [error] = lineOf(errors, requestId);
    expect(error).toMatchObject({ error: "database on fire", stack: expect.stringContaining("database on fire") });
    expect(lineOf(logs, requestId)).toEqual([
      expect.objectContaining({ status: 500, route: "/bookmakers", userId: user.userId }),
    ]);
  });
});
