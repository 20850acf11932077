import { env } from "cloudflare:workers";
import { sign } from "hono/jwt";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../contract";
import { call, signIn } from "../test/api";

const me = (authorization?: string) =>
  call("GET", "/bookmakers/authorizeMe", { headers: authorization ? { Authorization: authorization } : {} });

const b64url = (s: string) => btoa(s).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const now = () => Math.floor(Date.now() / 1000);

describe("session tokens", () => {
  it("lets a signed-in user through with the JWT scheme, and with Bearer", async () => {
    const user = await signIn("sess");
    for (const scheme of ["JWT", "Bearer"]) {
      const res = await me(`${scheme} ${user.token}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        userId: user.userId,
        username: user.username,
        bookmakerDto: null,
        staffOf: null,
      });
    }
  });

  it("answers 401 without a token, or with a header of another scheme", async () => {
    const user = await signIn("sess");
    for (const header of [undefined, `Basic ${user.token}`, "JWT", "JWT  "]) {
      const res = await me(header);
      expect(res.status).toBe(401);
      expect((await res.json<ErrorBody>()).error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("refuses a token signed with another secret", async () => {
    const forged = await sign({ sub: "1", username: "x", exp: now() + 3600 }, "not-our-secret", "HS256");
    expect((await me(`JWT ${forged}`)).status).toBe(401);
  });

  it("refuses a token whose payload was edited after signing", async () => {
    const user = await signIn("sess");
    const [header, , sig] = user.token.split(".");
    const payload = b64url(JSON.stringify({ sub: "1", username: "admin", exp: now() + 3600 }));
    expect((await me(`JWT ${header}.${payload}.${sig}`)).status).toBe(401);
  });

  it("refuses an expired token", async () => {
    const expired = await sign(
      { sub: "5", username: "late", iat: now() - 7200, exp: now() - 10 },
      env.JWT_SECRET,
      "HS256",
    );
    expect((await me(`JWT ${expired}`)).status).toBe(401);
  });

  it("refuses a token without an expiry", async () => {
    const endless = await sign({ sub: "5", username: "forever" }, env.JWT_SECRET, "HS256");
    expect((await me(`JWT ${endless}`)).status).toBe(401);
  });

  it('refuses an unsigned token with "alg: none"', async () => {
    const header = b64url(JSON.stringify({ alg: "none", typ: "JWT" }));
    const payload = b64url(JSON.stringify({ sub: "5", username: "none", exp: now() + 3600 }));
    expect((await me(`JWT ${header}.${payload}.`)).status).toBe(401);
  });

  it("refuses a token signed with HS512 under our own secret (algorithm pinned)", async () => {
    const other = await sign({ sub: "5", username: "hs512", exp: now() + 3600 }, env.JWT_SECRET, "HS512");
    expect((await me(`JWT ${other}`)).status).toBe(401);
  });

  it("refuses a token known to this isolate once it expires, and a tampered copy of a known one", async () => {
    const user = await signIn("sess");
    const exp = now() + 1;
    const soon = await sign(
      { sub: String(user.userId), username: user.username, iat: now(), exp },
      env.JWT_SECRET,
      "HS256",
    );
    expect((await me(`JWT ${soon}`)).status).toBe(200);
    const [header, , sig] = soon.split(".");
    const payload = b64url(JSON.stringify({ sub: String(user.userId), username: "admin", exp: now() + 3600 }));
    expect((await me(`JWT ${header}.${payload}.${sig}`)).status).toBe(401);
    while (now() < exp) await new Promise((r) => setTimeout(r, 100));
    expect((await me(`JWT ${soon}`)).status).toBe(401);
  });
});
