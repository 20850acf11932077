import { Hono } from "hono";
import type { PublicConfig } from "../contract";
import type { AppEnv, Env } from "../env";
import * as docs from "./docs";
import { callBotApi } from "../telegram/bot-api";

// getMe's answer, per bot token, for the isolate's life: a bot's username does not change under
// one token. A failure is not remembered, so the next request asks again.
const known = new Map<string, string>();

async function botUsername(env: Env): Promise<string | null> {
  const configured = env.BOT_USERNAME?.trim().replace(/^@/, "");
  if (configured) return configured;
  const token = env.BOT_TOKEN;
  if (!token) return null;
  if (known.has(token)) return known.get(token)!;
  try {
    const me = await callBotApi<{ username?: string }>(env, "getMe", {});
    if (!me.username) return null;
    known.set(token, me.username);
    return me.username;
  } catch (err) {
    console.warn("GET /config: getMe failed", err);
    return null;
  }
}

export const configRoutes = new Hono<AppEnv>().get("/", docs.config, async (c) => {
  const body: PublicConfig = { botUsername: await botUsername(c.env) };
  return c.json(body);
});
