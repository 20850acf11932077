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
});
