import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../contract";
import { call, json } from "../test/api";
import { checkInitData } from "../identity/init-data";

describe("dev mode", () => {
  it("signs init data for a made-up user with a stable id per name", async () => {
    const a = await json<{ initData: string }>("GET", "/dev/init-data?username=alice");
    const b = await json<{ initData: string }>("GET", "/dev/init-data?username=alice");
    const check = await checkInitData(a.initData, env.BOT_TOKEN, Math.floor(Date.now() / 1000));
    expect(check.ok && check.user.username).toBe("alice");
    const again = await checkInitData(b.initData, env.BOT_TOKEN, Math.floor(Date.now() / 1000));
    expect(check.ok && again.ok && check.user.id === again.user.id).toBe(true);
  });

  it("signs in through /auth/telegram with dev init data", async () => {
    const { initData } = await json<{ initData: string }>("GET", "/dev/init-data?username=bob_dev&id=77");
    const session = await json("POST", "/auth/telegram", { body: { initData } });
    expect(session).toMatchObject({ userId: 77, username: "bob_dev" });
  });

  it("gives him the Telegram language asked for, which sign-in maps to one of ours", async () => {
    const { initData } = await json<{ initData: string }>("GET", "/dev/init-data?username=rus_dev&language=pt-br");
    expect(await json("POST", "/auth/telegram", { body: { initData } })).toMatchObject({ language: "pt-BR" });
    const res = await call("GET", "/dev/init-data?username=rus_dev&language=" + encodeURIComponent("p t"));
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.field).toBe("language");
  });

  it("leaves the username out when none is asked for, so sign-in is refused", async () => {
    const { initData } = await json<{ initData: string }>("GET", "/dev/init-data?id=78");
    expect((await call("POST", "/auth/telegram", { body: { initData } })).status).toBe(403);
  });

  it("answers 400 naming the field for a bad username", async () => {
    const res = await call("GET", "/dev/init-data?username=" + encodeURIComponent("al ice!"));
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.field).toBe("username");
  });

  it("has no dev routes when dev mode is off", async () => {
    for (const value of ["false", undefined]) {
      const res = await call("GET", "/dev/init-data?username=alice", { env: { DEV_MODE: value } });
      expect(res.status).toBe(404);
    }
  });
});
