import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../contract";
import { call, freshUserId, json } from "../test/api";
import { signInitData } from "./init-data";

const now = () => Math.floor(Date.now() / 1000);

async function initDataFor(fields: { username?: string; authDate?: number; botToken?: string; id?: number }) {
  const id = fields.id ?? freshUserId();
  const user =
    fields.username === undefined
      ? { id, first_name: "No Name" }
      : { id, username: fields.username, first_name: "Ann" };
  return signInitData({ user, authDate: fields.authDate ?? now() }, fields.botToken ?? env.BOT_TOKEN);
}

const auth = (initData: unknown) => call("POST", "/auth/telegram", { body: { initData } });

describe("POST /auth/telegram", () => {
  it("accepts valid init data and answers a token, the user id and the username", async () => {
    const id = freshUserId();
    const res = await auth(await initDataFor({ id, username: "alice_valid" }));
    expect(res.status).toBe(200);
    const body = await res.json<{ token: string; userId: number; username: string }>();
    expect(body.userId).toBe(id);
    expect(body.username).toBe("alice_valid");
    expect(body.token.split(".")).toHaveLength(3);
    const row = await env.DB.prepare("SELECT username FROM users WHERE id = ?1").bind(id).first();
    expect(row).toEqual({ username: "alice_valid" });
  });

  it("keeps the username current when the same user signs in again under a new one", async () => {
    const id = freshUserId();
    await json("POST", "/auth/telegram", { body: { initData: await initDataFor({ id, username: "old_name" }) } });
    await json("POST", "/auth/telegram", { body: { initData: await initDataFor({ id, username: "new_name" }) } });
    const rows = await env.DB.prepare("SELECT username FROM users WHERE id = ?1").bind(id).all();
    expect(rows.results).toEqual([{ username: "new_name" }]);
  });

  it("refuses init data whose fields were changed after signing", async () => {
    const initData = await initDataFor({ username: "mallory" });
    const tampered = initData.replace("mallory", "admin000");
    const res = await auth(tampered);
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).error.code).toBe("UNAUTHENTICATED");
  });

  it("refuses init data with a hash that was edited", async () => {
    const initData = await initDataFor({ username: "mallory" });
    const params = new URLSearchParams(initData);
    const hash = params.get("hash")!;
    params.set("hash", (hash[0] === "a" ? "b" : "a") + hash.slice(1));
    expect((await auth(params.toString())).status).toBe(401);
  });

  it("refuses init data signed with another bot's token", async () => {
    const res = await auth(await initDataFor({ username: "other_bot", botToken: "999:another-bot" }));
    expect(res.status).toBe(401);
  });

  it("refuses init data older than 24 hours", async () => {
    const res = await auth(await initDataFor({ username: "stale_user", authDate: now() - 24 * 3600 - 60 }));
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).error.message).toMatch(/too old/);
  });

  it("accepts init data a little under 24 hours old", async () => {
    const res = await auth(await initDataFor({ username: "fresh_user", authDate: now() - 23 * 3600 }));
    expect(res.status).toBe(200);
  });

  it("refuses init data without a hash", async () => {
    const params = new URLSearchParams(await initDataFor({ username: "no_hash" }));
    params.delete("hash");
    expect((await auth(params.toString())).status).toBe(401);
  });

  it("refuses a user without a Telegram username with 403 USERNAME_REQUIRED", async () => {
    const res = await auth(await initDataFor({}));
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).error.code).toBe("USERNAME_REQUIRED");
  });

  it("answers 400 naming initData when it is missing or not a string", async () => {
    for (const body of [{}, { initData: 42 }, { initData: "" }]) {
      const res = await call("POST", "/auth/telegram", { body });
      expect(res.status).toBe(400);
      const { error } = await res.json<ErrorBody>();
      expect(error.code).toBe("VALIDATION");
      expect(error.field).toBe("initData");
    }
  });

  it("answers 400, not 500, to a body that is not JSON", async () => {
    const res = await call("POST", "/auth/telegram", { rawBody: "{ not json" });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.code).toBe("VALIDATION");
  });
});
