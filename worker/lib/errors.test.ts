import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../contract";
import { call, signIn } from "../test/api";

describe("routing and errors", () => {
  it("answers GET /health without a token", async () => {
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("answers 404 NOT_FOUND for an unknown route, signed in or not", async () => {
    const user = await signIn("routes");
    for (const token of [undefined, user.token]) {
      const res = await call("GET", "/no/such/route", { token });
      expect(res.status).toBe(404);
      expect((await res.json<ErrorBody>()).error.code).toBe("NOT_FOUND");
    }
  });

  it("answers CORS preflight for the web origin only", async () => {
    const ok = await call("OPTIONS", "/auth/telegram", {
      headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": "POST" },
      env: { DEV_MODE: "false" },
    });
    expect(ok.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    const other = await call("OPTIONS", "/auth/telegram", {
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
      env: { DEV_MODE: "false" },
    });
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  // Set on the answer once built (worker/lib/cross-origin.ts): a success, a refusal and a write
  // alike, or the mini-app could not read the error it should show; never for another origin.
  it("gives every answer to the web origin its CORS headers, and none to another origin", async () => {
    const user = await signIn("cors-answers");
    const asked = [
      ["GET", "/health", undefined],
      ["GET", "/balances", undefined],
      ["PUT", "/me/notifications", user.token],
      ["POST", "/bets", user.token],
    ] as const;
    for (const [method, path, token] of asked) {
      const web = await call(method, path, { token, headers: { Origin: "http://localhost:5173" } });
      expect(web.headers.get("Access-Control-Allow-Origin"), path).toBe("http://localhost:5173");
      expect(web.headers.get("Access-Control-Expose-Headers"), path).toBe("ETag,Retry-After,X-Request-Id");
      expect(web.headers.get("Vary"), path).toContain("Origin");
      const other = await call(method, path, { token, headers: { Origin: "https://evil.example" } });
      expect(other.status, path).toBe(web.status);
      expect(other.headers.get("Access-Control-Allow-Origin"), path).toBeNull();
    }
  });

  // The mini-app is on another origin: a 304 without these headers is refused by the browser,
  // its fetch fails, and SWR stops polling for seconds (its error back-off).
  it("keeps the CORS headers on a 304, whether the list is versioned or hashed", async () => {
    const user = await signIn("cors-304");
    const web = { Origin: "http://localhost:5173" };
    for (const path of ["/subscriptions/mine", "/bookmakers", `/dev/outbox?userId=${user.userId}`]) {
      const first = await call("GET", path, { token: user.token, headers: web });
      expect(first.status, path).toBe(200);
      const again = await call("GET", path, {
        token: user.token,
        headers: { ...web, "If-None-Match": first.headers.get("ETag")! },
      });
      expect(again.status, path).toBe(304);
      expect(again.headers.get("Access-Control-Allow-Origin"), path).toBe("http://localhost:5173");
      expect(again.headers.get("Access-Control-Expose-Headers"), path).toContain("ETag");
    }
  });
});
